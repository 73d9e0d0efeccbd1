/**
 * The course builder's model (/admin/courses), one module per noun in course-builder/: everything
 * the admin sees, unpublished included, and every change to the catalogue. Routes import the noun
 * they edit; this file gathers them for the tests and factories that use several.
 */
export * from "./course-builder/catalogue.server";
export * from "./course-builder/course.server";
export * from "./course-builder/lesson.server";
export * from "./course-builder/list.server";
export * from "./course-builder/overview.server";
export * from "./course-builder/question.server";
export * from "./course-builder/quiz.server";
export {
  newPublicPath,
  removeUnusedMedia,
  type Direction,
  type Removed,
  type SaveOptions,
  type WriteResult,
} from "./course-builder/write.server";
