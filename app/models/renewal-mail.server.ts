import type { Config } from "~/lib/env.server";
import { mailFrom, smtpTransport } from "~/lib/mail.server";
import { formatDate, formatMoney } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { serverI18n } from "~/i18n/resources.server";
import type { MailResult } from "./account-mail.server";

/**
 * The learner's emails about a plan's renewal (issue 33, decision 0049): a charge that failed and
 * when it is tried again, and a renewal that stops (the last try failed, the card can no longer be
 * charged, the plan is no longer offered). English and Hebrew in one message, as the account and
 * cancellation emails are (Lomda does not keep a learner's language), through SMTP_URL. Sent after
 * the renewal's state is stored: a mail that fails loses nothing but the mail, and is logged.
 */

const LOCALES: Locale[] = ["en", "he"];

export type RenewalMail =
  | {
      kind: "failed";
      reason: "declined" | "unreachable";
      retryOn: Date;
      endsAt: Date;
      amountCents: number;
      currency: string;
    }
  | { kind: "ended"; reason: "declined" | "unreachable" | "expired" | "withdrawn"; endsAt: Date };

const TEXT = {
  failed: { declined: "renewalMail.failedDeclined", unreachable: "renewalMail.failedUnreachable" },
  ended: {
    declined: "renewalMail.endedDeclined",
    unreachable: "renewalMail.endedUnreachable",
    expired: "renewalMail.endedExpired",
    withdrawn: "renewalMail.endedWithdrawn",
  },
} as const;

export async function mailRenewal(config: Config, to: string | null, mail: RenewalMail): Promise<MailResult> {
  if (!config.SMTP_URL) return { ok: false, reason: "notConfigured", error: "SMTP_URL is not set" };
  if (!to) return { ok: false, reason: "failed", error: "no email address" };
  const plans = `${config.PUBLIC_URL}/Payments`;
  const cancel = `${config.PUBLIC_URL}/cancel`;
  const subject = LOCALES.map((l) =>
    serverI18n(l).t(mail.kind === "failed" ? "renewalMail.failedSubject" : "renewalMail.endedSubject"),
  ).join(" / ");
  const text = LOCALES.map((locale) => {
    const { t } = serverI18n(locale);
    const end = formatDate(mail.endsAt.toISOString(), locale);
    if (mail.kind === "failed")
      return t(TEXT.failed[mail.reason], {
        amount: formatMoney(mail.amountCents / 100, mail.currency, locale, { cents: true }),
        retry: formatDate(mail.retryOn.toISOString(), locale),
        end,
        plans,
        cancel,
      });
    return t(TEXT.ended[mail.reason], { end, plans });
  }).join("\n\n—\n\n");
  const transport = await smtpTransport(config);
  try {
    await transport.sendMail({ from: mailFrom(config), to, subject, text });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: "failed", error: String((error as Error).message).slice(0, 300) };
  } finally {
    transport.close();
  }
}
