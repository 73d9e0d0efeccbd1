import { z } from "zod";
import type { TranslationKey } from "~/i18n/keys";
import type { FormMessages } from "~/lib/form-errors";
import {
  BUSINESS_LIMITS as LIMITS,
  DEALER_KINDS,
  plainDealerNumber,
  validDealerNumber,
  type BusinessDetails,
} from "./business";

/** The admin's form for the school's business details (/admin/business); errors are translation keys. */

const E = {
  legalNameEn: "adminBusiness.errors.legalNameEn",
  legalNameHe: "adminBusiness.errors.legalNameHe",
  dealerKind: "adminBusiness.errors.dealerKind",
  dealerNumber: "adminBusiness.errors.dealerNumber",
  address: "adminBusiness.errors.address",
  email: "adminBusiness.errors.email",
  phone: "adminBusiness.errors.phone",
  vat: "adminBusiness.errors.vat",
  vatExempt: "adminBusiness.errors.vatExempt",
  vatMissing: "adminBusiness.errors.vatMissing",
} as const satisfies Record<string, TranslationKey>;

const text = z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string());
const name = (error: string) => text.pipe(z.string().min(1, { error }).max(LIMITS.name, { error }));
const address = text.pipe(z.string().min(1, { error: E.address }).max(LIMITS.address, { error: E.address }));

/** The highest VAT rate the form takes: a typo guard (Israel's has never been above 18 %). */
const MAX_VAT = 50;

export const businessForm = z
  .object({
    legalNameEn: name(E.legalNameEn),
    legalNameHe: name(E.legalNameHe),
    dealerKind: z.enum(DEALER_KINDS, { error: E.dealerKind }),
    dealerNumber: text
      .transform(plainDealerNumber)
      .pipe(z.string().refine(validDealerNumber, { error: E.dealerNumber })),
    addressEn: address,
    addressHe: address,
    email: text.pipe(
      z
        .string()
        .max(LIMITS.email, { error: E.email })
        .pipe(z.email({ error: E.email })),
    ),
    // Digits with the usual separators and an optional leading +: the law asks for a way to reach the seller.
    phone: text.pipe(
      z
        .string()
        .max(LIMITS.phone, { error: E.phone })
        .regex(/^\+?[\d\s().-]{6,}$/, { error: E.phone }),
    ),
    // Percent, at most two decimals ("18", "17.5").
    vatPercent: text.pipe(
      z
        .string()
        .regex(/^\d{1,2}(\.\d{1,2})?$/, { error: E.vat })
        .transform(Number)
        .pipe(z.number().max(MAX_VAT, { error: E.vat })),
    ),
  })
  // An exempt dealer charges no VAT; a licensed dealer or a company does.
  .superRefine((form, ctx) => {
    if (form.dealerKind === "exempt" && form.vatPercent !== 0)
      ctx.addIssue({ code: "custom", path: ["vatPercent"], message: E.vatExempt });
    if (form.dealerKind !== "exempt" && form.vatPercent === 0)
      ctx.addIssue({ code: "custom", path: ["vatPercent"], message: E.vatMissing });
  }) satisfies z.ZodType<BusinessDetails, unknown>;

export type BusinessField = keyof BusinessDetails;
export type BusinessErrorKey = (typeof E)[keyof typeof E];

/** Every check of a shown field has its own message; anything else is not the admin's mistake (400). */
export const BUSINESS_FORM: FormMessages<BusinessField, BusinessErrorKey> = {
  fields: [
    "legalNameEn",
    "legalNameHe",
    "dealerKind",
    "dealerNumber",
    "addressEn",
    "addressHe",
    "email",
    "phone",
    "vatPercent",
  ],
  messages: Object.values(E),
};

/**
 * What is stored, read back leniently: a field that is missing or of the wrong shape (a row written
 * by hand) falls back to its default rather than breaking the pages that show it.
 */
export const storedBusiness = z.object({
  legalNameEn: z.string().min(1).optional().catch(undefined),
  legalNameHe: z.string().min(1).optional().catch(undefined),
  dealerKind: z.enum(DEALER_KINDS).optional().catch(undefined),
  dealerNumber: z.string().refine(validDealerNumber).optional().catch(undefined),
  addressEn: z.string().min(1).optional().catch(undefined),
  addressHe: z.string().min(1).optional().catch(undefined),
  email: z.string().min(1).optional().catch(undefined),
  phone: z.string().min(1).optional().catch(undefined),
  vatPercent: z.number().min(0).max(MAX_VAT).optional().catch(undefined),
});
