import { z } from "zod";
import type { FormMessages } from "~/lib/form-errors";
import type { TranslationKey } from "~/i18n/keys";
import { NOTE_MAX_LENGTH } from "./lesson-notes.limits";
import { MAX_SECONDS } from "./progress.limits";

/** Every message the note form can show: translation keys, read in the reader's language. */
export const NOTE_ERRORS = {
  empty: "notes.errors.empty",
  tooLong: "notes.errors.tooLong",
  limit: "notes.errors.limit",
  invalid: "notes.errors.invalid",
} as const satisfies Record<string, TranslationKey>;

export type NoteErrorKey = (typeof NOTE_ERRORS)[keyof typeof NOTE_ERRORS];

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w:-]+$/);
const body = z
  .string()
  // Windows line ends count once: the length the learner sees in the box.
  .transform((text) => text.replace(/\r\n/g, "\n").trim())
  .pipe(z.string().min(1, NOTE_ERRORS.empty).max(NOTE_MAX_LENGTH, NOTE_ERRORS.tooLong));
/** The video's position: whole seconds; empty when the player gave none (no JavaScript, YouTube without its API). */
const position = z
  .union([z.literal(""), z.coerce.number().finite().min(0).max(MAX_SECONDS)])
  .optional()
  .transform((value) => (value === "" || value === undefined ? null : Math.floor(value)));
/** Where to go back to afterwards: a path on this site only (never another origin). */
const back = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])/)
  .optional();

/** One post of the note forms: write, edit or delete. */
export const noteAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), lesson: id, body, position, back }),
  z.object({ intent: z.literal("update"), note: id, body, back }),
  z.object({ intent: z.literal("delete"), note: id, back }),
]);

export const noteForm: FormMessages<"body", NoteErrorKey> = {
  fields: ["body"],
  messages: Object.values(NOTE_ERRORS),
  fallback: NOTE_ERRORS.invalid,
};
