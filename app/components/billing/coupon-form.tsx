import { Form } from "react-router";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";

/**
 * The order pages' coupon field (decision 0051): a plain POST to the page itself (it works without
 * JavaScript), whose answer shows the code's prices or, translated, why it was refused.
 */
export function CouponForm({ action, code, error }: { action: string; code?: string; error?: string | null }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={action} className="mt-6 flex flex-wrap items-end gap-3" data-testid="coupon-form">
      <input type="hidden" name="intent" value="coupon" />
      <div className="min-w-0 grow">
        <Field id="coupon-code" label={t("coupon.label")} hint={t("coupon.hint")} error={error ?? undefined}>
          {(control) => (
            <input
              {...control}
              name="code"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              maxLength={40}
              defaultValue={code}
              className="w-full rounded-md border border-ink-300 bg-white px-3 py-2 uppercase text-ink-900 aria-[invalid=true]:border-danger-700"
            />
          )}
        </Field>
      </div>
      <button type="submit" className="btn btn-secondary mb-7">
        {t("coupon.apply")}
      </button>
    </Form>
  );
}

/** A price before and after the coupon, and what it took off. */
export function CouponPrices({
  code,
  quote,
  note,
}: {
  code: string;
  quote: { before: string; after: string; discount: string };
  note?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 rounded-md bg-green-50 p-4" role="status" data-testid="coupon-prices">
      <p className="font-semibold text-success-700">
        <bdi>{t("coupon.applied", { code, discount: quote.discount })}</bdi>
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-ink-700">{t("coupon.before")}</dt>
        <dd data-testid="coupon-before">
          <del>
            <bdi>{quote.before}</bdi>
          </del>
        </dd>
        <dt className="text-ink-700">{t("coupon.after")}</dt>
        <dd className="font-bold text-brand-900" data-testid="coupon-after">
          <bdi>{quote.after}</bdi>
        </dd>
      </dl>
      {note ? <p className="mt-2 text-sm text-ink-700">{note}</p> : null}
    </div>
  );
}
