import type { Config } from "~/lib/env.server";
import { mailFrom, smtpTransport } from "~/lib/mail.server";
import { formatDate, formatMoney } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { serverI18n } from "~/i18n/resources.server";
import type { MailResult } from "./account-mail.server";
import { CANCELLATION_DAYS } from "./cancellation";
import { describeItem, type CancellationRequest } from "./cancellation.server";

/**
 * The emails of a cancellation (issue 33): to the buyer when they ask and when the school decides, and
 * to the school (CONTACT_TO, else the business's own address) when a buyer asks — each in English and
 * Hebrew in one message, as the account emails are, through SMTP_URL. Sent after the request is
 * stored: a mail that fails loses nothing (the request is on the admin's list and the buyer's page),
 * and the failure is returned for the log and the admin's page.
 */

type Titles = ReadonlyMap<string, { en: string; he: string }>;

const LOCALES: Locale[] = ["en", "he"];

/** The request's facts, written for one language. */
function facts(request: CancellationRequest, locale: Locale, titles: Titles) {
  const money = (cents: number | null) =>
    cents === null || request.currency === null
      ? ""
      : formatMoney(cents / 100, request.currency, locale, { cents: true });
  return {
    item: describeItem(
      locale,
      {
        kind: request.kind === "renewal" ? "renewal" : request.courseId ? "course" : "subscription",
        courseId: request.courseId,
        planInterval: request.planInterval,
      },
      titles,
    ),
    date: request.purchasedAt ? formatDate(request.purchasedAt, locale) : "",
    amount: money(request.amountCents),
    fee: money(request.feeCents),
    refund: money(request.refundCents),
    days: CANCELLATION_DAYS,
  };
}

/** One text in both languages, English first, each paragraph a block. */
function bilingual(write: (locale: Locale) => string[]): string {
  return LOCALES.map((locale) => write(locale).join("\n\n")).join("\n\n—\n\n");
}

async function send(config: Config, messages: { to: string; subject: string; text: string }[]): Promise<MailResult[]> {
  if (!config.SMTP_URL)
    return messages.map(() => ({ ok: false, reason: "notConfigured", error: "SMTP_URL is not set" }));
  const transport = await smtpTransport(config);
  try {
    const results: MailResult[] = [];
    for (const message of messages) {
      try {
        await transport.sendMail({ from: mailFrom(config), ...message });
        results.push({ ok: true });
      } catch (error) {
        results.push({ ok: false, reason: "failed", error: String((error as Error).message).slice(0, 300) });
      }
    }
    return results;
  } finally {
    transport.close();
  }
}

const NO_ADDRESS: MailResult = { ok: false, reason: "failed", error: "no email address" };

/**
 * A buyer asked: their confirmation (what was asked, the fee, what is due back) and the school's
 * notice (who, what, the reason, where to decide). `adminLink` is the admin's list.
 */
export async function mailCancellationRequested(
  config: Config,
  request: CancellationRequest,
  input: { titles: Titles; schoolEmail: string; buyerName: string; adminLink: string },
): Promise<{ buyer: MailResult; school: MailResult }> {
  const renewal = request.kind === "renewal";
  // A renewal Lomda charges itself is stopped as it is asked (decision 0049): nothing left to do.
  const stopped = renewal && request.status === "approved";
  const messages: { to: string; subject: string; text: string }[] = [];
  const school = config.CONTACT_TO ?? input.schoolEmail;
  messages.push({
    to: school,
    subject: LOCALES.map((l) =>
      serverI18n(l).t("cancelMail.schoolSubject", { item: facts(request, l, input.titles).item }),
    ).join(" / "),
    text: bilingual((locale) => {
      const { t } = serverI18n(locale);
      const who = `${input.buyerName}${request.email ? ` <${request.email}>` : ""}`;
      return [
        renewal
          ? t(stopped ? "cancelMail.schoolRenewalStoppedText" : "cancelMail.schoolRenewalText", {
              who,
              link: input.adminLink,
            })
          : t("cancelMail.schoolText", {
              ...facts(request, locale, input.titles),
              who,
              reason: request.reason ?? t("cancelMail.noReason"),
              link: input.adminLink,
            }),
      ];
    }),
  });
  if (request.email)
    messages.push({
      to: request.email,
      subject: LOCALES.map((l) =>
        serverI18n(l).t(renewal ? "cancelMail.renewalSubject" : "cancelMail.requestedSubject"),
      ).join(" / "),
      text: bilingual((locale) => {
        const { t } = serverI18n(locale);
        return [
          renewal
            ? t(stopped ? "cancelMail.renewalStoppedText" : "cancelMail.renewalText")
            : t("cancelMail.requestedText", facts(request, locale, input.titles)),
        ];
      }),
    });
  const [schoolResult, buyerResult] = await send(config, messages);
  return { school: schoolResult!, buyer: buyerResult ?? NO_ADDRESS };
}

/** The school decided: the buyer is told, and on approval what comes back to them. */
export async function mailCancellationDecided(
  config: Config,
  request: CancellationRequest,
  input: { titles: Titles; schoolEmail: string },
): Promise<MailResult> {
  if (!request.email) return NO_ADDRESS;
  const approved = request.status === "approved";
  const renewal = request.kind === "renewal";
  const [result] = await send(config, [
    {
      to: request.email,
      subject: LOCALES.map((l) =>
        serverI18n(l).t(approved ? "cancelMail.approvedSubject" : "cancelMail.declinedSubject"),
      ).join(" / "),
      text: bilingual((locale) => {
        const { t } = serverI18n(locale);
        const details = facts(request, locale, input.titles);
        return [
          approved
            ? renewal
              ? t("cancelMail.approvedRenewalText")
              : t("cancelMail.approvedText", details)
            : t("cancelMail.declinedText", { ...details, email: input.schoolEmail }),
        ];
      }),
    },
  ]);
  return result!;
}
