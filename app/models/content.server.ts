/**
 * The one door from app/ into content/: the seed of the database catalogue (catalogue-seed.server.ts),
 * demo mode's playable lessons (demo-lessons.server.ts) and the details that stay in code
 * (site-content.server.ts, the e-library's suggested books), versioned with the code and validated by
 * the models that read them.
 */
export * as courseContent from "../../content/courses.ts";
export * as videoContent from "../../content/videos.ts";
export { quizzes as quizContent } from "../../content/quizzes.ts";
export { suggestedBooks } from "../../content/suggested-books.ts";
export { DEMO_LIST, demoLessons, demoResource } from "../../content/demo-media/lessons.ts";
