import type { DealerKind } from "./business";

/**
 * What a page shows before a purchase (issue 33, point 3): who sells, whether prices include VAT, and
 * the cancellation terms — in the page's language, with the fee's cap in the currencies of the prices
 * on that page. Built by the route's loader (business.server.ts: sellerTerms).
 */
export interface SellerTermsView {
  legalName: string;
  dealerKind: DealerKind;
  /** Nine digits, shown left to right. */
  dealerNumber: string;
  address: string;
  email: string;
  phone: string;
  /** The VAT rate prices include ("18%"); null when they carry none (an exempt dealer). */
  vat: string | null;
  /** The days after the purchase's day on which it can be cancelled. */
  days: number;
  /** The fee's percentage ("5%"). */
  percent: string;
  /** The fee's cap for each currency of the page's prices, formatted ("₪100.00", "$20.00"); shekels first. */
  caps: { currency: string; cap: string }[];
  /** The dollar's price in shekels below which the dollar cap stays under ₪100 ("₪5"). */
  dollarBound: string;
}
