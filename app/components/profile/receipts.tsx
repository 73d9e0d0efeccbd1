import { useTranslation } from "~/i18n/use-translation";
import type { TranslationKey } from "~/i18n/keys";

/** A tax document as the profile lists it (app/models/tax-documents.server.ts: documentsOfUser). */
export interface ReceiptRow {
  id: string;
  number: string;
  /** The issuer's document type (Receipt, TaxInvoiceAndReceipt…), named in words here. */
  type: string | null;
  date: string;
  amount: string;
  /** The issuer's page of the document; only http(s). */
  url: string | null;
}

const KNOWN = new Set(["Receipt", "ReceiptRefund", "TaxInvoiceAndReceipt", "TaxInvoiceAndReceiptRefund"]);

/** The document type in the reader's words ("Tax invoice and receipt" / "חשבונית מס/קבלה"). */
export function documentTypeKey(type: string | null): TranslationKey {
  return `taxDocuments.types.${type && KNOWN.has(type) ? type : "unknown"}` as TranslationKey;
}

/** The learner's receipts: number, type, date, amount and the link; the ones still being issued counted. */
export function Receipts({ rows, pending }: { rows: readonly ReceiptRow[]; pending: number }) {
  const { t } = useTranslation();
  return (
    <section className="container-page max-w-3xl pb-14" aria-labelledby="receipts-heading" data-testid="receipts">
      <h2 id="receipts-heading" className="text-2xl font-bold">
        {t("taxDocuments.heading")}
      </h2>
      {pending > 0 ? (
        <p className="mt-3 text-ink-700" data-testid="receipts-pending">
          {t("taxDocuments.pendingNote", { count: pending })}
        </p>
      ) : null}
      {rows.length === 0 ? (
        pending > 0 ? null : (
          <p className="mt-3 text-ink-600" data-testid="receipts-empty">
            {t("taxDocuments.none")}
          </p>
        )
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-start">
            <thead>
              <tr className="border-b border-ink-200 text-sm text-ink-600">
                {(["number", "type", "date", "amount", "link"] as const).map((column) => (
                  <th key={column} scope="col" className="py-2 pe-3 text-start">
                    {t(`taxDocuments.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const type = t(documentTypeKey(r.type));
                return (
                  <tr key={r.id} className="border-b border-ink-100" data-testid="receipt-row">
                    <td className="py-2 pe-3">
                      <bdi dir="ltr">{r.number}</bdi>
                    </td>
                    <td className="py-2 pe-3">{type}</td>
                    <td className="py-2 pe-3">{r.date}</td>
                    <td className="py-2 pe-3">
                      <bdi>{r.amount}</bdi>
                    </td>
                    <td className="py-2 pe-3">
                      {r.url && /^https?:\/\//i.test(r.url) ? (
                        <a href={r.url} rel="noreferrer" className="font-semibold text-brand-800 underline">
                          {t("taxDocuments.open")}
                          <span className="sr-only">: {t("taxDocuments.openAbout", { type, number: r.number })}</span>
                        </a>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
