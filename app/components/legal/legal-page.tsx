import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { isLocale } from "~/i18n/locale";
import { PageHeader } from "~/components/layout/page-header";
import { site } from "~/models/site";

export interface LegalSection {
  /** The section's anchor (#id): English in both languages, so a link to a section works in either. */
  id: string;
  heading: string;
  body: ReactNode;
}

/**
 * The terms of use, the privacy notice and the accessibility statement (/terms, /privacy,
 * /accessibility): the date and version at the top (the version is what sign-up records with the
 * consent; the statement has none), a table of contents, then one section per topic, in a column
 * narrow enough to read.
 */
export function LegalPage({
  title,
  intro,
  updated,
  updatedLine,
  version,
  sections,
}: {
  title: string;
  intro: string;
  /** The "Last updated" date, formatted in the page's language. */
  updated: string;
  /** The line that shows it, when not "Last updated: …" (the accessibility statement's last review). */
  updatedLine?: string;
  version?: string;
  sections: LegalSection[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      <div className="container-page py-12 sm:py-16">
        <div className="mx-auto max-w-3xl">
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-600">
            <span data-testid="legal-updated">{updatedLine ?? t("legal.updated", { date: updated })}</span>
            {version ? (
              <span>
                {t("legal.version")}{" "}
                <code dir="ltr" className="font-mono" data-testid="legal-version">
                  {version}
                </code>
              </span>
            ) : null}
          </p>
          <p className="mt-4 text-lg text-ink-700">{intro}</p>
          <nav aria-labelledby="legal-contents" className="mt-8 rounded-lg border border-ink-100 bg-ink-50 p-5">
            <h2 id="legal-contents" className="text-base font-bold text-ink-900">
              {t("legal.contents")}
            </h2>
            <ol className="mt-3 list-decimal space-y-1 ps-6 text-ink-800">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="text-brand-800 underline-offset-4 hover:underline">
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              // Below the sticky header when reached by its link.
              className="mt-10 scroll-mt-24 space-y-4 leading-relaxed text-ink-800"
            >
              <h2 id={`${section.id}-heading`} className="text-2xl font-extrabold text-ink-900">
                {section.heading}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

/** The school's name and contact details, as the footer and the contact page show them (content/site.ts). */
export function SchoolContact() {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <dl className="grid gap-x-4 gap-y-1 rounded-lg bg-ink-50 p-4 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">{t("legal.contactName")}</dt>
      <dd>{t("site.name")}</dd>
      <dt className="font-semibold">{t("footer.address")}</dt>
      <dd>{site.address[locale]}</dd>
      <dt className="font-semibold">{t("footer.email")}</dt>
      <dd>
        <a href={`mailto:${site.email}`} dir="ltr" className="text-brand-800 underline">
          {site.email}
        </a>
      </dd>
      <dt className="font-semibold">{t("footer.phone")}</dt>
      <dd>
        <a href={`tel:${site.phone.replace(/[^+\d]/g, "")}`} dir="ltr" className="text-brand-800 underline">
          {site.phone}
        </a>
      </dd>
    </dl>
  );
}

/** A list of labelled items: "<strong>Label</strong> text". */
export function LabelledList({ items }: { items: { label: string; text: ReactNode }[] }) {
  return (
    <ul className="list-disc space-y-3 ps-6">
      {items.map((item) => (
        <li key={item.label}>
          <strong className="font-semibold text-ink-900">{item.label}</strong> {item.text}
        </li>
      ))}
    </ul>
  );
}

/** A link to the other legal page, or to another page of the site, inside a paragraph's end. */
export function SeeAlso({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className="font-semibold text-brand-800 underline">
        {children}
      </Link>
    </p>
  );
}
