import { data } from "react-router";
import { DetailsPage, useDetailsFields } from "~/components/admin/details-page";
import { Field, FieldError } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";
import { pageContext, servicesOf } from "~/context.server";
import { BUSINESS_LIMITS, DEALER_KINDS, type BusinessDetails } from "~/models/business";
import { BUSINESS_FORM, businessForm, type BusinessErrorKey, type BusinessField } from "~/models/business.schema";
import { businessDetails, saveBusinessDetails } from "~/models/business.server";
import type { StringsHandle } from "~/i18n/sections";
import { getAdmin } from "./guard.server";
import { readDetailsForm, type DetailsAnswer } from "./details-form.server";
import type { Route } from "./+types/business";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["adminBusiness"] } satisfies StringsHandle;

/**
 * /admin/business (admins only, by the layout): the school's business details — legal name in each
 * language, the kind of business and its number, address, email, phone and the VAT rate prices
 * include (issue 33, point 2). The order and subscription pages and the terms show them before a
 * purchase (decision 0047); kept in site_settings as the accessibility statement's details are.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t } = pageContext(context, request);
  return { title: t("adminBusiness.title"), details: await businessDetails(servicesOf(context).db) };
}

type ActionResult = DetailsAnswer<BusinessField, BusinessErrorKey, "adminBusiness.saved" | "adminBusiness.unchanged">;

export async function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const { db, log } = servicesOf(context);
  const form = await readDetailsForm(request, BUSINESS_FORM, businessForm);
  if (!form.ok) return form.refusal;
  const change = await saveBusinessDetails(db, form.details satisfies BusinessDetails);
  if (change === "changed")
    log.info(
      { by: admin.id, dealerKind: form.details.dealerKind, vatPercent: form.details.vatPercent },
      "admin: business details saved",
    );
  return data<ActionResult>({
    ok: change === "changed" ? "adminBusiness.saved" : "adminBusiness.unchanged",
    errors: {},
    values: {},
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

const INPUT =
  "w-full rounded-md border border-ink-300 bg-white px-3 py-2 text-ink-900 aria-[invalid=true]:border-danger-700";

type TextField = Exclude<BusinessField, "dealerKind">;

export default function AdminBusiness({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { errors, value, message } = useDetailsFields(actionData, loaderData.details);
  /** A one-line text field of the form: its label, limit, direction and language. */
  const text = (
    name: TextField,
    options: {
      max: number;
      hint?: string;
      type?: "text" | "email" | "tel";
      dir?: "ltr" | "rtl";
      lang?: "en" | "he";
      inputMode?: "numeric" | "decimal";
      narrow?: boolean;
    },
  ) => (
    <Field id={name} label={t(`adminBusiness.${name}`)} hint={options.hint} error={message(name)} required>
      {(control) => (
        <input
          {...control}
          name={name}
          type={options.type ?? "text"}
          dir={options.dir}
          lang={options.lang}
          inputMode={options.inputMode}
          autoComplete="off"
          maxLength={options.max}
          defaultValue={value(name)}
          className={`${INPUT} ${options.narrow ? "sm:max-w-56" : ""}`}
        />
      )}
    </Field>
  );
  return (
    <DetailsPage section="adminBusiness" view="/terms#cancellation" name="business" answer={actionData}>
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">{t("adminBusiness.businessHeading")}</legend>
        {text("legalNameEn", { max: BUSINESS_LIMITS.name, dir: "ltr", lang: "en" })}
        {text("legalNameHe", { max: BUSINESS_LIMITS.name, dir: "rtl", lang: "he" })}
        <fieldset
          className="flex min-w-0 flex-col gap-2"
          aria-describedby={errors.dealerKind ? "dealerKind-error" : undefined}
        >
          <legend className="mb-1 text-sm font-semibold text-ink-800">{t("adminBusiness.dealerKind")}</legend>
          {DEALER_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2">
              <input
                type="radio"
                name="dealerKind"
                value={kind}
                defaultChecked={value("dealerKind") === kind}
                aria-invalid={errors.dealerKind ? true : undefined}
                className="size-4"
              />
              {t(`adminBusiness.kinds.${kind}`)}
            </label>
          ))}
          <FieldError id="dealerKind-error" error={message("dealerKind")} />
        </fieldset>
        {text("dealerNumber", {
          max: 20,
          hint: t("adminBusiness.dealerNumberHint"),
          dir: "ltr",
          inputMode: "numeric",
          narrow: true,
        })}
        {text("vatPercent", {
          max: 5,
          hint: t("adminBusiness.vatHint"),
          dir: "ltr",
          inputMode: "decimal",
          narrow: true,
        })}
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">{t("adminBusiness.contactHeading")}</legend>
        {text("addressEn", { max: BUSINESS_LIMITS.address, dir: "ltr", lang: "en" })}
        {text("addressHe", { max: BUSINESS_LIMITS.address, dir: "rtl", lang: "he" })}
        {text("email", { max: BUSINESS_LIMITS.email, type: "email", dir: "ltr" })}
        {text("phone", { max: BUSINESS_LIMITS.phone, type: "tel", dir: "ltr" })}
      </fieldset>
    </DetailsPage>
  );
}
