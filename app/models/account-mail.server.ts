import type { Config } from "~/lib/env.server";
import { translationFor } from "~/i18n/resources.server";
import { mailFrom, smtpTransport } from "~/lib/mail.server";

/**
 * The emails of the embedded provider's accounts (a link to set a first password, to reset a
 * forgotten one, to confirm a sign-up, or — to an address that has an account already — to sign
 * in or reset), through SMTP_URL, in English and Hebrew in one message.
 */
export type AccountMailKind = "setPassword" | "resetPassword" | "confirmEmail" | "alreadyRegistered";
/**
 * `reason` says what went wrong in words an admin page can translate (D-L2); `error` is the detail,
 * in English, for the server's log.
 */
export type MailResult = { ok: true } | { ok: false; reason: "notConfigured" | "failed"; error: string };

export async function sendAccountMail(
  config: Config,
  kind: AccountMailKind,
  to: string,
  link: string,
): Promise<MailResult> {
  if (!config.SMTP_URL) return { ok: false, reason: "notConfigured", error: "SMTP_URL is not set" };
  const en = translationFor("en").accountMail;
  const he = translationFor("he").accountMail;
  const transport = await smtpTransport(config);
  try {
    await transport.sendMail({
      from: mailFrom(config),
      to,
      subject: `${en[`${kind}Subject`]} / ${he[`${kind}Subject`]}`,
      text: [en[`${kind}Text`], "", link, "", en.ignore, "", "—", "", he[`${kind}Text`], "", link, "", he.ignore].join(
        "\n",
      ),
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: "failed", error: String((error as Error).message).slice(0, 300) };
  } finally {
    transport.close();
  }
}
