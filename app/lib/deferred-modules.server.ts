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
 * own. A browser that does not report paints gets one animation frame (run just before the first
 * frame is drawn, never while the stylesheet still blocks rendering) and the task after it. A page
 * that is not being shown (a background tab draws nothing) starts at once. And should no paint ever
 * be reported, three seconds after the page has loaded.
 */
export const MODULE_STARTER = [
  "(()=>{",
  `const d=document.getElementById("${DEFERRED_MODULES_ID}");`,
  "let started=false;",
  "const start=()=>{",
  "if(started)return;started=true;",
  'for(const href of (d.dataset.preload||"").split(" ").filter(Boolean)){',
  'const l=document.createElement("link");l.rel="modulepreload";l.href=href;if(d.nonce)l.nonce=d.nonce;document.head.append(l)}',
  'const s=document.createElement("script");s.type="module";if(d.nonce)s.nonce=d.nonce;s.textContent=d.textContent;document.body.append(s)};',
  "const soon=()=>setTimeout(start);",
  'if(document.visibilityState!=="visible")start();',
  'else if(window.PerformanceObserver?.supportedEntryTypes?.includes("paint"))',
  'new PerformanceObserver((list,o)=>{if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();soon()}}).observe({type:"paint",buffered:true});',
  "else requestAnimationFrame(soon);",
  'addEventListener("load",()=>setTimeout(start,3000))',
  "})()",
].join("");

// React's own serialisation of React Router's elements (attributes in the order <Scripts> passes them).
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]*)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/;

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

  rewrite(html: string): string {
    if (this.done) return html;
    const withoutPreloads = html.replace(MODULE_PRELOAD, (_link, href: string) => {
      this.preloads.push(href);
      return "";
    });
    const script = MODULE_SCRIPT.exec(withoutPreloads);
    if (!script) return withoutPreloads;
    this.done = true;
    const [element, nonceAttribute = "", moduleText = ""] = script;
    const deferred =
      `<script type="text/x-lomda-module" id="${DEFERRED_MODULES_ID}"${nonceAttribute}` +
      ` data-preload="${[...new Set(this.preloads)].join(" ")}">${moduleText}</script>` +
      `<script${nonceAttribute}>${MODULE_STARTER}</script>`;
    return withoutPreloads.slice(0, script.index) + deferred + withoutPreloads.slice(script.index + element.length);
  }
}
