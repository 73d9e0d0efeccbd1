import { data } from "react-router";
import { DetailsPage, useDetailsFields } from "~/components/admin/details-page";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";
import { pageContext, servicesOf } from "~/context.server";
import { ACCESSIBILITY_LIMITS, type AccessibilitySettings } from "~/models/accessibility";
import {
  ACCESSIBILITY_FORM,
  accessibilityForm,
  type AccessibilityErrorKey,
  type AccessibilityField,
} from "~/models/accessibility.schema";
import { accessibilitySettings, saveAccessibilitySettings } from "~/models/accessibility.server";
import type { StringsHandle } from "~/i18n/sections";
import { getAdmin } from "./guard.server";
import { readDetailsForm, type DetailsAnswer } from "./details-form.server";
import type { Route } from "./+types/accessibility";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["adminAccessibility"] } satisfies StringsHandle;

/**
 * /admin/accessibility (admins only, by the layout): the accessibility statement's details that the
 * school keeps current — the coordinator's name, email and phone, the date of the last review, and
 * what else is not yet accessible, in each language. The statement's own text is in app/i18n.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t } = pageContext(context, request);
  return { title: t("adminAccessibility.title"), settings: await accessibilitySettings(servicesOf(context).db) };
}

type ActionResult = DetailsAnswer<
  AccessibilityField,
  AccessibilityErrorKey,
  "adminAccessibility.saved" | "adminAccessibility.unchanged"
>;

export async function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const { db, log } = servicesOf(context);
  const form = await readDetailsForm(request, ACCESSIBILITY_FORM, accessibilityForm);
  if (!form.ok) return form.refusal;
  const change = await saveAccessibilitySettings(db, form.details satisfies AccessibilitySettings);
  if (change === "changed") log.info({ by: admin.id }, "accessibility statement details saved");
  return data<ActionResult>({
    ok: change === "changed" ? "adminAccessibility.saved" : "adminAccessibility.unchanged",
    errors: {},
    values: {},
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

const INPUT =
  "w-full rounded-md border border-ink-300 bg-white px-3 py-2 text-ink-900 aria-[invalid=true]:border-danger-700";

export default function AdminAccessibility({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { value, message } = useDetailsFields(actionData, loaderData.settings);
  return (
    <DetailsPage section="adminAccessibility" view="/accessibility" name="accessibility" answer={actionData}>
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">{t("adminAccessibility.coordinatorHeading")}</legend>
        <Field
          id="coordinatorName"
          label={t("adminAccessibility.name")}
          hint={t("adminAccessibility.nameHint")}
          error={message("coordinatorName")}
          required
        >
          {(control) => (
            <input
              {...control}
              name="coordinatorName"
              autoComplete="off"
              maxLength={ACCESSIBILITY_LIMITS.name}
              defaultValue={value("coordinatorName")}
              className={INPUT}
            />
          )}
        </Field>
        <Field id="coordinatorEmail" label={t("adminAccessibility.email")} error={message("coordinatorEmail")} required>
          {(control) => (
            <input
              {...control}
              name="coordinatorEmail"
              type="email"
              dir="ltr"
              autoComplete="off"
              maxLength={ACCESSIBILITY_LIMITS.email}
              defaultValue={value("coordinatorEmail")}
              className={INPUT}
            />
          )}
        </Field>
        <Field
          id="coordinatorPhone"
          label={t("adminAccessibility.phone")}
          hint={t("adminAccessibility.phoneHint")}
          error={message("coordinatorPhone")}
        >
          {(control) => (
            <input
              {...control}
              name="coordinatorPhone"
              type="tel"
              dir="ltr"
              autoComplete="off"
              maxLength={ACCESSIBILITY_LIMITS.phone}
              defaultValue={value("coordinatorPhone")}
              className={INPUT}
            />
          )}
        </Field>
        <Field
          id="reviewedOn"
          label={t("adminAccessibility.reviewedOn")}
          hint={t("adminAccessibility.reviewedOnHint")}
          error={message("reviewedOn")}
          required
        >
          {(control) => (
            <input
              {...control}
              name="reviewedOn"
              type="date"
              defaultValue={value("reviewedOn")}
              className={`${INPUT} sm:max-w-56`}
            />
          )}
        </Field>
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">{t("adminAccessibility.gapsHeading")}</legend>
        <p className="text-sm text-ink-700">{t("adminAccessibility.gapsIntro")}</p>
        <Field id="gapsEn" label={t("adminAccessibility.gapsEn")} error={message("gapsEn")}>
          {(control) => (
            <textarea
              {...control}
              name="gapsEn"
              lang="en"
              dir="ltr"
              rows={5}
              maxLength={ACCESSIBILITY_LIMITS.gaps}
              defaultValue={value("gapsEn")}
              className={INPUT}
            />
          )}
        </Field>
        <Field id="gapsHe" label={t("adminAccessibility.gapsHe")} error={message("gapsHe")}>
          {(control) => (
            <textarea
              {...control}
              name="gapsHe"
              lang="he"
              dir="rtl"
              rows={5}
              maxLength={ACCESSIBILITY_LIMITS.gaps}
              defaultValue={value("gapsHe")}
              className={INPUT}
            />
          )}
        </Field>
      </fieldset>
    </DetailsPage>
  );
}
