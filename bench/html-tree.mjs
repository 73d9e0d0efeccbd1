// A server-rendered page's <body> as a JSON tree of elements, for the bare React Router peer to draw
// with React.createElement (bench/peers/rr-bare/app/routes/same-markup.tsx): the same elements,
// attributes and text, without any of Lomda's code. React's own output is regular (quoted
// attributes, closed elements), so a small tokenizer reads it.

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const BOOLEAN = new Set([
  "hidden",
  "disabled",
  "required",
  "checked",
  "selected",
  "multiple",
  "open",
  "readonly",
  "novalidate",
  "autofocus",
  "async",
  "defer",
  "inert",
]);
// HTML attribute names back to React's props (what React turned them into).
const PROP = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  readonly: "readOnly",
  novalidate: "noValidate",
  autofocus: "autoFocus",
};
const ENTITY = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

const decode = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, code) =>
    code[0] === "#"
      ? String.fromCodePoint(code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : Number(code.slice(1)))
      : (ENTITY[code] ?? all),
  );

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

function styleObject(css) {
  const style = {};
  for (const declaration of css.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    style[name.startsWith("--") ? name : camel(name)] = declaration.slice(colon + 1).trim();
  }
  return style;
}

function propsOf(attributes) {
  const props = {};
  for (const [, name, value] of attributes.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
    const text = value === undefined ? "" : decode(value);
    if (name === "style") props.style = styleObject(text);
    else if (BOOLEAN.has(name)) props[PROP[name] ?? name] = true;
    else if (name.startsWith("aria-") || name.startsWith("data-")) props[name] = text;
    else props[PROP[name] ?? (name.includes("-") ? camel(name) : name)] = text;
  }
  return props;
}

/** What is inside <body>, without its scripts (each app has its own) and React's text separators. */
export function bodyMarkup(html) {
  return html
    .slice(html.indexOf(">", html.indexOf("<body")) + 1, html.lastIndexOf("</body>"))
    .replace(/<script\b[\s\S]*?<\/script>|<!--[\s\S]*?-->/g, "");
}

/** The children of <body> in `html` (its markup as bodyMarkup gives it). */
export function bodyTree(html) {
  const body = bodyMarkup(html);
  const root = { children: [] };
  const open = [root];
  for (const [token] of body.matchAll(/<\/?[a-zA-Z][^>]*>|[^<]+/g)) {
    if (token.startsWith("</")) {
      open.pop();
    } else if (token.startsWith("<")) {
      const [, tag, attributes, selfClosing] = token.match(/^<([a-zA-Z0-9-]+)([\s\S]*?)(\/?)>$/);
      const element = { tag, props: propsOf(attributes), children: [] };
      open.at(-1).children.push(element);
      if (!VOID.has(tag) && !selfClosing) open.push(element);
    } else {
      open.at(-1).children.push(decode(token));
    }
  }
  if (open.length !== 1) throw new Error(`the page's markup did not close (${open.length - 1} elements open)`);
  return root.children;
}
