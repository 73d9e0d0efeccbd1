import { data, Link } from "react-router";
import { ProgressTally } from "~/components/course/progress-tally";
import { PageHeader } from "~/components/layout/page-header";
import { CertificateList, QuizResultsTable } from "~/components/profile/learning-record";
import { getCatalogue, pageContext, servicesOf } from "~/context.server";
import { formatDate, formatDateTime, formatPercent } from "~/i18n/format";
import { useTranslation } from "~/i18n/use-translation";
import { findQuiz } from "~/models/catalogue.server";
import { certificatesOf } from "~/models/certificate.server";
import { startedLists } from "~/models/progress.server";
import { quizHistory } from "~/models/quiz.server";
import { findUserById } from "~/models/user.server";
import type { StringsHandle } from "~/i18n/sections";
import type { Route } from "./+types/learner";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["admin", "certificate", "profile", "progress"] } satisfies StringsHandle;

/**
 * /admin/learners/:id: one learner's progress as the profile shows it to them — the lists they
 * started and how far, their quiz results and their certificates — so an admin can answer "where
 * am I?" or "why no certificate?" without a database. Read only.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const { locale, t } = pageContext(context, request);
  const user = /^[\w-]{1,64}$/.test(params.id) ? await findUserById(db, params.id) : undefined;
  if (!user) throw data("Not Found", { status: 404 });
  const catalogue = getCatalogue(context);
  const [lists, history, certificates] = await Promise.all([
    startedLists(db, catalogue, user.id),
    quizHistory(db, user.id),
    certificatesOf(db, user.id),
  ]);
  const name = user.name ?? user.email ?? user.subject;
  return {
    title: t("admin.learnerTitle", { name }),
    learner: {
      name,
      email: user.email,
      lastLogin: user.last_login_at ? formatDateTime(user.last_login_at, locale) : null,
    },
    lists: lists.map(({ list, href, tally }) => ({ key: list.slug, title: list.title[locale], href, tally })),
    history: history.map((h, i) => ({
      key: `${h.quiz}-${i}`,
      quiz: findQuiz(catalogue, h.quiz)?.title[locale] ?? h.quiz,
      score: h.score,
      total: h.total,
      percentage: formatPercent(h.percentage, locale),
      date: formatDateTime(h.finishedAt, locale),
    })),
    certificates: certificates.map((c) => ({
      id: c.id,
      course: c.title[locale],
      date: formatDate(c.issuedAt, locale),
      revoked: c.revokedAt !== null,
    })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function AdminLearner({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { learner } = loaderData;
  return (
    <>
      <PageHeader title={learner.name} trail={[{ label: t("admin.title"), to: "/admin" }]} />
      <div className="container-page max-w-4xl space-y-10 py-10">
        <p className="text-ink-700" data-testid="learner-details">
          {learner.email ? (
            <>
              <bdi dir="ltr">{learner.email}</bdi>
              {" · "}
            </>
          ) : null}
          {learner.lastLogin ? t("admin.learnerLastLogin", { date: learner.lastLogin }) : t("admin.learnerNeverIn")}
        </p>
        <section aria-labelledby="learner-lists">
          <h2 id="learner-lists" className="text-2xl font-bold">
            {t("admin.learnerLists")}
          </h2>
          {loaderData.lists.length === 0 ? (
            <p className="mt-3 text-ink-600" data-testid="learner-no-lists">
              {t("admin.learnerNoLists")}
            </p>
          ) : (
            <ul className="mt-4 grid gap-4" data-testid="learner-lists">
              {loaderData.lists.map((list) => (
                <li key={list.key} className="rounded-md border border-ink-100 p-4">
                  {list.href ? (
                    <Link to={list.href} className="font-semibold text-brand-800 underline">
                      <bdi>{list.title}</bdi>
                    </Link>
                  ) : (
                    <bdi className="font-semibold">{list.title}</bdi>
                  )}
                  <ProgressTally tally={list.tally} label={list.title} className="mt-2" />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="learner-quizzes">
          <h2 id="learner-quizzes" className="text-2xl font-bold">
            {t("profile.quizHistory")}
          </h2>
          {loaderData.history.length === 0 ? (
            <p className="mt-3 text-ink-600">{t("admin.learnerNoQuizzes")}</p>
          ) : (
            <QuizResultsTable rows={loaderData.history} />
          )}
        </section>
        <section aria-labelledby="learner-certificates">
          <h2 id="learner-certificates" className="text-2xl font-bold">
            {t("certificate.profileHeading")}
          </h2>
          {loaderData.certificates.length === 0 ? (
            <p className="mt-3 text-ink-600">{t("admin.learnerNoCertificates")}</p>
          ) : (
            <CertificateList items={loaderData.certificates} />
          )}
        </section>
      </div>
    </>
  );
}
