import { useTranslation } from "~/i18n/use-translation";
import { LabelledList, LegalPage, SchoolContact, SeeAlso, type LegalSection } from "~/components/legal/legal-page";
import { formatDate } from "~/i18n/format";
import { pageContext, servicesOf } from "~/context.server";
import { pageMeta } from "~/lib/meta";
import { PRIVACY_VERSION } from "~/models/legal";
import { retentionTimes, type Span } from "~/models/legal.server";
import type { Route } from "./+types/privacy";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["legal"] } satisfies StringsHandle;

/**
 * /privacy: the privacy notice a learner accepts at sign-up (PRIVACY_VERSION is recorded with the
 * consent). It describes what the code does: the tables it keeps (db/schema.ts), what housekeeping
 * deletes and when — the times are read from the code that enforces them — the outside services,
 * and the cookies (app/lib/cookies.server.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  return {
    meta: meta(t("legal.privacy.metaTitle"), t("legal.privacy.description")),
    updated: formatDate(PRIVACY_VERSION, locale),
    times: retentionTimes(),
    // The notice names the payment provider the school takes payments through (Stripe unless Cardcom).
    cardcom: servicesOf(context).payments?.name === "cardcom",
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

/** A cookie: its names as they are sent (left to right in both languages), then what it is for. */
function Cookie({ names, children }: { names: string[]; children: string }) {
  return (
    <div className="rounded-lg border border-ink-100 p-4">
      <dt className="flex flex-wrap gap-2">
        {names.map((name) => (
          <code key={name} dir="ltr" className="rounded bg-ink-100 px-1.5 py-0.5 font-mono text-sm">
            {name}
          </code>
        ))}
      </dt>
      <dd className="mt-2">{children}</dd>
    </div>
  );
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const time = (span: Span) => t(`legal.${span.unit}`, { count: span.count });
  const { times, cardcom } = loaderData;
  const sections: LegalSection[] = [
    {
      id: "controller",
      heading: t("legal.privacy.controller.heading"),
      body: (
        <>
          <p>{t("legal.privacy.controller.p1")}</p>
          <SchoolContact />
        </>
      ),
    },
    {
      id: "data",
      heading: t("legal.privacy.data.heading"),
      body: (
        <>
          <p>{t("legal.privacy.data.intro")}</p>
          <LabelledList
            items={(
              [
                "account",
                "sessions",
                "progress",
                "quizzes",
                "certificates",
                "reviews",
                "forms",
                "newsletter",
                "payments",
                "logs",
              ] as const
            ).map((item) => ({
              label: t(`legal.privacy.data.${item}Label`),
              text: t(
                item === "payments" && cardcom ? "legal.privacy.data.paymentsCardcom" : `legal.privacy.data.${item}`,
              ),
            }))}
          />
        </>
      ),
    },
    {
      id: "retention",
      heading: t("legal.privacy.retention.heading"),
      body: (
        <>
          <p>
            {t("legal.privacy.retention.sessions", {
              idle: time(times.sessionIdle),
              max: time(times.sessionMax),
              provider: time(times.providerSession),
            })}
          </p>
          <p>
            {t("legal.privacy.retention.links", {
              set: time(times.setPasswordLink),
              reset: time(times.resetPasswordLink),
            })}
          </p>
          <p>
            {t("legal.privacy.retention.signUps", {
              confirm: time(times.confirmLink),
              unconfirmed: time(times.unconfirmedSignUp),
            })}
          </p>
          <p>{t("legal.privacy.retention.quizzes", { stale: time(times.staleQuiz) })}</p>
          <p>
            {cardcom
              ? t("legal.privacy.retention.paymentsCardcom", {
                  orders: time(times.openOrders),
                  events: time(times.paymentEvents),
                })
              : t("legal.privacy.retention.payments", { events: time(times.paymentEvents) })}
          </p>
          <p>{t("legal.privacy.retention.rest")}</p>
          <p>{t("legal.privacy.retention.logs")}</p>
        </>
      ),
    },
    {
      id: "sharing",
      heading: t("legal.privacy.sharing.heading"),
      body: (
        <>
          <p>{t("legal.privacy.sharing.intro")}</p>
          <LabelledList
            items={(
              [cardcom ? "cardcom" : "stripe", "email", "books", "youtube", "captcha", "others", "errors"] as const
            ).map((item) => ({
              label: t(`legal.privacy.sharing.${item}Label`),
              text: t(`legal.privacy.sharing.${item}`),
            }))}
          />
          <p>{t("legal.privacy.sharing.law")}</p>
        </>
      ),
    },
    {
      id: "cookies",
      heading: t("legal.privacy.cookies.heading"),
      body: (
        <>
          <p>{t("legal.privacy.cookies.intro")}</p>
          <dl className="space-y-4" data-testid="cookie-list">
            <Cookie names={["lomda_session", "__Host-lomda_session"]}>
              {t("legal.privacy.cookies.session", { max: time(times.sessionMax) })}
            </Cookie>
            <Cookie names={["lng"]}>{t("legal.privacy.cookies.lng", { time: time(times.localeCookie) })}</Cookie>
            <Cookie names={["lomda_signin"]}>
              {t("legal.privacy.cookies.signin", { time: time(times.signInCookie) })}
            </Cookie>
            <Cookie names={["lomda_feedback"]}>
              {t("legal.privacy.cookies.feedback", { time: time(times.feedbackCookie) })}
            </Cookie>
            <Cookie names={["lomda_flash"]}>
              {t("legal.privacy.cookies.flash", { time: time(times.flashCookie) })}
            </Cookie>
            <Cookie names={["lomda_logout", "__Secure-lomda_logout"]}>
              {t("legal.privacy.cookies.logout", { max: time(times.sessionMax) })}
            </Cookie>
          </dl>
          <p>{t("legal.privacy.cookies.provider", { time: time(times.providerSession) })}</p>
        </>
      ),
    },
    {
      id: "rights",
      heading: t("legal.privacy.rights.heading"),
      body: (
        <>
          <p>{t("legal.privacy.rights.p1")}</p>
          <p>{t("legal.privacy.rights.p2")}</p>
          <p>{t("legal.privacy.rights.p3")}</p>
          <p>{t("legal.privacy.rights.p4")}</p>
        </>
      ),
    },
    {
      id: "security",
      heading: t("legal.privacy.security.heading"),
      body: <p>{t("legal.privacy.security.p1")}</p>,
    },
    {
      id: "changes",
      heading: t("legal.privacy.changes.heading"),
      body: (
        <>
          <p>{t("legal.privacy.changes.p1")}</p>
          <SeeAlso to="/terms">{t("legal.privacy.changes.terms")}</SeeAlso>
        </>
      ),
    },
  ];
  return (
    <LegalPage
      title={t("legal.privacy.title")}
      intro={t("legal.privacy.intro")}
      updated={loaderData.updated}
      version={PRIVACY_VERSION}
      sections={sections}
    />
  );
}
