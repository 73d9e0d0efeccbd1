import { useTranslation } from "~/i18n/use-translation";
import { LabelledList, LegalPage, type LegalSection } from "~/components/legal/legal-page";
import { formatDate } from "~/i18n/format";
import { pageContext, servicesOf } from "~/context.server";
import { pageMeta } from "~/lib/meta";
import { accessibilitySettings } from "~/models/accessibility.server";
import type { Route } from "./+types/accessibility";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["legal"] } satisfies StringsHandle;

/**
 * /accessibility: the accessibility statement Israel's regulations ask of a site serving the public
 * (issue 32 point 5). The text says what the site does (the checks in tests/e2e, the skip link, the
 * languages' directions, the form kit, the captcha in use) and what it does not do yet; the
 * coordinator's details, the date of the last review and any further gaps are the admin's
 * (/admin/accessibility, kept in site_settings).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta, config } = pageContext(context, request);
  const settings = await accessibilitySettings(servicesOf(context).db);
  const gaps = locale === "he" ? settings.gapsHe : settings.gapsEn;
  return {
    meta: meta(t("legal.accessibility.metaTitle"), t("legal.accessibility.description")),
    reviewed: formatDate(settings.reviewedOn, locale),
    coordinator: {
      name: settings.coordinatorName,
      email: settings.coordinatorEmail,
      phone: settings.coordinatorPhone,
    },
    // The admin's own paragraphs, in the page's language: parted by empty lines.
    gaps: gaps
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    captcha: config.CAPTCHA,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Accessibility({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { coordinator, captcha } = loaderData;
  const features: { label: string; text: string }[] = (
    ["keyboard", "screenReaders", "languages", "zoom", "contrast", "motion", "forms"] as const
  ).map((item) => ({
    label: t(`legal.accessibility.features.${item}Label`),
    text: t(`legal.accessibility.features.${item}`),
  }));
  // Which check the forms carry depends on the configuration; with none (development), nothing to say.
  if (captcha !== "off")
    features.push({
      label: t("legal.accessibility.features.captchaLabel"),
      text: t(
        captcha === "hcaptcha"
          ? "legal.accessibility.features.captchaHcaptcha"
          : "legal.accessibility.features.captchaAltcha",
      ),
    });
  const sections: LegalSection[] = [
    {
      id: "standard",
      heading: t("legal.accessibility.standard.heading"),
      body: (
        <>
          <p>{t("legal.accessibility.standard.p1")}</p>
          <p>{t("legal.accessibility.standard.p2")}</p>
        </>
      ),
    },
    {
      id: "features",
      heading: t("legal.accessibility.features.heading"),
      body: (
        <>
          <p>{t("legal.accessibility.features.intro")}</p>
          <LabelledList items={features} />
        </>
      ),
    },
    {
      id: "testing",
      heading: t("legal.accessibility.testing.heading"),
      body: (
        <>
          <p>{t("legal.accessibility.testing.p1")}</p>
          <p>{t("legal.accessibility.testing.p2")}</p>
        </>
      ),
    },
    {
      id: "not-yet-accessible",
      heading: t("legal.accessibility.gaps.heading"),
      body: (
        <>
          <p>{t("legal.accessibility.gaps.intro")}</p>
          <LabelledList
            items={(["videos", "youtube", "others"] as const).map((item) => ({
              label: t(`legal.accessibility.gaps.${item}Label`),
              text: t(`legal.accessibility.gaps.${item}`),
            }))}
          />
          {loaderData.gaps.length > 0 ? (
            <div className="space-y-4" data-testid="accessibility-gaps">
              {loaderData.gaps.map((paragraph, i) => (
                // Plain text as the admin typed it (React escapes it); its lines kept.
                <p key={i} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </div>
          ) : null}
        </>
      ),
    },
    {
      id: "coordinator",
      heading: t("legal.accessibility.contact.heading"),
      body: (
        <>
          <p>{t("legal.accessibility.contact.p1")}</p>
          <dl
            className="grid gap-x-4 gap-y-1 rounded-lg bg-ink-50 p-4 sm:grid-cols-[auto_1fr]"
            data-testid="accessibility-coordinator"
          >
            <dt className="font-semibold">{t("legal.accessibility.contact.name")}</dt>
            <dd>
              <bdi>{coordinator.name || t("legal.accessibility.contact.role")}</bdi>
            </dd>
            <dt className="font-semibold">{t("legal.accessibility.contact.email")}</dt>
            <dd>
              <a href={`mailto:${coordinator.email}`} dir="ltr" className="break-all text-brand-800 underline">
                {coordinator.email}
              </a>
            </dd>
            {coordinator.phone ? (
              <>
                <dt className="font-semibold">{t("legal.accessibility.contact.phone")}</dt>
                <dd>
                  <a
                    href={`tel:${coordinator.phone.replace(/[^+\d]/g, "")}`}
                    dir="ltr"
                    className="text-brand-800 underline"
                  >
                    {coordinator.phone}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
          <p>{t("legal.accessibility.contact.p2")}</p>
        </>
      ),
    },
  ];
  return (
    <LegalPage
      title={t("legal.accessibility.title")}
      intro={t("legal.accessibility.intro")}
      updated={loaderData.reviewed}
      updatedLine={t("legal.accessibility.reviewed", { date: loaderData.reviewed })}
      sections={sections}
    />
  );
}
