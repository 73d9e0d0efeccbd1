import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { data } from "react-router";
import type { Database, Submission } from "~/lib/db.server";
import { checkCaptcha } from "~/lib/captcha.server";
import type { Config } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import type { RateLimits } from "~/lib/rate-limit.server";
import { parseSubmission, type SubmissionActionData, type SubmissionInput } from "./submission.schema";

/**
 * Contact messages and registration requests: stored first, always; then, if configured, forwarded
 * to a form service after the answer has gone out, with retries and backoff. Failures are logged and
 * kept on the row (visible in the admin inbox), never lost.
 */
export type SubmissionKind = "contact" | "registration";
export const TABLE = { contact: "contact_messages", registration: "registration_requests" } as const;
export const FORWARD_SUBJECT = "New Submission from contact page";
export const FORWARD_FROM_NAME = "Lomda";

export async function storeSubmission(
  db: Kysely<Database>,
  kind: SubmissionKind,
  input: SubmissionInput,
  options: { locale: string; forward: boolean; now?: Date },
): Promise<Submission> {
  const row: Submission = {
    id: randomUUID(),
    name: input.name,
    email: input.email.toLowerCase(),
    phone: input.phone,
    message: input.message,
    locale: options.locale,
    created_at: (options.now ?? new Date()).toISOString(),
    status: "pending",
    handled_at: null,
    handled_by: null,
    forward_status: options.forward ? "pending" : "none",
    forward_attempts: 0,
    forward_error: null,
  };
  await db.insertInto(TABLE[kind]).values(row).execute();
  return row;
}

export async function listSubmissions(db: Kysely<Database>, kind: SubmissionKind, limit = 100): Promise<Submission[]> {
  return db.selectFrom(TABLE[kind]).selectAll().orderBy("created_at", "desc").limit(limit).execute();
}

export async function findSubmission(
  db: Kysely<Database>,
  kind: SubmissionKind,
  id: string,
): Promise<Submission | undefined> {
  return db.selectFrom(TABLE[kind]).selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Decides a submission that is still pending: a conditional update, so of two admins (or two
 * clicks) deciding the same one, exactly one changes the row. False when nothing changed.
 */
export async function setSubmissionStatus(
  db: Kysely<Database>,
  kind: SubmissionKind,
  id: string,
  status: Exclude<Submission["status"], "pending">,
  by: string,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable(TABLE[kind])
    .set({ status, handled_at: now.toISOString(), handled_by: by })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/* ---------- Forwarding ---------- */

export interface ForwardOptions {
  config: Config;
  db: Kysely<Database>;
  log: Logger;
  /** Delays before each attempt (ms): the first is immediate. */
  delays?: number[];
}

const DEFAULT_DELAYS = [0, 2_000, 10_000, 60_000];

/** Forwarding is on when a form service or an SMTP server is configured. */
export function forwardingConfigured(config: Config): boolean {
  return config.FORMS_FORWARD_URL !== undefined || config.SMTP_URL !== undefined;
}

async function sendMail(
  config: Config,
  kind: SubmissionKind,
  row: Submission,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const { createTransport } = await import("nodemailer");
  const url = new URL(config.SMTP_URL!);
  const transport = createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === "smtps:" ? 465 : 587),
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({
      from: `"${FORWARD_FROM_NAME}" <no-reply@${new URL(config.PUBLIC_URL).hostname}>`,
      to: config.CONTACT_TO,
      replyTo: row.email,
      subject: FORWARD_SUBJECT,
      text: [`Form: ${kind}`, `Name: ${row.name}`, `Email: ${row.email}`, `Phone: ${row.phone}`, "", row.message].join(
        "\n",
      ),
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, error: String((error as Error).message).slice(0, 300) };
  } finally {
    transport.close();
  }
}

async function attempt(
  options: ForwardOptions,
  kind: SubmissionKind,
  row: Submission,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const { config } = options;
  if (!config.FORMS_FORWARD_URL) return sendMail(config, kind, row);
  const body = {
    access_key: config.FORMS_ACCESS_KEY ?? "",
    from_name: FORWARD_FROM_NAME,
    subject: FORWARD_SUBJECT,
    form: kind,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
  };
  try {
    const response = await fetch(config.FORMS_FORWARD_URL!, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      redirect: "error",
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json().catch(() => ({}))) as { success?: boolean; message?: string };
    if (response.ok && answer.success !== false) return { ok: true };
    return { ok: false, error: `${response.status}: ${String(answer.message ?? "rejected").slice(0, 300)}` };
  } catch (error) {
    return { ok: false, error: String((error as Error).message).slice(0, 300) };
  }
}

/** Forwards one stored submission, retrying with backoff; resolves when done (sent or failed for good). */
export async function forwardSubmission(options: ForwardOptions, kind: SubmissionKind, id: string): Promise<void> {
  const delays = options.delays ?? DEFAULT_DELAYS;
  for (const [index, delay] of delays.entries()) {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay).unref?.());
    const row = await findSubmission(options.db, kind, id);
    if (!row || row.forward_status === "sent") return;
    const result = await attempt(options, kind, row);
    const last = index === delays.length - 1;
    await options.db
      .updateTable(TABLE[kind])
      .set({
        forward_attempts: row.forward_attempts + 1,
        forward_status: result.ok ? "sent" : last ? "failed" : "pending",
        forward_error: result.ok ? null : result.error,
      })
      .where("id", "=", id)
      .execute();
    if (result.ok) {
      options.log.info({ kind, submissionId: id, attempts: row.forward_attempts + 1 }, "submission forwarded");
      return;
    }
    options.log.warn(
      { kind, submissionId: id, attempt: row.forward_attempts + 1, error: result.error },
      last ? "forwarding failed for good" : "forwarding failed; will retry",
    );
  }
}

