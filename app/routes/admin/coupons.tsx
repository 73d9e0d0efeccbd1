import { data, Form } from "react-router";
import { z } from "zod";
import { AdminTable } from "~/components/admin/admin-table";
import { RowAction } from "~/components/admin/row-action";
import { PageHeader } from "~/components/layout/page-header";
import { Field, FieldError } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";
import { formatDate, formatMoney } from "~/i18n/format";
import { getCatalogue, pageContext, servicesOf } from "~/context.server";
import { COUPON_CODE_MAX, PRICE_FLOOR } from "~/models/coupons";
import {
  COUPON_CURRENCIES,
  COUPON_LIMITS,
  parseCouponForm,
  type CouponField,
  type CouponFormErrors,
} from "~/models/coupons.schema";
import { createCoupon, deactivateCoupon, listCoupons } from "~/models/coupons.server";
import type { StringsHandle } from "~/i18n/sections";
import { getAdmin } from "./guard.server";
import type { Route } from "./+types/coupons";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["admin", "adminCoupons"] } satisfies StringsHandle;

const deactivateRequest = z.object({ intent: z.literal("deactivate"), id: z.string().uuid() });

/** The courses a coupon may name: those sold on their own (the others cannot be bought). */
function courseChoices(context: Route.LoaderArgs["context"], locale: "en" | "he") {
  return [...getCatalogue(context).courses.values()]
    .filter((c) => c.soldSeparately)
    .map((c) => ({ id: c.id, title: c.title[locale] }));
}

/**
 * /admin/coupons (admins only, by the layout): make a coupon — a percentage or an amount off, for
 * everything, a plan or a course, with an expiry and a use limit — see each one's uses, and
 * deactivate one (issue 33, point 4; decision 0051). Buyers enter the codes on the order pages.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t } = pageContext(context, request);
  const courses = courseChoices(context, locale);
  const coupons = await listCoupons(servicesOf(context).db);
  const now = Date.now();
  return {
    title: t("adminCoupons.title"),
    courses,
    floor: {
      ils: formatMoney((PRICE_FLOOR.ILS ?? 0) / 100, "ILS", locale, { cents: true }),
      usd: formatMoney((PRICE_FLOOR.USD ?? 0) / 100, "USD", locale, { cents: true }),
    },
    coupons: coupons.map((c) => ({
      id: c.id,
      code: c.code,
      discount:
        c.kind === "percent"
          ? t("adminCoupons.percentOff", { percent: c.percentOff ?? 0 })
          : formatMoney((c.amountOffCents ?? 0) / 100, c.currency ?? "ILS", locale, { cents: true }),
      scope:
        c.appliesTo === "all"
          ? t("adminCoupons.scopeAll")
          : c.appliesTo === "plan"
            ? t(c.planInterval === "year" ? "adminCoupons.scopeYear" : "adminCoupons.scopeMonth")
            : (courses.find((course) => course.id === c.courseId)?.title ?? t("adminCoupons.scopeGoneCourse")),
      uses:
        c.maxUses === null
          ? t("adminCoupons.usesUnlimited", { count: c.redeemed })
          : t("adminCoupons.usesOf", { used: c.redeemed, limit: c.maxUses }),
      held: c.held > 0 ? t("adminCoupons.held", { count: c.held }) : null,
      expires: c.expiresAt ? formatDate(c.expiresAt, locale) : t("adminCoupons.noExpiry"),
      status: !c.active
        ? ("inactive" as const)
        : c.expiresAt && Date.parse(c.expiresAt) < now
          ? ("expired" as const)
          : c.maxUses !== null && c.redeemed >= c.maxUses
            ? ("usedUp" as const)
            : ("active" as const),
    })),
  };
}

/** One shape for every answer: what was done, or the form's errors with what was typed, or a refusal. */
interface ActionResult {
  ok: "adminCoupons.created" | "adminCoupons.deactivated" | "adminCoupons.unchanged" | null;
  errors: CouponFormErrors;
  values: Record<string, string>;
  refused: "adminCoupons.errors.form" | null;
}
const answer = (over: Partial<ActionResult>): ActionResult => ({
  ok: null,
  errors: {},
  values: {},
  refused: null,
  ...over,
});

