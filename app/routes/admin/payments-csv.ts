import { servicesOf } from "~/context.server";
import { centsToAmount } from "~/models/catalogue-admin.schema";
import { ledger, vatWithin } from "~/models/tax-documents.server";
import { getAdmin } from "./guard.server";
import type { Route } from "./+types/payments-csv";

/**
 * GET /admin/payments.csv (admins only, the admin layout's guard and this one): every payment with its
 * tax documents, for the accountant (issue 33, decision 0048). One line per document (a payment with
 * none has one line without), oldest first. UTF-8 with a byte-order mark, so Excel reads Hebrew names;
 * amounts in major units with two decimals (from integer minor units); the VAT within a document is
 * worked out once, by vatWithin. "amount" is what was charged; a coupon's code and what it took off
 * are beside it. A GET that changes nothing.
 */

/** A cell a spreadsheet will not run as a formula (as the newsletter's export does). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const HEADER = [
  "paid_at",
  "payment_id",
  "buyer_email",
  "buyer_name",
  "for",
  "amount",
  "currency",
  "coupon",
  "discount",
  "provider",
  "provider_reference",
  "payment_status",
  "document_kind",
  "document_type",
  "document_number",
  "document_status",
  "document_amount",
  "vat_percent",
  "vat_amount",
  "document_issued_at",
  "document_url",
];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  const { db, log } = servicesOf(context);
  const rows = await ledger(db);
  log.info({ adminId: admin.id, count: rows.length }, "admin: payments exported");
  const lines = rows.map((r) => {
    const d = r.document;
    const vat = d?.status === "issued" && r.vatBasisPoints !== null ? r.vatBasisPoints : null;
    return [
      r.paidAt,
      r.paymentId,
      r.email ?? "",
      r.name ?? "",
      r.what,
      centsToAmount(r.amountCents),
      r.currency,
      r.couponCode ?? "",
      r.discountCents ? centsToAmount(r.discountCents) : "",
      r.provider,
      r.reference,
      r.status,
      d?.kind ?? "",
      d?.type ?? "",
      d?.number ?? "",
      d?.status ?? "",
      d ? centsToAmount(d.amountCents) : "",
      vat === null ? "" : centsToAmount(vat),
      vat === null || !d ? "" : centsToAmount(vatWithin(d.amountCents, vat)),
      d?.issuedAt ?? "",
      d?.url ?? "",
    ]
      .map(csvCell)
      .join(",");
  });
  const body = `\uFEFF${[HEADER.join(","), ...lines].join("\r\n")}\r\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="lomda-payments.csv"',
      "Cache-Control": "no-store",
    },
  });
}
