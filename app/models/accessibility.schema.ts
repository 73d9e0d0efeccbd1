import { z } from "zod";
import type { TranslationKey } from "~/i18n/keys";
import type { FormMessages } from "~/lib/form-errors";
import { ACCESSIBILITY_LIMITS as LIMITS } from "./accessibility";

/** The admin's form for the accessibility statement (/admin/accessibility); errors are translation keys. */

const E = {
  name: "adminAccessibility.errors.name",
  email: "adminAccessibility.errors.email",
  phone: "adminAccessibility.errors.phone",
  reviewedOn: "adminAccessibility.errors.reviewedOn",
  gaps: "adminAccessibility.errors.gaps",
} as const satisfies Record<string, TranslationKey>;

const text = z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string());
/** Paragraphs as typed, with Windows line ends made plain (a textarea posts CR LF). */
const paragraphs = z.preprocess((v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : ""), z.string());

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A calendar date (YYYY-MM-DD, as a date input posts it) that exists and is not in the future: a
 * review that has not happened cannot be reported. A day's grace for the admin's time zone being
 * ahead of UTC.
 */
function isPastDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) return false;
  return value >= "2000-01-01" && time <= Date.now() + DAY_MS;
}

export const accessibilityForm = z.object({
  coordinatorName: text.pipe(z.string().min(1, { error: E.name }).max(LIMITS.name, { error: E.name })),
  coordinatorEmail: text.pipe(
    z
      .string()
      .max(LIMITS.email, { error: E.email })
      .pipe(z.email({ error: E.email })),
  ),
  // Digits with the usual separators, an optional leading +; or nothing, for no phone line.
  coordinatorPhone: text.pipe(
    z
      .string()
      .max(LIMITS.phone, { error: E.phone })
      .regex(/^(\+?[\d\s().-]{6,})?$/, { error: E.phone }),
  ),
  reviewedOn: text.pipe(z.string().refine(isPastDate, { error: E.reviewedOn })),
  gapsEn: paragraphs.pipe(z.string().max(LIMITS.gaps, { error: E.gaps })),
  gapsHe: paragraphs.pipe(z.string().max(LIMITS.gaps, { error: E.gaps })),
});

export type AccessibilityField = keyof z.infer<typeof accessibilityForm>;
export type AccessibilityErrorKey = (typeof E)[keyof typeof E];

/** Every check of a shown field has its own message; anything else is not the admin's mistake (400). */
export const ACCESSIBILITY_FORM: FormMessages<AccessibilityField, AccessibilityErrorKey> = {
  fields: ["coordinatorName", "coordinatorEmail", "coordinatorPhone", "reviewedOn", "gapsEn", "gapsHe"],
  messages: Object.values(E),
};

/**
 * What is stored, read back leniently: a field that is missing or not text (a row written by hand)
 * falls back to its default rather than breaking the public page.
 */
export const storedAccessibility = z.object({
  coordinatorName: z.string().optional().catch(undefined),
  coordinatorEmail: z.string().optional().catch(undefined),
  coordinatorPhone: z.string().optional().catch(undefined),
  reviewedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  gapsEn: z.string().optional().catch(undefined),
  gapsHe: z.string().optional().catch(undefined),
});
