import { z } from "zod";
import { MAX_OPTIONS, MIN_OPTIONS } from "./quiz.limits";

/**
 * The shape of everything in content/: validated with zod at start (the catalogue's seed and
 * site-content.server.ts), so a typo in the owner's data stops the process with a clear message
 * instead of breaking a page.
 */

/** A string in both languages. */
export const bilingual = z.object({ en: z.string().trim().min(1), he: z.string().trim().min(1) }).strict();
export type Bilingual = z.infer<typeof bilingual>;

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);
/** YouTube video ids are 11 characters. */
export const youtubeId = z.string().regex(/^[A-Za-z0-9_-]{11}$/);

export const videoSource = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("youtube"), videoId: youtubeId }).strict(),
  /** A file under media/videos/, served from /video/<file> with Range support. */
  z.object({ kind: z.literal("mp4"), file: z.string().regex(/^[a-z0-9][a-z0-9-]*\.mp4$/) }).strict(),
]);

export const videoItem = z
  .object({
    /** Stable key, unique within its list (used for opaque thumbnail keys and anchors). */
    key: slug,
    title: bilingual,
    description: bilingual,
    /** Length as shown, like "12:34" or "3:02:10". */
    duration: z.string().regex(/^(\d{1,2}:)?\d{1,2}:\d{2}$/),
    source: videoSource,
  })
  .strict();

export const videoList = z
  .object({
    /** Route-independent key: "dsa", "java", "react", "express", "nodejs", "mongodb", "sql", "javascript", "html", "css", "advjava". */
    key: slug,
    title: bilingual,
    description: bilingual,
    videos: z.array(videoItem).min(1),
  })
  .strict();
export type VideoList = z.infer<typeof videoList>;
export type VideoItem = z.infer<typeof videoItem>;

/** A course card (docs/product.md#what-a-card-shows): cover, rating, title, teacher, duration, students, price, links. */
export const courseCard = z
  .object({
    key: slug,
    title: bilingual,
    teacher: bilingual,
    /** Hours as shown, like "9.50". */
    duration: z.string().regex(/^\d+(\.\d{1,2})?$/),
    students: z.number().int().min(0),
    /** US dollars, like 389 or 49.99. */
    price: z.number().min(0),
    /** Star rating 0–5 and the number of reviews behind it. */
    rating: z.number().min(0).max(5),
    reviews: z.number().int().min(0),
    /** A file under public/images/courses/. */
    cover: z.string().regex(/^[a-z0-9][a-z0-9-]*\.(svg|png|jpg|webp)$/),
    /** Where "Read More" leads (a page of this site). */
    readMore: z.string().startsWith("/"),
    /** Where "Join Now" leads (docs/product.md#routes: the card's route; the Node card joins /courses/mern/express). */
    join: z.string().startsWith("/"),
    summary: bilingual,
  })
  .strict();
export type CourseCard = z.infer<typeof courseCard>;

export const person = z
  .object({
    key: slug,
    name: bilingual,
    role: bilingual,
    /** A file under public/images/people/. */
    photo: z.string().regex(/^[a-z0-9][a-z0-9-]*\.(svg|png|jpg|webp)$/),
    bio: bilingual.optional(),
  })
  .strict();

export const testimonial = z
  .object({
    key: slug,
    name: bilingual,
    profession: bilingual,
    quote: bilingual,
    photo: z.string().regex(/^[a-z0-9][a-z0-9-]*\.(svg|png|jpg|webp)$/),
  })
  .strict();

/** A quiz question (docs/product.md#what-a-card-shows): exactly one option is the answer (checked by exact text equality). */
export const quizQuestion = z
  .object({
    question: z.string().trim().min(5),
    /** Code shown with the question (left-to-right, monospace), optional. */
    code: z.string().optional(),
    options: z.array(z.string().trim().min(1)).min(MIN_OPTIONS).max(MAX_OPTIONS),
    answer: z.string().trim().min(1),
    /**
     * The question and its options in Hebrew, in the same order (code, identifiers and numbers
     * between backticks stay left-to-right). Absent: the Hebrew page shows the English.
     */
    he: z
      .object({ question: z.string().trim().min(5), options: z.array(z.string().trim().min(1)).max(MAX_OPTIONS) })
      .strict()
      .optional(),
    /** One line on why the answer is right, shown in the answer review after the attempt. */
    explanation: z
      .object({ en: z.string().trim().min(1), he: z.string().trim().min(1).optional() })
      .strict()
      .optional(),
  })
  .strict()
  .refine((q) => q.options.filter((o) => o === q.answer).length === 1, {
    error: "answer must be exactly one of the options",
  })
  .refine((q) => new Set(q.options).size === q.options.length, { error: "options must be distinct" })
  .refine((q) => !q.he || q.he.options.length === q.options.length, {
    error: "Hebrew options must match the options one for one",
  })
  .refine((q) => !q.he || new Set(q.he.options).size === q.he.options.length, {
    error: "Hebrew options must be distinct",
  });

export const quiz = z
  .object({
    key: z.enum(["java", "fullstack", "javascript", "react"]),
    title: bilingual,
    description: bilingual,
    questions: z.array(quizQuestion),
  })
  .strict();
export type Quiz = z.infer<typeof quiz>;
export type QuizQuestion = z.infer<typeof quizQuestion>;
