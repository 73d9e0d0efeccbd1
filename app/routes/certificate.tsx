import { data, Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { formatDate } from "~/i18n/format";
import { getCatalogue, pageContext, servicesOf } from "~/context.server";
import { lessonUrl } from "~/models/catalogue.urls";
import { passHeaders } from "~/lib/http";
import { findCertificate } from "~/models/certificate.server";
import { site } from "~/models/site";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { StringsHandle } from "~/i18n/sections";
import type { Route } from "./+types/certificate";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["certificate"] } satisfies StringsHandle;

/**
 * /certificates/<id>: a certificate of completion, printable, in the page's language, and its public
 * verification. Anyone with the address sees what the certificate says — the learner's name as it was
 * issued, the course, the date — and nothing else about the learner. Never cached: a revocation shows
 * at once.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  // A certificate's id is case-sensitive: its address is the one canonical spelling.
  const { locale, t, meta, config } = pageContext(context, request, `/certificates/${params.id}`);
  const headers = { "Cache-Control": "private, no-store" };
  const certificate = await findCertificate(servicesOf(context).db, params.id);
  if (!certificate) throw data(t("certificate.notFound"), { status: 404, headers });
  const course = certificate.title[locale];
  const school = { name: t("site.name"), address: site.address[locale], email: site.email };
  // What it attests: the list's lessons, each on its own page (while the list is published).
  const list = getCatalogue(context).lists.get(certificate.listId);
  const covers = list
    ? list.lessons.map((lesson) => ({
        key: lesson.slug,
        title: lesson.title[locale],
        duration: lesson.duration,
        href: lessonUrl(list.slug, lesson.slug),
      }))
    : [];
  return data(
    {
      meta: meta(t("certificate.metaTitle", { course }), t("certificate.heading")),
      name: certificate.learnerName,
      course,
      date: formatDate(certificate.issuedAt, locale),
      id: certificate.id,
      url: `${config.PUBLIC_URL}/certificates/${certificate.id}`,
      school,
      revoked: certificate.revokedAt ? formatDate(certificate.revokedAt, locale) : null,
      covers,
    },
    { status: certificate.revokedAt ? 410 : 200, headers },
  );
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.meta.title }, { name: "robots", content: "noindex" }];
}

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { name, course, date, id, url, school, revoked, covers } = loaderData;
  // Printing needs JavaScript; without it the browser's own Print does the same.
  const hydrated = useHydrated();
  return (
    <section
      className="container-page max-w-4xl py-10 print:max-w-none print:p-0"
      aria-labelledby="certificate-heading"
    >
      <div
        role="status"
        className={`mb-6 rounded-[var(--radius-card)] p-4 font-semibold print:hidden ${
          revoked ? "bg-red-50 text-red-900" : "bg-green-50 text-success-700"
        }`}
        data-testid="certificate-status"
      >
        {revoked ? t("certificate.revoked", { date: revoked }) : t("certificate.valid")}
      </div>
      <article
        className={`certificate rounded-[var(--radius-card)] border-8 border-double border-brand-700 bg-white px-6 py-12 text-center shadow-[var(--shadow-card)] sm:px-16 print:shadow-none ${
          revoked ? "opacity-60" : ""
        }`}
        data-testid="certificate"
      >
        <p className="text-lg font-extrabold tracking-wide text-brand-700">{school.name}</p>
        <h1 id="certificate-heading" className="mt-6 text-3xl font-extrabold text-ink-900 sm:text-4xl">
          {t("certificate.heading")}
        </h1>
        <p className="mt-8 text-ink-700">{t("certificate.certifies")}</p>
        <p className="mt-2 text-3xl font-bold break-words text-ink-900" data-testid="certificate-name">
          <bdi>{name}</bdi>
        </p>
        <p className="mt-6 text-ink-700">{t("certificate.completed")}</p>
        <p className="mt-2 text-2xl font-bold break-words text-brand-800" data-testid="certificate-course">
          <bdi>{course}</bdi>
        </p>
        <p className="mt-6 text-ink-700">{t("certificate.on", { date })}</p>
        <footer className="mt-12 border-t border-ink-200 pt-6 text-sm text-ink-600">
          <p>{t("certificate.issuedBy", { school: school.name })}</p>
          <p className="mt-1">
            <bdi>{school.address}</bdi> · <bdi dir="ltr">{school.email}</bdi>
          </p>
          <p className="mt-3 break-all" data-testid="certificate-verify">
            {t("certificate.verifyAt")} <bdi dir="ltr">{url}</bdi>
          </p>
          <p className="mt-1">
            {t("certificate.numberLabel")}{" "}
            <bdi dir="ltr" className="font-mono">
              {id}
            </bdi>
          </p>
        </footer>
      </article>
      {covers.length > 0 && !revoked ? (
        <section className="mt-10 print:hidden" aria-labelledby="certificate-covers" data-testid="certificate-covers">
          <h2 id="certificate-covers" className="text-xl font-bold text-ink-900">
            {t("certificate.coversHeading", { count: covers.length })}
          </h2>
          <ol className="mt-3 grid gap-1 sm:grid-cols-2">
            {covers.map((lesson, index) => (
              <li key={lesson.key} className="flex gap-2">
                <span className="w-7 shrink-0 text-ink-600 tabular-nums">{index + 1}.</span>
                <Link
                  to={lesson.href}
                  className="min-w-0 break-words text-brand-800 underline-offset-4 hover:underline"
                >
                  {lesson.title}
                </Link>
                {lesson.duration ? (
                  <span dir="ltr" className="ms-auto shrink-0 text-sm text-ink-600 tabular-nums">
                    {lesson.duration}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {hydrated ? (
        <p className="mt-6 text-center print:hidden">
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            {t("certificate.print")}
          </button>
        </p>
      ) : null}
    </section>
  );
}
