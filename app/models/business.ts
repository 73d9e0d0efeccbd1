import { site } from "./site";

/**
 * The school's business details (issue 33, point 2): who sells, as the Consumer Protection Law asks a
 * distance seller to say before the purchase, and as its tax documents will name it. The admin keeps
 * them at /admin/business. Not a server module and free of zod: the admin form's inputs carry the
 * same limits in the browser, and the check digit is the same rule everywhere.
 */

/** עוסק פטור (no VAT), עוסק מורשה, חברה בע״מ. */
export const DEALER_KINDS = ["exempt", "licensed", "company"] as const;
export type DealerKind = (typeof DEALER_KINDS)[number];

export const BUSINESS_LIMITS = { name: 120, address: 200, email: 254, phone: 30 } as const;

/** Israel's standard VAT rate (since January 2025), the default for a licensed dealer or a company. */
export const DEFAULT_VAT_PERCENT = 18;

export interface BusinessDetails {
  legalNameEn: string;
  legalNameHe: string;
  dealerKind: DealerKind;
  /** Nine digits: an exempt or licensed dealer's number (their ID number) or a company's number. */
  dealerNumber: string;
  addressEn: string;
  addressHe: string;
  email: string;
  phone: string;
  /** The VAT rate prices include, in percent (0 for an exempt dealer); at most two decimals. */
  vatPercent: number;
}

/**
 * Until the admin saves: a made-up company whose number passes the check, at the school's public
 * address, email and phone (content/site.ts). The README says to replace them before selling.
 */
export const DEFAULT_BUSINESS: BusinessDetails = {
  legalNameEn: "Lomda Ltd",
  legalNameHe: "לומדה בע״מ",
  dealerKind: "company",
  dealerNumber: "516472834",
  addressEn: site.address.en,
  addressHe: site.address.he,
  email: site.email,
  phone: site.phone,
  vatPercent: DEFAULT_VAT_PERCENT,
};

/** A number as typed ("51-647283-4", "516 472 834") reduced to its digits' string; spaces and dashes go. */
export function plainDealerNumber(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}

/**
 * Whether nine digits are a valid Israeli ID, dealer or company number: the check digit of the
 * Population Registry's and the Registrar of Companies' numbers (digits weighted 1, 2, 1, 2…, each
 * product's digits summed, the total a multiple of 10). All zeros is not a number anyone holds.
 */
export function validDealerNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || /^0+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
}

/** Whether prices include VAT: a licensed dealer or a company with a rate above zero. */
export function chargesVat(details: Pick<BusinessDetails, "dealerKind" | "vatPercent">): boolean {
  return details.dealerKind !== "exempt" && details.vatPercent > 0;
}
