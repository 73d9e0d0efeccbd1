import { z } from "zod";
import type { TranslationKey } from "~/i18n/keys";
import type { FormMessages } from "~/lib/form-errors";
import { amountToCents } from "./catalogue-admin.schema";

/**
 * The admin's refund form (/admin/payments/:id/refund; decision 0050); errors are translation keys.
 * The amount is typed in the currency's major units with at most two decimals ("49", "12.50") and
 * read as whole agorot or cents from its digits, never through a float. Whether it is more than
 * what is left is the model's to say (refunds.server.ts), under the payment's lock.
 */

const E = {
  amount: "adminRefund.errors.amount",
  reason: "adminRefund.errors.reason",
  confirm: "adminRefund.errors.confirm",
} as const satisfies Record<string, TranslationKey>;

const text = z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string());

export const REASON_MAX = 500;

export const refundForm = z.object({
  /** More than 0, at most 9,999,999.99; "0", "-5", "abc" and "1.234" are refused. */
  amount: text.pipe(
    z
      .string()
      .max(12, { error: E.amount })
      .transform((v) => amountToCents(v))
      .refine((v): v is number => v !== null && v > 0, { error: E.amount }),
  ),
  reason: text.pipe(z.string().max(REASON_MAX, { error: E.reason })),
  confirm: z.literal("on", { error: E.confirm }),
  key: z.uuid(),
});

export type RefundErrorKey = (typeof E)[keyof typeof E];
export type RefundField = "amount" | "reason" | "confirm";

/** Every check of a shown field has its own message; anything else is a post the page cannot make (400). */
export const REFUND_FORM: FormMessages<RefundField, RefundErrorKey> = {
  fields: ["amount", "reason", "confirm"],
  messages: Object.values(E),
};
