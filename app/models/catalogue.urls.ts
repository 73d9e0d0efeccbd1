/**
 * The catalogue's URLs. The tables below are the URLs of docs/product.md#routes as the seed stores them in
 * catalogue_paths (catalogue-seed.server.ts); pages find their catalogue or list through that table,
 * so a list added later answers at its own URL without a rebuild. The helpers build the URLs of
 * pages that have one shape for every item (a course, a quiz, the order page). Pure data and
 * functions, no imports: components use the helpers in the browser too.
 */

export type ListKey =
  "dsa" | "java" | "react" | "express" | "nodejs" | "mongodb" | "sql" | "javascript" | "html" | "css" | "advjava";
export type CatalogueKey = "mern" | "fullstack" | "programming";
export type QuizKey = "java" | "fullstack" | "javascript" | "react";

/** The catalogue that holds the home page's cards; it has no page of its own. */
export const HOME_CATALOGUE_SLUG = "home";
/** The list of the Tax Authority's explainer videos, shown on /about (no URL of its own). */
export const TAX_LIST_SLUG = "tax";

/**
 * The original's spelling (/cources/programming/…) is the site's; the corrected spelling answers
 * the same pages, but only the original goes in the sitemap (one URL per page there).
 */
export const CORRECTED_SPELLING = "/courses/programming";

/** Every URL that shows a video list, and which list. */
export const VIDEO_LIST_URLS = {
  "/courses/dsa": "dsa",
  "/courses/java": "java",
  "/courses/mern/react": "react",
  "/courses/mern/express": "express",
  "/courses/mern/nodejs": "nodejs",
  "/courses/mern/mongodb": "mongodb",
  "/courses/fullstack/react": "react",
  "/courses/fullstack/express": "express",
  "/courses/fullstack/nodejs": "nodejs",
  "/courses/fullstack/mongodb": "mongodb",
  "/courses/fullstack/sql": "sql",
  "/courses/fullstack/javascript": "javascript",
  "/courses/fullstack/html": "html",
  "/courses/fullstack/css": "css",
  "/cources/programming/java": "java",
  "/cources/programming/advJava": "advjava",
  "/cources/programming/javascript": "javascript",
  "/courses/programming/java": "java",
  "/courses/programming/advJava": "advjava",
  "/courses/programming/javascript": "javascript",
} as const satisfies Record<string, ListKey>;

/** Every URL that shows a catalogue of courses, and which catalogue. */
export const CATALOGUE_URLS = {
  "/courses/mern": "mern",
  "/courses/fullstack": "fullstack",
  "/cources/programming": "programming",
  "/courses/programming": "programming",
} as const satisfies Record<string, CatalogueKey>;

export type VideoListUrl = keyof typeof VIDEO_LIST_URLS;
export type CatalogueUrl = keyof typeof CATALOGUE_URLS;

/** Where "Watch Now" leads after each quiz (docs/product.md#routes): one of the URLs above. */
export const QUIZ_FOLLOW_UP: Record<QuizKey, VideoListUrl | CatalogueUrl> = {
  java: "/courses/java",
  fullstack: "/courses/fullstack",
  react: "/courses/mern/react",
  javascript: "/cources/programming/javascript",
};

/** A catalogue path as stored and looked up: lower-case, without a trailing slash. */
export function normalizeCataloguePath(pathname: string): string {
  return pathname.replace(/\/+$/, "").toLowerCase() || "/";
}

/** The original's spellings with capitals (/advJava), by their lower case. */
const SPELLINGS = new Map(
  [...Object.keys(VIDEO_LIST_URLS), ...Object.keys(CATALOGUE_URLS)]
    .filter((url) => url !== url.toLowerCase())
    .map((url) => [url.toLowerCase(), url]),
);

/**
 * A catalogue page's address as the site writes it (its canonical path): the original's spelling
 * where it had capitals (/cources/programming/advJava, docs/product.md#routes), else lower case.
 */
export function catalogueSpelling(pathname: string): string {
  const normal = normalizeCataloguePath(pathname);
  return SPELLINGS.get(normal) ?? normal;
}

/** The page of the course catalogues. */
export const COURSES_URL = "/courses";

/** The quiz list is /test; each quiz is /test/<slug> (any case: /test/React is the react quiz). */
export const QUIZ_LIST_URL = "/test";

export function quizUrl(slug: string): string {
  return `${QUIZ_LIST_URL}/${slug}`;
}

/** A course's own page. */
export function courseUrl(slug: string): string {
  return `/course/${slug}`;
}

/**
 * A lesson's own page (issue 32): its list's slug (fixed once made) and its own. A list belongs to
 * several catalogues and courses, a lesson to one list: this address is the same from all of them.
 */
export function lessonUrl(listSlug: string, lessonSlug: string): string {
  return `/lesson/${listSlug}/${lessonSlug}`;
}

/** The order page for a course: where "Join Now" leads unless the course says otherwise. */
export function orderUrl(slug: string): string {
  return `/order?course=${encodeURIComponent(slug)}`;
}
