import type { Config } from "./env.server";

/** The name our mail is sent under (contact forwarding, account links). */
export const MAIL_FROM_NAME = "Lomda";

/** The From header of the site's own mail: a no-reply address at the public host. */
export function mailFrom(config: Config): string {
  return `"${MAIL_FROM_NAME}" <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
}

/** A mail transport for SMTP_URL: forwards contact submissions and sends the account links. */
export async function smtpTransport(config: Config) {
  const { createTransport } = await import("nodemailer");
  const url = new URL(config.SMTP_URL!);
  return createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === "smtps:" ? 465 : 587),
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}
