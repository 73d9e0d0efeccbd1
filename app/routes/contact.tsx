import { useTranslation } from "~/i18n/use-translation";
import { site } from "~/models/site";
import { SubmissionForm } from "~/components/forms/submission-form";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/meta";
import { localeContext, pageContext, servicesOf } from "~/context.server";
import { mapLinkFor } from "~/lib/map-link";
import { handleSubmission } from "./submission-action.server";
import type { Route } from "./+types/contact";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["contact", "forms"] } satisfies StringsHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, meta, config } = pageContext(context, request);
  return {
    meta: meta(t("contact.metaTitle"), t("contact.description")),
    mapUrl: config.MAP_EMBED_URL,
    mapLink: mapLinkFor(config.MAP_EMBED_URL),
    captcha: config.CAPTCHA,
    hcaptchaSiteKey: config.CAPTCHA === "hcaptcha" ? (config.HCAPTCHA_SITEKEY ?? null) : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  return handleSubmission("contact", request, servicesOf(context), context.get(localeContext).locale);
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === "he" ? "he" : "en";
  return (
    <>
      <PageHeader title={t("contact.title")} />
      <section className="container-page py-14" aria-labelledby="contact-heading">
        <div className="mb-10 text-center">
          <p className="text-sm font-bold tracking-wide text-brand-700">{t("contact.eyebrow")}</p>
          <h2 id="contact-heading" className="mt-1 text-3xl font-extrabold sm:text-4xl">
            {t("contact.heading")}
          </h2>
        </div>
        <div className="grid gap-10 lg:grid-cols-3">
          <div>
            <p className="text-ink-700">{t("contact.intro")}</p>
            <dl className="mt-6 space-y-4">
              <div>
                <dt className="font-bold">{t("contact.office")}</dt>
                <dd className="text-ink-700">{site.address[locale]}</dd>
              </div>
              <div>
                {/* The office's number is a landline: "Phone", not "Mobile" (D-L3). */}
                <dt className="font-bold">{t("contact.phone")}</dt>
                <dd>
                  <a href={`tel:${site.phone.replace(/[^+\d]/g, "")}`} dir="ltr" className="text-brand-800 underline">
                    {site.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-bold">{t("contact.email")}</dt>
                <dd>
                  <a href={`mailto:${site.email}`} dir="ltr" className="text-brand-800 underline">
                    {site.email}
                  </a>
                </dd>
              </div>
            </dl>
          </div>
          <div>
            <iframe
              src={loaderData.mapUrl}
              title={t("contact.map")}
              loading="lazy"
              referrerPolicy="no-referrer"
              className="h-full min-h-[300px] w-full rounded-[var(--radius-card)] border-0 bg-ink-100"
              data-testid="map"
            />
            {/* A frame that cannot load shows only the browser's broken-frame icon: the way to the map, always there. */}
            <p className="mt-2 text-sm text-ink-700">
              {t("contact.mapFallback")}{" "}
              <a
                href={loaderData.mapLink}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-800 underline"
                data-testid="map-link"
              >
                {t("contact.mapOpen")}
              </a>
            </p>
          </div>
          <div>
            <h3 className="mb-4 text-xl font-bold">{t("contact.formHeading")}</h3>
            <SubmissionForm
              action="/contact"
              intent="contact"
              captcha={loaderData.captcha}
              hcaptchaSiteKey={loaderData.hcaptchaSiteKey}
              labels={{
                name: t("forms.name"),
                email: t("forms.email"),
                phone: t("forms.phone"),
                message: t("forms.messageOptional"),
              }}
              result={actionData}
              testId="contact-form"
            />
          </div>
        </div>
      </section>
    </>
  );
}
