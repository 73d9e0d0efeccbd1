/**
 * The catalogue's URLs (SPEC.md §2), listed once: app/routes.ts makes a route of each, the
 * catalogue and quiz models map a path to its content, the sitemap lists them. Pure data with no
 * imports, because React Router's Vite plugin evaluates app/routes.ts (and so this file) at build
 * time, without the `~` alias.
 */

export type ListKey =
  "dsa" | "java" | "react" | "express" | "nodejs" | "mongodb" | "sql" | "javascript" | "html" | "css" | "advjava";
export type CatalogueKey = "mern" | "fullstack" | "programming";
export type QuizKey = "java" | "fullstack" | "javascript" | "react";

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

/** The quiz list is /test; each quiz is /test/<key> (/test/React matches too: routes are case-insensitive). */
export const QUIZ_LIST_URL = "/test";
export const QUIZ_KEYS: readonly QuizKey[] = ["java", "fullstack", "javascript", "react"];

export function quizUrl(key: QuizKey): string {
  return `${QUIZ_LIST_URL}/${key}`;
}

/** Where "Watch Now" leads after each quiz (SPEC.md §4): one of the URLs above. */
export const QUIZ_FOLLOW_UP: Record<QuizKey, VideoListUrl | CatalogueUrl> = {
  java: "/courses/java",
  fullstack: "/courses/fullstack",
  react: "/courses/mern/react",
  javascript: "/cources/programming/javascript",
};
