/**
 * The page's JavaScript starts loading after the first paint (decision 0026).
 *
 * Every page is drawn by the server; its modules only hydrate what is already there. React Router's
 * <Scripts> asks for them at once, at the browser's high priority: `<link rel="modulepreload">` for
 * each (React hoists them into <head>, where the preload scanner finds them before anything else)
 * and an inline `<script type="module">` that imports the route modules and the client entry. On a
 * slow connection those ~115 kB then share the line with the stylesheet, the font and the first
 * picture, and the first paint waits for the lot.
 *
 * So the shell's HTML is rewritten once, on the server: the preload links are taken out, React
 * Router's module script becomes an inert `<script type="text/x-lomda-module">` holding the same
 * text and the list of preloads, and a small inline starter (the same bytes on every page) puts both
 * back right after the first contentful paint — or at once when the page is not being shown. Nothing
 * else changes: the same modules, in parallel, the same module text (so a cached page's policy allows
 * it by the same hash, and a personal page's by the same nonce), the same hydration.
 */

/** The inert module script's id: the starter finds it by this. */
export const DEFERRED_MODULES_ID = "lomda-modules";

/**
 * The starter, written once: `d` holds React Router's module text and the preload list. It copies
 * the page's nonce onto what it adds (a personal page's policy allows scripts by nonce and
 * 'strict-dynamic'; a cached page has none, and allows the module text by hash and files from 'self').
 *
 * When: as soon as the browser reports the first contentful paint (Paint Timing), in a task of its
 * own (the preloads; the module script in the task after it). A browser that does not report paints
 * gets one animation frame (run just before the first frame is drawn, never while the stylesheet
 * still blocks rendering) and the task after it. A page that is not being shown (a background tab
 * draws nothing) starts at once, preloads and module script together. And should no paint ever be
 * reported, three seconds after the page has loaded.
 */
export const MODULE_STARTER = [
  "(()=>{",
  `const d=document.getElementById("${DEFERRED_MODULES_ID}");`,
  "let started=false;",
  "const start=(now)=>{",
  "if(started)return;started=true;",
  'for(const href of (d.dataset.preload||"").split(" ").filter(Boolean)){',
  'const l=document.createElement("link");l.rel="modulepreload";l.href=href;if(d.nonce)l.nonce=d.nonce;document.head.append(l)}',
  // The module script in the next task: each preload's request costs 0.5–2.5 ms of the main thread
  // (on a cold load here), and with the script's compile the one task came to 13–18 ms, over
  // Lighthouse's 12.5 ms line for a long task at 4x (issue 35).
  "const run=()=>{",
  'const s=document.createElement("script");s.type="module";if(d.nonce)s.nonce=d.nonce;s.textContent=d.textContent;document.body.append(s)};',
  "now?run():setTimeout(run)};",
  "const soon=()=>setTimeout(start);",
  'if(document.visibilityState!=="visible")start(true);',
  'else if(window.PerformanceObserver?.supportedEntryTypes?.includes("paint"))',
  'new PerformanceObserver((list,o)=>{if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();soon()}}).observe({type:"paint",buffered:true});',
  "else requestAnimationFrame(soon);",
  'addEventListener("load",()=>setTimeout(start,3000))',
  "})()",
].join("");

// React's own serialisation of React Router's elements (attributes in the order <Scripts> passes them).
// Found with Buffer.indexOf in the bytes: a pass is ~50 kB, and decoding it to look would cost more
// than the look (a render is a few milliseconds; this runs on every one).
const HEAD_END = "</head>";
const PRELOAD_START = '<link rel="modulepreload" href="';
const TAG_END = "/>";
const MODULE_SCRIPT_MARK = ' type="module" async="">';
const SCRIPT_START = "<script";
const SCRIPT_END = "</script>";
const NONCE = / nonce="[^"]*"/;

/**
 * Rewrites a page's HTML as it streams out, pass by pass: preload links are collected from the head
 * (and removed); the module script, which comes after them at the end of <body>, is replaced once.
 * A pass without either goes through untouched. If no module script ever comes (a page without
 * <Scripts>), the removed preloads cost nothing: nothing would have run them.
 */
export class ModuleDeferral {
  private preloads: string[] = [];
  /** The module script has been rewritten: later passes need no look. */
  done = false;

  rewrite(pass: Buffer): Buffer {
    if (this.done) return pass;
    // The pass as pieces (no copy until the end): the head without its preloads, then the rest.
    const pieces = this.withoutPreloads(pass);
    const rest = pieces.pop()!;
    // The module script closes the shell: looked for from the end.
    const mark = rest.lastIndexOf(MODULE_SCRIPT_MARK);
    const open = mark < 0 ? -1 : rest.lastIndexOf(SCRIPT_START, mark);
    const textStart = mark + MODULE_SCRIPT_MARK.length;
    const close = open < 0 ? -1 : rest.indexOf(SCRIPT_END, textStart);
    if (close < 0) return pieces.length ? Buffer.concat([...pieces, rest]) : pass;
    this.done = true;
    const nonceAttribute = NONCE.exec(rest.toString("utf8", open, mark))?.[0] ?? "";
    return Buffer.concat([
      ...pieces,
      rest.subarray(0, open),
      Buffer.from(
        `<script type="text/x-lomda-module" id="${DEFERRED_MODULES_ID}"${nonceAttribute}` +
          ` data-preload="${[...new Set(this.preloads)].join(" ")}">`,
      ),
      rest.subarray(textStart, close),
      Buffer.from(`${SCRIPT_END}<script${nonceAttribute}>${MODULE_STARTER}${SCRIPT_END}`),
      rest.subarray(close + SCRIPT_END.length),
    ]);
  }

  /**
   * The pass cut around its module preload links (React puts them in <head>), their hrefs kept:
   * the pieces between them, the last piece being the rest of the pass.
   */
  private withoutPreloads(pass: Buffer): Buffer[] {
    const headEnd = pass.indexOf(HEAD_END);
    if (headEnd < 0) return [pass];
    const head = pass.subarray(0, headEnd); // a view: the searches stop at </head>
    const pieces: Buffer[] = [];
    let from = 0;
    for (let at = head.indexOf(PRELOAD_START); at >= 0; at = head.indexOf(PRELOAD_START, from)) {
      const hrefStart = at + PRELOAD_START.length;
      const end = head.indexOf(TAG_END, hrefStart);
      if (end < 0) break;
      this.preloads.push(head.toString("utf8", hrefStart, head.indexOf('"', hrefStart)));
      pieces.push(pass.subarray(from, at));
      from = end + TAG_END.length;
    }
    pieces.push(pass.subarray(from));
    return pieces;
  }
}
