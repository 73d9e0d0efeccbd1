import { z } from "zod";
import type { TranslationKey } from "~/i18n/keys";
import type { FormMessages } from "~/lib/form-errors";

/** The buyer's forms on /cancel (issue 33) and the admin's decision; errors are translation keys. */

export const REASON_MAX = 1_000;

const E = {
  choose: "cancel.errors.choose",
  reason: "cancel.errors.reason",
} as const satisfies Record<string, TranslationKey>;

/** The reason as typed, trimmed, with a textarea's CR LF made plain; empty is none. */
const reason = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : ""),
  z
    .string()
    .max(REASON_MAX, { error: E.reason })
    .transform((text) => text || null),
);

export const cancelForm = z.discriminatedUnion("intent", [
  // Cancel a purchase: the one chosen (a radio button: none chosen posts nothing), and why, if the buyer says.
  z.object({
    intent: z.literal("purchase"),
    payment: z.string({ error: E.choose }).pipe(z.uuid({ error: E.choose })),
    reason,
  }),
  // Stop a subscription's renewal: its id, from the page (no mistake a buyer can make).
  z.object({ intent: z.literal("renewal"), subscription: z.uuid() }),
]);

export type CancelField = "payment" | "reason";
export type CancelErrorKey = (typeof E)[keyof typeof E];

export const CANCEL_FORM: FormMessages<CancelField, CancelErrorKey> = {
  fields: ["payment", "reason"],
  messages: Object.values(E),
};

/** The admin's decision on a request (/admin/cancellations). */
export const decisionForm = z.object({
  intent: z.enum(["approve", "decline"]),
  id: z.uuid(),
});