/** Newsletter: stored once; a repeat changes nothing and gets the same answer. */
export async function subscribeToNewsletter(db: Kysely<Database>, email: string, locale: string): Promise<void> {
  await db
    .insertInto("newsletter_subscribers")
    .values({ id: randomUUID(), email: email.toLowerCase(), locale, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
}

export async function listNewsletter(db: Kysely<Database>) {
  return db
    .selectFrom("newsletter_subscribers")
    .select(["email", "locale", "created_at"])
    .orderBy("created_at", "asc")
    .execute();
}

/** What the contact and registration action needs from the request's services. */
export interface SubmissionServices {
  config: Config;
  db: Kysely<Database>;
  log: Logger;
  cookieSecrets: string[];
  rateLimits: RateLimits;
  clientIp: string;
  forwardDelays?: number[];
}

const CAPTCHA_ERRORS = {
  missing: "forms.errors.captchaMissing",
  invalid: "forms.errors.captchaInvalid",
  replayed: "forms.errors.captchaReplayed",
  unavailable: "forms.errors.captchaUnavailable",
} as const;

/**
 * The action behind the contact and registration forms: rate limit, honeypot, validation, captcha,
 * then the submission is stored — before anything else happens — and forwarded after the answer.
 */
export async function handleSubmission(
  kind: SubmissionKind,
  request: Request,
  services: SubmissionServices,
  locale: string,
) {
  const { db, log, config, rateLimits, clientIp } = services;
  const limit = rateLimits.forms.consume(clientIp);
  const form = await request.formData();
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  const values = { name: text("name"), email: text("email"), phone: text("phone"), message: text("message") };
  if (!limit.ok) {
    log.warn({ route: kind }, "rate limit hit");
    return data<SubmissionActionData>(
      { ok: false, errors: { form: "forms.errors.tooMany" }, values, retryAfter: limit.retryAfter },
      { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
    );
  }
  if (text("website")) {
    log.info({ kind }, "form honeypot filled: discarded");
    return data<SubmissionActionData>({ ok: true });
  }
  const parsed = parseSubmission(values);
  if (!parsed.ok) {
    log.info({ kind, fields: Object.keys(parsed.errors) }, "form refused: invalid input");
    return data<SubmissionActionData>({ ok: false, errors: parsed.errors, values }, { status: 400 });
  }
  const captcha = await checkCaptcha(services, form, clientIp);
  if (!captcha.ok) {
    log.info({ kind, reason: captcha.reason }, "form refused: captcha");
    return data<SubmissionActionData>(
      { ok: false, errors: { captcha: CAPTCHA_ERRORS[captcha.reason] }, values },
      { status: captcha.reason === "unavailable" ? 503 : 400 },
    );
  }
  const forward = forwardingConfigured(config);
  const row = await storeSubmission(db, kind, parsed.data, { locale, forward });
  log.info({ kind, submissionId: row.id }, "submission stored");
  if (forward) {
    // After the answer: the person does not wait for the form service.
    setImmediate(
      () =>
        void forwardSubmission({ config, db: db, log, delays: services.forwardDelays }, kind, row.id).catch(
          (err: unknown) => log.error({ err }, "forwarding crashed"),
        ),
    );
  }
  return data<SubmissionActionData>({ ok: true });
}
