import { z } from "zod";
import type { TranslationKey } from "~/i18n/keys";
import { fieldErrors, type FormMessages } from "~/lib/form-errors";
import { parseYouTubeId } from "~/lib/youtube";
import { DEFAULT_PASS_PERCENT, MAX_OPTIONS, MAX_PASS_PERCENT, MIN_PASS_PERCENT } from "./quiz.limits";

/**
 * The course builder's forms (/admin/courses), checked in the browser before sending and parsed
 * again by the write model (models/course-builder/) before anything is stored. Field names are
 * the forms' input names; messages are translation keys (courseAdmin.errors.*), so each admin
 * reads them in their language. No server code here: the browser bundle imports this file.
 */

export const ADMIN_LIMITS = {
  slug: 60,
  title: 200,
  name: 100,
  text: 2000,
  path: 300,
  /** A question is one or two sentences (code goes in its own field): room for both languages in one form. */
  question: 600,
  code: 3000,
  /** An answer of a sentence at most (the seed's longest is 114): six of them fit in one form's body. */
  option: 200,
  explanation: 300,
} as const;

/** Free samples when nothing else is said: the first 3 lessons of a list, as before the builder. */
export const DEFAULT_FREE_SAMPLES = 3;
export const MAX_FREE_SAMPLES = 50;
/** The covers bundled with the site (public/images/courses/), until one is uploaded. */
export const BUNDLED_COVERS = [
  // No subject written on it: what a new course starts with, so it never wears another's title.
  "plain.svg",
  "advanced-java.svg",
  "css.svg",
  "dsa.svg",
  "express.svg",
  "html.svg",
  "java.svg",
  "javascript.svg",
  "mongodb.svg",
  "nodejs.svg",
  "react.svg",
  "sole-proprietor.svg",
  "sql.svg",
  "tax-refund.svg",
].map((file) => `/images/courses/${file}`);
export { DEFAULT_COVER } from "./cover";
/**
 * What a catalogue's cover may be chosen from: the pictures drawn for the seeded catalogues
 * (public/images/catalogues/), then every course cover.
 */
export const BUNDLED_CATALOGUE_COVERS = [
  ...["fullstack.svg", "mern.svg", "programming.svg"].map((file) => `/images/catalogues/${file}`),
  ...BUNDLED_COVERS,
];

/** Where a quiz's "Watch Now" leads when the admin leaves it empty. */
export const DEFAULT_FOLLOW_UP = "/courses";

const E = {
  required: "courseAdmin.errors.required",
  tooLong: "courseAdmin.errors.tooLong",
  slug: "courseAdmin.errors.slug",
  path: "courseAdmin.errors.path",
  hours: "courseAdmin.errors.hours",
  wholeNumber: "courseAdmin.errors.wholeNumber",
  price: "courseAdmin.errors.price",
  rating: "courseAdmin.errors.rating",
  freeSamples: "courseAdmin.errors.freeSamples",
  lessonDuration: "courseAdmin.errors.lessonDuration",
  lessonDurationNeeded: "courseAdmin.errors.lessonDurationNeeded",
  youtube: "courseAdmin.errors.youtube",
  questionTooShort: "courseAdmin.errors.questionTooShort",
  answer: "courseAdmin.errors.answer",
  answerNotGiven: "courseAdmin.errors.answerNotGiven",
  optionGap: "courseAdmin.errors.optionGap",
  optionHeWithoutEnglish: "courseAdmin.errors.optionHeWithoutEnglish",
  optionDuplicate: "courseAdmin.errors.optionDuplicate",
  courses: "courseAdmin.errors.courses",
  currency: "courseAdmin.errors.currency",
  passPercent: "courseAdmin.errors.passPercent",
  quizList: "courseAdmin.errors.quizList",
} as const satisfies Record<string, TranslationKey>;

/* ---------- Field types ---------- */

/** A text input: a string (a missing field counts as empty), trimmed, at most `max` characters. */
const text = (max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string({ error: E.required }).trim().max(max, { error: E.tooLong }),
  );