export async function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const { db, log } = servicesOf(context);
  const { locale } = pageContext(context, request);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "deactivate") {
    const parsed = deactivateRequest.safeParse(form);
    if (!parsed.success) return data(answer({ refused: "adminCoupons.errors.form" }), { status: 400 });
    const change = await deactivateCoupon(db, parsed.data.id);
    if (change === "missing") return data(answer({ refused: "adminCoupons.errors.form" }), { status: 404 });
    if (change === "changed") log.info({ by: admin.id, coupon: parsed.data.id }, "admin: coupon deactivated");
    return data(answer({ ok: change === "changed" ? "adminCoupons.deactivated" : "adminCoupons.unchanged" }));
  }
  const parsed = parseCouponForm(
    form,
    courseChoices(context, locale).map((c) => c.id),
  );
  if (!parsed.ok) return data(answer({ errors: parsed.errors, values: parsed.values }), { status: 400 });
  const created = await createCoupon(db, parsed.coupon, `admin:${admin.id}`);
  if (created.outcome === "duplicate")
    return data(answer({ errors: { code: "adminCoupons.errors.codeTaken" }, values: parsed.values }), { status: 409 });
  const c = parsed.coupon;
  log.info(
    {
      by: admin.id,
      coupon: created.id,
      code: c.code,
      kind: c.kind,
      percentOff: c.percentOff,
      amountOffCents: c.amountOffCents,
      currency: c.currency,
      appliesTo: c.appliesTo,
      maxUses: c.maxUses,
      expiresAt: c.expiresAt,
    },
    "admin: coupon created",
  );
  return data(answer({ ok: "adminCoupons.created" }));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

