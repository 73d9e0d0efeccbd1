import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { formatDate, formatDateTime, formatMoney, formatPercent } from "~/i18n/format";
import { getCatalogue, getViewer, localeContext, servicesOf, requireUser } from "~/context.server";
import { findQuiz } from "~/models/catalogue.server";
import { quizUrl } from "~/models/catalogue.urls";
import { quizHistory } from "~/models/quiz.server";
import { continueLearning, startedLists } from "~/models/progress.server";
import { certificateSubject, certificatesOf } from "~/models/certificate.server";
import { ContinueLearning } from "~/components/course/continue-learning";
import { ProgressTally } from "~/components/course/progress-tally";
import { CertificateList, QuizResultsTable } from "~/components/profile/learning-record";
import { findUserById } from "~/models/user.server";
import { billingSummary, onlineCheckout } from "~/models/billing.server";
import { lomdaRenewalOfUser } from "~/models/renewal.server";
import { IDP_MOUNT } from "~/lib/idp/provider.server";
import type { Route } from "./+types/profile";
import type { StringsHandle } from "~/i18n/sections";
import { useEnglishFallback } from "~/components/ui/english-fallback";
import { MyNotes } from "~/components/profile/my-notes";
import { notesOfLearner } from "~/models/lesson-notes.server";
import { documentsOfUser } from "~/models/tax-documents.server";
import { Receipts } from "~/components/profile/receipts";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = {
  strings: ["certificate", "checkout", "notes", "profile", "progress", "taxDocuments"],
} satisfies StringsHandle;

