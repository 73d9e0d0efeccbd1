import { describe, expect, it } from "vitest";
import { DEFERRED_MODULES_ID, MODULE_STARTER, ModuleDeferral } from "./deferred-modules.server";

// React Router's <Scripts> as React 19 serialises it (links hoisted into <head>, scripts in <body>).
const NONCE = "n0nce";
const MODULE_TEXT = [
  'import * as route0 from "/assets/root-A.js";',
  'import * as route1 from "/assets/home-B.js";',
  'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  'import("/assets/entry.client-C.js");',
].join("\n");
const head = (nonce: string) =>
  `<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/app.css"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-C.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/framework-D.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/root-A.js"${nonce}/></head>`;
const body = (nonce: string) =>
  `<body><main>Hello</main><script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">${MODULE_TEXT}</script></body></html>`;

/** Passes are bytes, as React writes them. */
const rewrite = (deferral: ModuleDeferral, html: string) => deferral.rewrite(Buffer.from(html)).toString("utf8");

describe("ModuleDeferral", () => {
  it("takes the preloads out of the head and holds the module script until the starter runs it", () => {
    const nonce = ` nonce="${NONCE}"`;
    const out = rewrite(new ModuleDeferral(), head(nonce) + body(nonce));

    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('type="module" async');
    // The same module text, byte for byte (a cached page's policy allows it by this text's hash).
    expect(out).toContain(
      `<script type="text/x-lomda-module" id="${DEFERRED_MODULES_ID}" nonce="${NONCE}"` +
        ` data-preload="/assets/entry.client-C.js /assets/framework-D.js /assets/root-A.js">${MODULE_TEXT}</script>` +
        `<script nonce="${NONCE}">${MODULE_STARTER}</script></body>`,
    );
    // Everything else as React wrote it.
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/></head>');
    expect(out).toContain(`<main>Hello</main><script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
  });

  it("works across passes: preloads in the head's pass, the script in a later one, nothing after", () => {
    const nonce = ` nonce="${NONCE}"`;
    const deferral = new ModuleDeferral();
    const first = rewrite(deferral, head(nonce));
    expect(first).not.toContain('<link rel="modulepreload"');
    expect(deferral.done).toBe(false);

    const second = rewrite(deferral, body(nonce));
    expect(second).toContain('data-preload="/assets/entry.client-C.js /assets/framework-D.js /assets/root-A.js"');
    expect(deferral.done).toBe(true);

    // A later pass (a resolved Suspense boundary) goes through untouched, even if it looks alike.
    const late = `<link rel="modulepreload" href="/x.js"/><script type="module" async="">later</script>`;
    expect(rewrite(deferral, late)).toBe(late);
  });

  it("without a nonce (a render without one) the elements carry none", () => {
    const out = rewrite(new ModuleDeferral(), head("") + body(""));
    expect(out).toContain(`<script type="text/x-lomda-module" id="${DEFERRED_MODULES_ID}" data-preload=`);
    expect(out).toContain(`<script>${MODULE_STARTER}</script>`);
    expect(out).not.toContain(" nonce=");
  });

  it("cuts the bytes around text in any script (Hebrew before and after)", () => {
    const nonce = ` nonce="${NONCE}"`;
    const out = rewrite(
      new ModuleDeferral(),
      head(nonce).replace("</head>", "<title>לומדה</title></head>") + body(nonce).replace("Hello", "שלום, עולם"),
    );
    expect(out).toContain("<title>לומדה</title></head><body><main>שלום, עולם</main>");
    expect(out).toContain(
      `data-preload="/assets/entry.client-C.js /assets/framework-D.js /assets/root-A.js">${MODULE_TEXT}</script>`,
    );
  });

  it("leaves a page without React Router's scripts as it was", () => {
    const page = "<!DOCTYPE html><html><head><title>x</title></head><body><p>plain</p></body></html>";
    const deferral = new ModuleDeferral();
    expect(rewrite(deferral, page)).toBe(page);
    expect(deferral.done).toBe(false);
  });

  it("the starter is one expression that names the inert script and copies the nonce", () => {
    // Its hash is the same on every page: a plain script, no template values but the element id.
    expect(() => new Function(MODULE_STARTER)).not.toThrow();
    expect(MODULE_STARTER).toContain(`getElementById("${DEFERRED_MODULES_ID}")`);
    expect(MODULE_STARTER).toContain("s.nonce=d.nonce");
    expect(MODULE_STARTER).toContain("first-contentful-paint");
  });
});
