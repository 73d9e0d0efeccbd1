/**
 * The cover a course gets until one is chosen or uploaded (public/images/courses/plain.svg): a brand
 * pattern with no subject on it. Apart from the schema (no zod in the browser): the pages that draw a
 * cover put the course's initials over this one.
 */
export const DEFAULT_COVER = "/images/courses/plain.svg";
