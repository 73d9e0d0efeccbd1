/**
 * The one door from app/ into content/: the catalogue data, versioned with the code and validated
 * by the models that read it (the seed of the database catalogue to come).
 */
export * as courseContent from "../../content/courses.ts";
export * as videoContent from "../../content/videos.ts";
export { quizzes as quizContent } from "../../content/quizzes.ts";
export { suggestedBooks } from "../../content/suggested-books.ts";