const INPUT =
  "w-full rounded-md border border-ink-300 bg-white px-3 py-2 text-ink-900 aria-[invalid=true]:border-danger-700";

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errors: CouponFormErrors = actionData?.errors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const message = (field: CouponField | "kind") => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  // A fresh form after a success (its key changes), the admin's input after a refusal.
  const formKey = actionData?.ok ? `ok-${loaderData.coupons.length}` : "form";
  return (
    <>
      <PageHeader title={t("adminCoupons.title")} trail={[{ label: t("adminCoupons.adminArea"), to: "/admin" }]} />
      {/* A column of blocks, not a grid: a grid's track grows to the coupons' table, past a phone's width. */}
      <div className="container-page flex flex-col gap-10 py-10">
        <p className="max-w-3xl text-ink-700">{t("adminCoupons.intro", loaderData.floor)}</p>
        {actionData?.ok ? (
          <p
            role="status"
            className="rounded-md bg-green-50 p-3 font-semibold text-success-700"
            data-testid="coupon-done"
          >
            {t(actionData.ok)}
          </p>
        ) : null}
        {actionData?.refused ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 font-semibold text-red-900">
            {t(actionData.refused)}
          </p>
        ) : null}
        <section aria-labelledby="new-coupon-heading" className="max-w-2xl">
          <h2 id="new-coupon-heading" className="mb-4 text-2xl font-bold">
            {t("adminCoupons.newHeading")}
          </h2>
          {Object.keys(errors).length > 0 ? (
            <p role="alert" id="coupon-form-error" className="mb-4 rounded-md bg-red-50 p-3 font-semibold text-red-900">
              {t("adminCoupons.formError")}
            </p>
          ) : null}
          <Form method="post" key={formKey} className="flex flex-col gap-4" data-testid="coupon-form">
            <input type="hidden" name="intent" value="create" />
            <Field
              id="code"
              label={t("adminCoupons.code")}
              hint={t("adminCoupons.codeHint")}
              error={message("code")}
              required
            >
              {(control) => (
                <input
                  {...control}
                  name="code"
                  dir="ltr"
                  autoComplete="off"
                  maxLength={COUPON_CODE_MAX}
                  pattern="[A-Za-z0-9][A-Za-z0-9\-]{2,31}"
                  defaultValue={values.code}
                  className={`${INPUT} uppercase sm:max-w-72`}
                />
              )}
            </Field>
            <fieldset className="flex flex-col gap-2" aria-describedby={errors.kind ? "kind-error" : undefined}>
              <legend className="mb-1 text-sm font-semibold text-ink-800">{t("adminCoupons.kind")}</legend>
              {(["percent", "fixed"] as const).map((kind) => (
                <label key={kind} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="kind"
                    value={kind}
                    required
                    defaultChecked={(values.kind ?? "percent") === kind}
                    className="size-4"
                  />
                  {t(`adminCoupons.kinds.${kind}`)}
                </label>
              ))}
              <FieldError id="kind-error" error={message("kind")} />
            </fieldset>
            <Field
              id="percentOff"
              label={t("adminCoupons.percentLabel")}
              hint={t("adminCoupons.percentHint")}
              error={message("percentOff")}
            >
              {(control) => (
                <input
                  {...control}
                  name="percentOff"
                  type="number"
                  min={1}
                  max={100}
                  step={1}
                  dir="ltr"
                  defaultValue={values.percentOff}
                  className={`${INPUT} sm:max-w-32`}
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-4">
              <Field
                id="amountOff"
                label={t("adminCoupons.amountLabel")}
                hint={t("adminCoupons.amountHint")}
                error={message("amountOff")}
              >
                {(control) => (
                  <input
                    {...control}
                    name="amountOff"
                    inputMode="decimal"
                    dir="ltr"
                    maxLength={10}
                    defaultValue={values.amountOff}
                    className={`${INPUT} sm:max-w-40`}
                  />
                )}
              </Field>
              <Field id="currency" label={t("adminCoupons.currency")} error={message("currency")}>
                {(control) => (
                  <select {...control} name="currency" defaultValue={values.currency ?? "ILS"} className={INPUT}>
                    {COUPON_CURRENCIES.map((currency) => (
                      <option key={currency} value={currency}>
                        {t(`adminCoupons.currencies.${currency}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <Field id="appliesTo" label={t("adminCoupons.appliesTo")} error={message("appliesTo")}>
              {(control) => (
                <select {...control} name="appliesTo" defaultValue={values.appliesTo ?? "all"} className={INPUT}>
                  <option value="all">{t("adminCoupons.scopeAll")}</option>
                  <option value="plan:month">{t("adminCoupons.scopeMonth")}</option>
                  <option value="plan:year">{t("adminCoupons.scopeYear")}</option>
                  {loaderData.courses.map((course) => (
                    <option key={course.id} value={`course:${course.id}`}>
                      {t("adminCoupons.scopeCourse", { course: course.title })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div className="flex flex-wrap gap-4">
              <Field
                id="expires"
                label={t("adminCoupons.expires")}
                hint={t("adminCoupons.expiresHint")}
                error={message("expires")}
              >
                {(control) => (
                  <input
                    {...control}
                    name="expires"
                    type="date"
                    dir="ltr"
                    defaultValue={values.expires}
                    className={`${INPUT} sm:max-w-48`}
                  />
                )}
              </Field>
              <Field
                id="maxUses"
                label={t("adminCoupons.maxUses")}
                hint={t("adminCoupons.maxUsesHint")}
                error={message("maxUses")}
              >
                {(control) => (
                  <input
                    {...control}
                    name="maxUses"
                    type="number"
                    min={1}
                    max={COUPON_LIMITS.maxUses}
                    step={1}
                    dir="ltr"
                    defaultValue={values.maxUses}
                    className={`${INPUT} sm:max-w-32`}
                  />
                )}
              </Field>
            </div>
            <div>
              <button type="submit" className="btn btn-primary">
                {t("adminCoupons.create")}
              </button>
            </div>
          </Form>
        </section>
        {loaderData.coupons.length === 0 ? (
          <p className="text-ink-700" data-testid="coupons-empty">
            {t("adminCoupons.none")}
          </p>
        ) : (
          <AdminTable
            name="coupons"
            title={t("adminCoupons.listHeading")}
            columns={[
              t("adminCoupons.code"),
              t("adminCoupons.discount"),
              t("adminCoupons.appliesTo"),
              t("adminCoupons.uses"),
              t("adminCoupons.expires"),
              t("adminCoupons.status"),
            ]}
            actions={t("adminCoupons.actions")}
          >
            {loaderData.coupons.map((c) => (
              <tr key={c.id} className="border-b border-ink-100 align-top">
                <td className="py-2 pe-3 font-semibold">
                  <bdi dir="ltr">{c.code}</bdi>
                </td>
                <td className="py-2 pe-3">
                  <bdi>{c.discount}</bdi>
                </td>
                <td className="py-2 pe-3">
                  <bdi>{c.scope}</bdi>
                </td>
                <td className="py-2 pe-3">
                  {c.uses}
                  {c.held ? <span className="block text-ink-600">{c.held}</span> : null}
                </td>
                <td className="py-2 pe-3">{c.expires}</td>
                <td className="py-2 pe-3">{t(`adminCoupons.statuses.${c.status}`)}</td>
                <td className="py-2">
                  {c.status === "inactive" ? null : (
                    <RowAction
                      fields={{ id: c.id }}
                      intent="deactivate"
                      label={t("adminCoupons.deactivate")}
                      about={c.code}
                      danger
                    />
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
    </>
  );
}