const required = (max: number) => text(max).pipe(z.string().min(1, { error: E.required }));
/** An optional translation (the Hebrew fields): empty → null, which falls back to English. */
const optional = (max: number) => text(max).transform((v) => (v === "" ? null : v));

/** A checkbox: "on" when ticked, absent when not. */
const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true, z.boolean());

/** Lower-case letters, digits and inner hyphens: part of a URL. */
const slug = text(ADMIN_LIMITS.slug).pipe(
  z
    .string()
    .min(1, { error: E.required })
    .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: E.slug }),
);

/**
 * A path of this site or nothing: one leading "/" (never "//" or "/\", which browsers read as
 * another host), URL characters only, no scheme. Empty → null (the default target).
 */
export function isSitePath(value: string): boolean {
  if (!/^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/%?#]*$/.test(value)) return false;
  try {
    return new URL(value, "http://lomda.invalid").origin === "http://lomda.invalid";
  } catch {
    return false;
  }
}
const siteLink = text(ADMIN_LIMITS.path).pipe(
  z
    .string()
    .refine((v) => v === "" || isSitePath(v), { error: E.path })
    .transform((v) => (v === "" ? null : v)),
);

const wholeNumber = (max: number, error: TranslationKey = E.wholeNumber) =>
  text(40).pipe(
    z
      .string()
      .regex(/^\d{1,9}$/, { error })
      .transform(Number)
      .refine((n) => n <= max, { error }),
  );

/**
 * An amount as an admin types it, in any currency ("49", "49.9", "49.99") → whole minor units (cents,
 * agorot), computed from the digits (no float rounding).
 */
export function amountToCents(value: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
/** Minor units as an amount is typed, and as a spreadsheet reads it: 12900 → "129.00", -2580 → "-25.80". */
export function centsToAmount(cents: number): string {
  const whole = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}
/** A rating 0–5 with at most one decimal ("4", "4.5") → tenths (45). */
export function ratingToTenths(value: string): number | null {
  const match = /^(\d)(?:\.(\d))?$/.exec(value);
  if (!match) return null;
  const tenths = Number(match[1]) * 10 + Number(match[2] ?? "0");
  return tenths <= 50 ? tenths : null;
}
export function tenthsToRating(tenths: number): string {
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

const price = text(12).pipe(
  z
    .string()
    .transform((v) => amountToCents(v))
    .refine((v): v is number => v !== null, { error: E.price }),
);
const rating = text(4).pipe(
  z
    .string()
    .transform((v) => ratingToTenths(v))
    .refine((v): v is number => v !== null, { error: E.rating }),
);
/** A course's hours as shown on its card, like "9.50" (a longer entry is told the format, not "too long"). */
const hours = text(40).pipe(z.string().regex(/^\d{1,4}(\.\d{1,2})?$/, { error: E.hours }));
/** A lesson's length as shown, like "12:34" or "1:02:10"; empty → null (unknown). */
const lessonDuration = text(40).pipe(
  z
    .string()
    .refine((v) => v === "" || /^(?:\d{1,2}:[0-5]\d|\d{1,2}:[0-5]\d:[0-5]\d)$/.test(v), { error: E.lessonDuration })
    .transform((v) => (v === "" ? null : v)),
);
/** The one "YouTube link or id" field: any usual form → the 11-character id; empty → no YouTube video. */
const youtube = text(ADMIN_LIMITS.path).pipe(
  z
    .string()
    .transform((v) => ({ empty: v === "", id: v === "" ? null : parseYouTubeId(v) }))
    .refine((v) => v.empty || v.id !== null, { error: E.youtube })
    .transform((v) => v.id),
);

const bilingualTitle = { titleEn: required(ADMIN_LIMITS.title), titleHe: optional(ADMIN_LIMITS.title) };
const bilingualDescription = {
  descriptionEn: text(ADMIN_LIMITS.text),
  descriptionHe: optional(ADMIN_LIMITS.text),
};

/* ---------- The forms ---------- */

/** One of the bundled covers, or the row's current cover (an uploaded one); empty: keep it. */
const coverChoice = text(ADMIN_LIMITS.path).transform((v) => (v === "" ? null : v));

export const catalogueSchema = z.object({
  slug,
  ...bilingualTitle,
  ...bilingualDescription,
  /** One of BUNDLED_CATALOGUE_COVERS, or the catalogue's current cover; empty: keep it. */
  cover: coverChoice,
  published: checkbox,
});
/** A catalogue's slug is fixed once made: its public URL (/courses/<slug>) is made from it. */
export const catalogueUpdateSchema = catalogueSchema.omit({ slug: true });

export const courseSchema = z.object({
  slug,
  ...bilingualTitle,
  teacherEn: required(ADMIN_LIMITS.name),
  teacherHe: optional(ADMIN_LIMITS.name),
  summaryEn: required(ADMIN_LIMITS.text),
  summaryHe: optional(ADMIN_LIMITS.text),
  duration: hours,
  students: wholeNumber(100_000_000),
  price,
  /** The price's currency (an older form without the field: US dollars). */
  currency: z.preprocess(
    (v) => (v === undefined || v === "" ? "USD" : v),
    z.enum(["USD", "ILS"], { error: E.currency }),
  ),
  /** Sold on its own online, at the price, for good (issue 18). */
  soldSeparately: checkbox,
  rating,
  reviews: wholeNumber(100_000_000),
  readMore: siteLink,
  join: siteLink,
  /** One of BUNDLED_COVERS, or the course's current cover (an uploaded one); empty: keep it. */
  cover: coverChoice,
  published: checkbox,
});

export const listSchema = z.object({
  slug,
  ...bilingualTitle,
  ...bilingualDescription,
  freeSamples: wholeNumber(MAX_FREE_SAMPLES, E.freeSamples),
  /** Every lesson free for signed-in learners: the one way past the cap on free samples (access.server.ts). */
  allFree: checkbox,
  /** Its lessons without a video shown as "Coming soon" rather than left out (issue 31, D-H2). */
  comingSoon: checkbox,
  published: checkbox,
  /** The courses this list belongs to (checkboxes named "courses"). */
  courses: z.preprocess(
    (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string({ error: E.courses }).max(64, { error: E.courses })).max(500, { error: E.courses }),
  ),
});
/** A list's slug is fixed once made, like a catalogue's. */
export const listUpdateSchema = listSchema.omit({ slug: true });

/**
 * A lesson with a YouTube video needs its length: watching is measured against it (a learner
 * completes a lesson by watching 90 % of it), and YouTube's own figure never reaches the server. An
 * uploaded file's length is read from the file (updateLesson refuses to clear it).
 */
export const lessonSchema = z
  .object({
    slug,
    ...bilingualTitle,
    ...bilingualDescription,
    duration: lessonDuration,
    youtube,
    published: checkbox,
  })
  .superRefine((lesson, ctx) => {
    // Only for a link that was read (a bad one has its own message).
    if (typeof lesson.youtube === "string" && lesson.duration === null)
      ctx.addIssue({ code: "custom", path: ["duration"], message: E.lessonDurationNeeded });
  });

export const quizSchema = z.object({
  slug,
  ...bilingualTitle,
  ...bilingualDescription,
  /** Where "Watch Now" leads; empty: the attached list's page, else DEFAULT_FOLLOW_UP (set by the model). */
  followUp: siteLink,
  /** The list whose certificate asks for a pass of this quiz (a list's id from the select); empty: none. */
  listId: text(64).transform((v) => (v === "" ? null : v)),
  /** The pass mark in percent, MIN_PASS_PERCENT–MAX_PASS_PERCENT; empty: the default. */
  passPercent: text(40).pipe(
    z
      .string()
      .transform((v) => (v === "" ? String(DEFAULT_PASS_PERCENT) : v))
      .pipe(
        z
          .string()
          .regex(/^\d{1,3}$/, { error: E.passPercent })
          .transform(Number)
          .refine((n) => n >= MIN_PASS_PERCENT && n <= MAX_PASS_PERCENT, { error: E.passPercent }),
      ),
  ),
  published: checkbox,
});

export const OPTION_FIELDS = ["option1", "option2", "option3", "option4", "option5", "option6"] as const;
export const OPTION_HE_FIELDS = ["option1He", "option2He", "option3He", "option4He", "option5He", "option6He"] as const;
const option = required(ADMIN_LIMITS.option);
const optionalOption = optional(ADMIN_LIMITS.option);
const ANSWERS = Array.from({ length: MAX_OPTIONS }, (_, i) => String(i + 1)) as [string, ...string[]];

/**
 * The rules of content.schema.ts's quizQuestion: a question of at least 5 characters, two to six
 * options (the first two required, the others filled in order), distinct, and exactly one of them
 * the answer (here: which one, 1–6, among those given). The Hebrew question and options are optional
 * (empty: the English is shown), each option on its own, and only where there is an English one;
 * those given follow the same rules. The explanations, shown in the review after an attempt, are
 * optional.
 */
export const questionSchema = z
  .object({
    question: text(ADMIN_LIMITS.question).pipe(z.string().min(5, { error: E.questionTooShort })),
    /** Code shown with the question; kept as typed (indentation matters), empty → none. */
    code: z.preprocess(
      (v) => (v === undefined || v === null ? "" : typeof v === "string" ? v.replace(/\s+$/, "") : v),
      z
        .string({ error: E.tooLong })
        .max(ADMIN_LIMITS.code, { error: E.tooLong })
        .transform((v) => (v.trim() === "" ? null : v)),
    ),
    option1: option,
    option2: option,
    option3: optionalOption,
    option4: optionalOption,
    option5: optionalOption,
    option6: optionalOption,
    answer: text(2).pipe(z.enum(ANSWERS, { error: E.answer }).transform(Number)),
    questionHe: optional(ADMIN_LIMITS.question).refine((v) => v === null || v.length >= 5, {
      error: E.questionTooShort,
    }),
    option1He: optionalOption,
    option2He: optionalOption,
    option3He: optionalOption,
    option4He: optionalOption,
    option5He: optionalOption,
    option6He: optionalOption,
    explanationEn: optional(ADMIN_LIMITS.explanation),
    explanationHe: optional(ADMIN_LIMITS.explanation),
  })
  .superRefine((q, ctx) => {
    const given = OPTION_FIELDS.map((field) => q[field]);
    const count = given.findIndex((value) => value === null);
    const last = given.findLastIndex((value) => value !== null);
    // An empty option before a filled one: the options would not be the first N.
    if (count !== -1 && count < last)
      ctx.addIssue({ code: "custom", path: [OPTION_FIELDS[count]!], message: E.optionGap });
    else if (q.answer > (count === -1 ? given.length : count))
      ctx.addIssue({ code: "custom", path: ["answer"], message: E.answerNotGiven });
    OPTION_HE_FIELDS.forEach((field, index) => {
      if (q[field] !== null && given[index] === null)
        ctx.addIssue({ code: "custom", path: [field], message: E.optionHeWithoutEnglish });
    });
    for (const fields of [OPTION_FIELDS, OPTION_HE_FIELDS]) {
      const seen = new Set<string>();
      for (const field of fields) {
        const value = q[field];
        if (value === null) continue;
        if (seen.has(value)) ctx.addIssue({ code: "custom", path: [field], message: E.optionDuplicate });
        seen.add(value);
      }
    }
  });

export type CatalogueInput = z.infer<typeof catalogueSchema>;
export type CatalogueUpdateInput = z.infer<typeof catalogueUpdateSchema>;
export type CourseInput = z.infer<typeof courseSchema>;
export type ListInput = z.infer<typeof listSchema>;
export type ListUpdateInput = z.infer<typeof listUpdateSchema>;
export type LessonInput = z.infer<typeof lessonSchema>;
export type QuizInput = z.infer<typeof quizSchema>;
export type QuestionInput = z.infer<typeof questionSchema>;

/* ---------- Reading a form, reporting errors ---------- */

/** What a message names: a number, a text, or a text in each language (the reader's is shown). */
export type MessageParam = string | number | { en: string; he: string };

/** A field's problem: its translation key, with what it names when it names something (another course…). */
export type FieldError = TranslationKey | { key: TranslationKey; params: Record<string, MessageParam> };

/** Field → its first problem ("form": the form as a whole, always a plain key). */
export type FieldErrors = { form?: TranslationKey } & { [field: string]: FieldError | undefined };

/** The form of each kind of thing, by the names the routes use. */
export const ADMIN_FORMS = {
  catalogue: catalogueSchema,
  catalogueUpdate: catalogueUpdateSchema,
  course: courseSchema,
  list: listSchema,
  listUpdate: listUpdateSchema,
  lesson: lessonSchema,
  quiz: quizSchema,
  question: questionSchema,
} as const;
export type AdminFormName = keyof typeof ADMIN_FORMS;

const MULTI_VALUE = new Set(["courses"]);

/** The fields a form's schema knows, read from FormData (strings only; several values for checkbox groups). */
export function readAdminForm(name: AdminFormName, form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of Object.keys(ADMIN_FORMS[name].shape)) {
    if (MULTI_VALUE.has(field)) values[field] = form.getAll(field).filter((v) => typeof v === "string");
    else {
      const value = form.get(field);
      if (typeof value === "string") values[field] = value;
    }
  }
  return values;
}

/** What a form can say, and where: its fields, the schemas' messages, and "required" for zod's own. */
const formMessages = (name: AdminFormName): FormMessages<string, TranslationKey> => ({
  fields: Object.keys(ADMIN_FORMS[name].shape),
  messages: Object.values(E),
  fallback: E.required,
});

/** Parses a form's raw values: the data, or translated field errors. */
export function parseAdminForm<N extends AdminFormName>(
  name: N,
  raw: unknown,
): { ok: true; data: z.infer<(typeof ADMIN_FORMS)[N]> } | { ok: false; errors: FieldErrors } {
  const result = (ADMIN_FORMS[name] as z.ZodType).safeParse(raw);
  return result.success
    ? { ok: true, data: result.data as z.infer<(typeof ADMIN_FORMS)[N]> }
    : { ok: false, errors: fieldErrors(result.error.issues, formMessages(name)) };
}

/** What each form can weigh at most, in characters (server/body-limit.ts sizes form bodies by characters). */
export const ADMIN_FORM_MAX_CHARS = {
  catalogue: ADMIN_LIMITS.slug + 2 * ADMIN_LIMITS.title + 2 * ADMIN_LIMITS.text + ADMIN_LIMITS.path,
  course:
    ADMIN_LIMITS.slug +
    2 * ADMIN_LIMITS.title +
    2 * ADMIN_LIMITS.name +
    2 * ADMIN_LIMITS.text +
    2 * ADMIN_LIMITS.path +
    8 +
    3 * 12 +
    4,
  list: ADMIN_LIMITS.slug + 2 * ADMIN_LIMITS.title + 2 * ADMIN_LIMITS.text + 16 + 40 * 64,
  lesson: ADMIN_LIMITS.slug + 2 * ADMIN_LIMITS.title + 2 * ADMIN_LIMITS.text + 8 + ADMIN_LIMITS.path,
  quiz: ADMIN_LIMITS.slug + 2 * ADMIN_LIMITS.title + 2 * ADMIN_LIMITS.text + ADMIN_LIMITS.path + 64 + 3,
  question:
    2 * ADMIN_LIMITS.question +
    ADMIN_LIMITS.code +
    2 * MAX_OPTIONS * ADMIN_LIMITS.option +
    2 +
    2 * ADMIN_LIMITS.explanation,
} as const;

/** A "Move up"/"Move down" button's form: which item, which way (and, on the overview, which kind). */
export const moveRequestSchema = z.object({
  id: z.string().min(1).max(64),
  direction: z.enum(["up", "down"]),
  kind: z.enum(["catalogue", "quiz"]).optional(),
});

/** A delete form: the "Yes, delete" box must be ticked. */
export const CONFIRM_ERROR = "courseAdmin.errors.confirm" satisfies TranslationKey;
