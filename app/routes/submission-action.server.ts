import type { Kysely } from "kysely";
import { data } from "react-router";
import { CAPTCHA_ERRORS, captchaStatus, checkCaptcha } from "~/lib/captcha.server";
import type { Database } from "~/lib/db.server";
import type { Config } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import type { RateLimits } from "~/lib/rate-limit.server";
import { parseSubmission, type SubmissionActionData } from "~/models/submission.schema";
import { forwardingConfigured, storeSubmission, type SubmissionKind } from "~/models/submission.server";

/*
 * The action shared by the contact and registration pages (contact.tsx, register.tsx): what the
 * request carries is read and answered here; storing and forwarding are the model's.
 */

/** What the contact and registration action needs from the request's services. */
export interface SubmissionServices {
  config: Config;
  db: Kysely<Database>;
  log: Logger;
  cookieSecrets: string[];
  rateLimits: RateLimits;
  clientIp: string;
  /** Starts the outbox worker now (this process has something to send). */
  kickForwarding?: () => void;
}

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
  const limit = await rateLimits.forms.consume(clientIp);
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
      { status: captchaStatus(captcha.reason) },
    );
  }
  const forward = forwardingConfigured(config);
  const row = await storeSubmission(db, kind, parsed.data, { locale, forward });
  log.info({ kind, submissionId: row.id }, "submission stored");
  // The row is in the outbox; this process's worker sends it after the answer (any process would).
  if (forward && services.kickForwarding) setImmediate(services.kickForwarding);
  return data<SubmissionActionData>({ ok: true });
}