/** Signed-in only (a visitor is sent to /register). Real values from the provider's claims. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = requireUser(getViewer(context), request);
  const { db, idp, config, payments, taxDocuments } = servicesOf(context);
  const { locale, i18n } = context.get(localeContext);
  const user = (await findUserById(db, me.id))!;
  const { viewer } = me;
  const catalogue = getCatalogue(context);
  const history = (await quizHistory(db, me.id)).map((h) => {
    const quiz = findQuiz(catalogue, h.quiz);
    return {
      // A quiz removed or unpublished since is named by its slug, and has no page to review it on.
      quiz: quiz?.title[locale] ?? h.quiz,
      key: h.attemptId,
      // The attempt's answers, again (the quiz's page shows them to their owner only, D-L12).
      review: quiz ? `${quizUrl(quiz.slug)}?attempt=${encodeURIComponent(h.attemptId)}` : null,
      score: h.score,
      total: h.total,
      percentage: formatPercent(h.percentage, locale),
      date: formatDateTime(h.finishedAt, locale),
    };
  });
  const lists = (await startedLists(db, catalogue, me.id)).map(({ list, href, tally }) => ({
    key: list.slug,
    // The course card taken, when the list is the lessons of exactly one (D-M7).
    title: certificateSubject(catalogue, list)[locale],
    href,
    tally,
  }));
  const billing = await billingSummary(db, user);
  // A Cardcom plan renews by Lomda's own charges (decision 0049): it renews, was stopped, or ends.
  const renewal =
    billing.subscription?.source === "payment" && !billing.subscription.online && billing.subscription.endsAt
      ? await lomdaRenewalOfUser(db, me.id, billing.subscription.endsAt)
      : null;
  const coursesById = new Map([...catalogue.courses.values()].map((c) => [c.id, c]));
  const url = new URL(request.url);
  const lng = url.searchParams.get("lng");
  return {
    access: {
      subscription: billing.subscription
        ? {
            until: billing.subscription.endsAt ? formatDate(billing.subscription.endsAt, locale) : null,
            renews: billing.subscription.renews || renewal === "renews",
            online: billing.subscription.online || renewal !== null,
            // The renewal gave up (declined, an expired card, a withdrawn plan): not the learner's cancelling.
            ends: renewal === "ends",
          }
        : null,
      // Courses owned for good; one unpublished since is still owned, but has no page to link to.
      courses: billing.courses.flatMap((c) => {
        const course = coursesById.get(c.courseId);
        return course ? [{ slug: course.slug, title: course.title[locale], bought: c.bought }] : [];
      }),
      // Only a provider with a customer portal (Stripe) has one to open.
      portal: billing.hasCustomer && payments?.confirmation === "signed-events",
      portalProblem: (["failed", "busy"] as const).find((p) => p === url.searchParams.get("billing")) ?? null,
      online: await onlineCheckout(db, payments),
      lng: url.searchParams.get("lng"),
    },
    history,
    // The learner's own tax documents (issue 33): those of their payments, nobody else's.
    receipts: receiptsView(await documentsOfUser(db, me.id), locale, taxDocuments !== undefined),
    continueLearning: await continueLearning(db, catalogue, viewer, locale),
    certificates: (await certificatesOf(db, me.id)).map((c) => ({
      id: c.id,
      course: c.title[locale],
      date: formatDate(c.issuedAt, locale),
      revoked: c.revokedAt !== null,
    })),
    lists,
    // The learner's own notes, by list and lesson; nobody else's (issue 32).
    notes: (await notesOfLearner(db, catalogue, me.id, locale)).map((list) => ({
      key: list.listId,
      title: list.title,
      lessons: list.lessons.map((lesson) => ({
        key: lesson.lessonId,
        title: lesson.title,
        href: lesson.href,
        notes: lesson.notes.map((note) => ({
          id: note.id,
          position: note.position,
          body: note.body,
          updatedAt: note.updatedAt,
        })),
      })),
    })),
    notesExport: lng ? `/notes.md?${new URLSearchParams({ lng })}` : "/notes.md",
    title: i18n.t("profile.metaTitle"),
    profile: {
      name: me.name,
      picture: user.picture,
      subject: user.subject,
      email: user.email,
      phone: user.phone,
      address: user.address,
      lastLogin: user.last_login_at ? formatDateTime(user.last_login_at, locale) : null,
      subscription: viewer.hasSubscription
        ? { endsAt: viewer.subscriptionEndsAt ? formatDate(viewer.subscriptionEndsAt, locale) : null }
        : null,
      isAdmin: viewer.isAdmin,
      // An account of the embedded provider: its password can be changed here.
      embedded: Boolean(idp) && user.issuer === `${config.PUBLIC_URL}${IDP_MOUNT}`,
    },
  };
}

/** Issued documents with their link; those still being issued (or waiting for the admin) only counted. */
function receiptsView(documents: Awaited<ReturnType<typeof documentsOfUser>>, locale: "en" | "he", issuing: boolean) {
  return {
    // Where Lomda issues none (Stripe's receipts are in its portal), no empty list is offered.
    shown: issuing || documents.length > 0,
    rows: documents.flatMap((d) =>
      d.status === "issued" && d.number
        ? [
            {
              id: d.id,
              number: d.number,
              type: d.type,
              date: formatDate(d.issuedAt ?? d.createdAt, locale),
              amount: formatMoney(d.amountCents / 100, d.currency, locale, { cents: true }),
              url: d.url,
            },
          ]
        : [],
    ),
    pending: documents.filter((d) => d.status !== "issued").length,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

function Row({ label, value, ltr = false }: { label: string; value: string | null; ltr?: boolean }) {
  const { t } = useTranslation();
  const fallback = useEnglishFallback();
  return (
    <div className="grid gap-1 border-b border-ink-100 py-4 sm:grid-cols-3">
      <dt className="font-semibold text-ink-700">{label}</dt>
      <dd className="text-ink-900 sm:col-span-2">
        {/* <bdi> keeps a Latin address or an id in its own direction inside a Hebrew page. */}
        {value ? (
          ltr ? (
            <bdi dir="ltr">{value}</bdi>
          ) : (
            // An address in English on a Hebrew page is read as English.
            <bdi {...fallback(value)}>{value}</bdi>
          )
        ) : (
          <span className="text-ink-600 italic">{t("profile.notProvided")}</span>
        )}
      </dd>
    </div>
  );
}

/** What the learner has — subscription, courses owned — and where to manage the billing. */
function AccessSection({
  access,
  isAdmin,
}: {
  access: Route.ComponentProps["loaderData"]["access"];
  isAdmin: boolean;
}) {
  const { t } = useTranslation();
  const { subscription, courses } = access;
  return (
    <section className="container-page max-w-3xl pb-14" aria-labelledby="access">
      <h2 id="access" className="text-2xl font-bold">
        {t("checkout.accessHeading")}
      </h2>
      {access.portalProblem ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4 font-semibold text-red-900">
          {t(access.portalProblem === "busy" ? "checkout.portalBusy" : "checkout.portalFailed")}
        </p>
      ) : null}
      <ul className="mt-4 grid gap-2" data-testid="access">
        {subscription ? (
          <li data-testid="access-subscription">
            {subscription.until === null
              ? t("checkout.accessOpen")
              : subscription.online
                ? t(
                    subscription.renews
                      ? "checkout.accessRenews"
                      : subscription.ends
                        ? "checkout.accessNoRenewal"
                        : "checkout.accessEnds",
                    { date: subscription.until },
                  )
                : t("checkout.accessUntil", { date: subscription.until })}
          </li>
        ) : null}
        {courses.map((c) => (
          <li key={c.slug} data-testid="access-course">
            {t("checkout.accessCourse")}{" "}
            <Link to={`/course/${c.slug}`} className="font-semibold text-brand-800 underline">
              <bdi>{c.title}</bdi>
            </Link>
          </li>
        ))}
      </ul>
      {isAdmin && !subscription ? (
        <p className="mt-3 text-ink-700" data-testid="access-admin">
          {t("profile.accessAdmin")}
        </p>
      ) : !subscription && courses.length === 0 ? (
        <p className="mt-3 text-ink-600">{t("checkout.accessNone")}</p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        {access.portal ? (
          <form
            method="post"
            action={access.lng ? `/billing/portal?lng=${encodeURIComponent(access.lng)}` : "/billing/portal"}
          >
            <button type="submit" className="btn btn-secondary">
              {t("checkout.manageBilling")}
            </button>
          </form>
        ) : null}
        {/* An admin watches every lesson without paying: nothing to subscribe to. */}
        {!subscription && !isAdmin ? (
          <Link to="/Payments" className="btn btn-primary">
            {t(access.online ? "checkout.seePlans" : "profile.howToSubscribe")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { profile } = loaderData;
  const subscription = profile.subscription
    ? profile.subscription.endsAt
      ? t("profile.subscriptionActiveUntil", { date: profile.subscription.endsAt })
      : t("profile.subscriptionActiveOpen")
    : null;
  return (
    <>
      <PageHeader title={t("profile.title")} />
      <section className="container-page max-w-3xl py-14" aria-labelledby="profile-name">
        <div className="flex items-center gap-5">
          {profile.picture && /^https?:\/\//.test(profile.picture) ? (
            <img
              src={profile.picture}
              alt={t("profile.avatarAlt", { name: profile.name })}
              width={96}
              height={96}
              className="size-24 rounded-full object-cover"
              referrerPolicy="no-referrer"
            />
          ) : (
            <div
              aria-hidden="true"
              className="flex size-24 items-center justify-center rounded-full bg-brand-700 text-3xl font-bold text-white"
            >
              {initials(profile.name)}
            </div>
          )}
          <div>
            <h2 id="profile-name" className="text-3xl font-bold">
              {profile.name}
            </h2>
            {profile.isAdmin ? (
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold text-brand-800">{t("profile.admin")}</span>
                <Link to="/admin" className="font-semibold text-brand-800 underline" data-testid="profile-admin-link">
                  {t("profile.adminLink")}
                </Link>
              </p>
            ) : null}
          </div>
        </div>
        <dl className="mt-8" data-testid="profile-rows">
          <Row label={t("profile.userId")} value={profile.subject} ltr />
          <Row label={t("profile.email")} value={profile.email} ltr />
          <Row label={t("profile.phone")} value={profile.phone} ltr />
          <Row label={t("profile.address")} value={profile.address} />
          <Row label={t("profile.lastLogin")} value={profile.lastLogin} />
          <Row label={t("profile.subscription")} value={subscription ?? t("profile.subscriptionNone")} />
        </dl>
        {profile.embedded ? (
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/account/details" className="btn btn-secondary">
              {t("profile.editDetails")}
            </Link>
            <Link to="/account/password" className="btn btn-secondary">
              {t("profile.changePassword")}
            </Link>
          </div>
        ) : null}
      </section>
      <AccessSection access={loaderData.access} isAdmin={profile.isAdmin} />
      {loaderData.receipts.shown ? (
        <Receipts rows={loaderData.receipts.rows} pending={loaderData.receipts.pending} />
      ) : null}
      <section className="container-page max-w-3xl pb-14" aria-labelledby="progress-heading">
        <h2 id="progress-heading" className="text-2xl font-bold">
          {t("progress.profileHeading")}
        </h2>
        {loaderData.continueLearning ? <ContinueLearning next={loaderData.continueLearning} className="mt-4" /> : null}
        {loaderData.lists.length === 0 ? (
          <p className="mt-3 text-ink-600" data-testid="progress-empty">
            {t("progress.profileEmpty")}{" "}
            <Link to="/courses" className="font-semibold text-brand-800 underline">
              {t("progress.profileBrowse")}
            </Link>
          </p>
        ) : (
          <ul className="mt-4 grid gap-4" data-testid="progress-lists">
            {loaderData.lists.map((list) => (
              <li key={list.key} className="rounded-[var(--radius-card)] border border-ink-100 p-4">
                {list.href ? (
                  <Link to={list.href} className="font-semibold text-brand-800 hover:underline">
                    {list.title}
                  </Link>
                ) : (
                  <span className="font-semibold">{list.title}</span>
                )}
                <ProgressTally tally={list.tally} label={list.title} className="mt-2" />
              </li>
            ))}
          </ul>
        )}
      </section>
      <MyNotes lists={loaderData.notes} exportHref={loaderData.notesExport} />
      <section className="container-page max-w-3xl pb-14" aria-labelledby="certificates-heading">
        <h2 id="certificates-heading" className="text-2xl font-bold">
          {t("certificate.profileHeading")}
        </h2>
        {loaderData.certificates.length === 0 ? (
          <p className="mt-3 text-ink-600">{t("certificate.profileNone")}</p>
        ) : (
          <CertificateList items={loaderData.certificates} />
        )}
      </section>
      <section className="container-page max-w-3xl pb-14" aria-labelledby="quiz-history">
        <h2 id="quiz-history" className="text-2xl font-bold">
          {t("profile.quizHistory")}
        </h2>
        {loaderData.history.length === 0 ? (
          <p className="mt-3 text-ink-600">
            {t("profile.quizNone")}{" "}
            <Link to="/test" className="font-semibold text-brand-800 underline">
              {t("profile.takeQuiz")}
            </Link>
          </p>
        ) : (
          <QuizResultsTable rows={loaderData.history} />
        )}
      </section>
    </>
  );
}
