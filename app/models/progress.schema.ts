import { z } from "zod";
import { MAX_SECONDS } from "./progress.limits";

/** Ids are made by the app: short, URL-safe text. */
const lessonId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w:-]+$/);
const seconds = z.coerce.number().finite().min(0).max(MAX_SECONDS);

/** A progress report from the player (a form-encoded POST or beacon): where the learner is, and the video's length. */
export const progressReport = z
  .object({
    lesson: lessonId,
    position: seconds,
    duration: z
      .union([z.literal(""), seconds.refine((n) => n > 0)])
      .optional()
      .transform((value) => (value === "" || value === undefined ? null : value)),
  })
  .refine((report) => report.duration === null || report.position <= report.duration + 1, {
    path: ["position"],
  });

/** "Mark as complete" / "Mark as not complete" from a list page's form. */
export const lessonMark = z.object({
  intent: z.enum(["complete", "incomplete"]),
  lesson: lessonId,
});
