// The public pages the benchmarks measure and the first-screen test checks, and how to find the
// JavaScript a page loads before hydration. One list, so the figures and the test speak of the same pages.

/** Every public page: catalogues and video lists under both spellings of their paths, a course, the quizzes. */
export const PUBLIC_ROUTES = [
  "/",
  "/about",
  "/courses",
  "/courses/mern",
  "/courses/mern/react",
  "/courses/dsa",
  "/cources/programming",
  "/cources/programming/java",
  // The demo's self-hosted lessons (decision 0044): a visitor gets three players.
  "/cources/programming/javascript",
  "/course/mern-react",
  // A lesson's own page (issue 32): the demo's self-hosted one.
  "/lesson/javascript/js-01-intro",
  "/test",
  "/test/java",
  "/library",
  "/feedback",
  "/contact",
  "/register",
  "/team",
  "/testimonial",
  "/Payments",
];

/**
 * What the browser loads before hydration: the module preloads and the module script's imports,
 * which the page starts after its first paint (app/lib/deferred-modules.server.ts: the list in the
 * inert module script's data-preload, the imports in its text). The inline route manifest also
 * names other routes' modules; those load only when navigated to.
 */
export function initialScripts(html) {
  const preloads = html.match(/<script type="text\/x-lomda-module"[^>]* data-preload="([^"]*)"/)?.[1] ?? "";
  return [
    ...new Set([
      ...preloads.split(" ").filter((src) => /^\/assets\/[^"]+\.js$/.test(src)),
      ...[...html.matchAll(/import(?:\s*\*\s*as\s+\w+\s+from)?\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
    ]),
  ];
}
