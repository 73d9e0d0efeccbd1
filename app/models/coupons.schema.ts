import { z } from "zod";
import { endOfBusinessDay } from "~/i18n/format";
import { COUPON_CODE_MAX, normalizeCouponCode } from "./coupons";
import type { NewCoupon } from "./coupons.server";

/**
 * The admin's "New coupon" form (/admin/coupons), parsed on the server; the inputs carry the same
 * limits for the browser. Errors are translation keys (adminCoupons.errors.<field>), so the admin
 * reads them in their language. Amounts are typed in shekels or dollars ("20" or "19.90") and kept
 * in minor units; the expiry is a day, which ends at midnight in Israel, as a subscription's does.
 */
export const COUPON_FIELDS = [
  "code",
  "percentOff",
  "amountOff",
  "currency",
  "appliesTo",
  "expires",
  "maxUses",
] as const;
export type CouponField = (typeof COUPON_FIELDS)[number];

export const COUPON_LIMITS = { maxUses: 100_000, amount: 100_000 } as const;
export const COUPON_CURRENCIES = ["ILS", "USD"] as const;

const ERROR_KEYS = [
  "form",
  "code",
  "codeTaken",
  "kind",
  "percentOff",
  "amountOff",
  "currency",
  "appliesTo",
  "expires",
  "maxUses",
] as const;
export type CouponErrorKey = `adminCoupons.errors.${(typeof ERROR_KEYS)[number]}`;
export type CouponFormErrors = Partial<Record<CouponField | "kind", CouponErrorKey>>;

const text = (max: number) => z.string().max(max).default("");

const raw = z.object({
  intent: z.literal("create"),
  code: text(COUPON_CODE_MAX + 8),
  kind: z.enum(["percent", "fixed"]).optional(),
  percentOff: text(8),
  amountOff: text(16),
  currency: text(8),
  // "all", "plan:month", "plan:year" or "course:<id>".
  appliesTo: text(80),
  expires: text(16),
  maxUses: text(12),
});

export type CouponFormResult =
  | { ok: true; coupon: NewCoupon; values: Record<string, string> }
  | { ok: false; errors: CouponFormErrors; values: Record<string, string> };

/** Parses the form; `courseIds` are the courses a coupon may name (those sold on their own). */
export function parseCouponForm(form: Record<string, unknown>, courseIds: readonly string[]): CouponFormResult {
  const parsed = raw.safeParse(form);
  const values = Object.fromEntries(
    Object.entries(form).filter(([k, v]) => typeof v === "string" && k !== "intent"),
  ) as Record<string, string>;
  if (!parsed.success) return { ok: false, errors: { code: "adminCoupons.errors.form" }, values };
  const f = parsed.data;
  const errors: CouponFormErrors = {};
  const code = normalizeCouponCode(f.code);
  if (!code) errors.code = "adminCoupons.errors.code";
  if (!f.kind) errors.kind = "adminCoupons.errors.kind";
  let percentOff: number | null = null;
  let amountOffCents: number | null = null;
  let currency: string | null = null;
  if (f.kind === "percent") {
    percentOff = /^\d{1,3}$/.test(f.percentOff.trim()) ? Number(f.percentOff.trim()) : NaN;
    if (!(percentOff >= 1 && percentOff <= 100)) errors.percentOff = "adminCoupons.errors.percentOff";
  }
  if (f.kind === "fixed") {
    const amount = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(f.amountOff.trim());
    amountOffCents = amount ? Number(amount[1]) * 100 + Number((amount[2] ?? "0").padEnd(2, "0")) : NaN;
    if (!(amountOffCents >= 1 && amountOffCents <= COUPON_LIMITS.amount * 100))
      errors.amountOff = "adminCoupons.errors.amountOff";
    currency = (COUPON_CURRENCIES as readonly string[]).includes(f.currency) ? f.currency : null;
    if (!currency) errors.currency = "adminCoupons.errors.currency";
  }
  let appliesTo: NewCoupon["appliesTo"] = "all";
  let planInterval: NewCoupon["planInterval"] = null;
  let courseId: string | null = null;
  if (f.appliesTo === "plan:month" || f.appliesTo === "plan:year") {
    appliesTo = "plan";
    planInterval = f.appliesTo === "plan:month" ? "month" : "year";
  } else if (f.appliesTo.startsWith("course:") && courseIds.includes(f.appliesTo.slice(7))) {
    appliesTo = "course";
    courseId = f.appliesTo.slice(7);
  } else if (f.appliesTo !== "all") errors.appliesTo = "adminCoupons.errors.appliesTo";
  let expiresAt: string | null = null;
  if (f.expires.trim() !== "") {
    const end = endOfBusinessDay(f.expires.trim());
    if (!end) errors.expires = "adminCoupons.errors.expires";
    else expiresAt = end.toISOString();
  }
  let maxUses: number | null = null;
  if (f.maxUses.trim() !== "") {
    maxUses = /^\d{1,6}$/.test(f.maxUses.trim()) ? Number(f.maxUses.trim()) : NaN;
    if (!(maxUses >= 1 && maxUses <= COUPON_LIMITS.maxUses)) errors.maxUses = "adminCoupons.errors.maxUses";
  }
  if (Object.keys(errors).length > 0 || !code || !f.kind) return { ok: false, errors, values };
  return {
    ok: true,
    values,
    coupon: {
      code,
      kind: f.kind,
      percentOff,
      amountOffCents,
      currency,
      appliesTo,
      planInterval,
      courseId,
      expiresAt,
      maxUses,
    },
  };
}
