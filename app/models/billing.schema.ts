import { z } from "zod";
import type { TranslationKey } from "~/i18n/keys";
import type { FormMessages } from "~/lib/form-errors";
import { amountToCents } from "./catalogue-admin.schema";

/** The admin's forms on /admin/payments (issue 18); errors are translation keys. */

const E = {
  amount: "adminPayments.errors.amount",
  currency: "adminPayments.errors.currency",
  email: "adminPayments.errors.email",
  course: "adminPayments.errors.course",
} as const satisfies Record<string, TranslationKey>;

const text = z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string());
const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true", z.boolean());

export const planForm = z.object({
  intent: z.literal("plan"),
  interval: z.enum(["month", "year"]),
  /** "49", "49.90": at least 1.00 (a provider refuses less), at most 99,999.99. */
  amount: text.pipe(
    z
      .string()
      .max(12, { error: E.amount })
      .transform((v) => amountToCents(v))
      .refine((v): v is number => v !== null && v >= 100 && v <= 9_999_999, { error: E.amount }),
  ),
  currency: z.enum(["USD", "ILS"], { error: E.currency }),
  active: checkbox,
});

export const checkoutSwitchForm = z.object({
  intent: z.literal("checkout"),
  online: z.enum(["on", "off"]),
});

export const grantCourseForm = z.object({
  intent: z.literal("grant-course"),
  email: text.pipe(
    z
      .string()
      .max(254, { error: E.email })
      .pipe(z.email({ error: E.email })),
  ),
  course: text.pipe(z.string().min(1, { error: E.course }).max(120, { error: E.course })),
});

export const revokeCourseForm = z.object({
  intent: z.literal("revoke-course"),
  id: z.uuid(),
});

export const adminPaymentsForm = z.discriminatedUnion("intent", [
  planForm,
  checkoutSwitchForm,
  grantCourseForm,
  revokeCourseForm,
]);
export type AdminPaymentsErrorKey = (typeof E)[keyof typeof E];
export type AdminPaymentsField = "amount" | "currency" | "email" | "course";

/**
 * The fields the admin types or picks, and their messages. Every check of these fields has its own
 * message, so there is no fallback: an issue elsewhere (an intent, an interval or an id the page does
 * not send) is no mistake of the admin's, and the action refuses it as a bad request.
 */
export const ADMIN_PAYMENTS_FORM: FormMessages<AdminPaymentsField, AdminPaymentsErrorKey> = {
  fields: ["amount", "currency", "email", "course"],
  messages: Object.values(E),
};
