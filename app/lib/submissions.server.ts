import { data, type RouterContextProvider } from "react-router";
import type { SubmissionActionData } from "../components/forms/submission-form.tsx";
import { parseSubmission } from "../models/submission.schema.ts";
import { forwardingConfigured, forwardSubmission, storeSubmission, type SubmissionKind } from "../models/submission.server.ts";
import { checkCaptcha } from "./captcha.server.ts";
import { localeContext, requestContext } from "./context.server.ts";

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
export async function handleSubmission(kind: SubmissionKind, request: Request, context: Readonly<RouterContextProvider>) {
  const services = context.get(requestContext);
  const { db, log, config, rateLimits, clientIp } = services;
  const limit = rateLimits.forms.consume(clientIp);
  const form = await request.formData();
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  const values = { name: text("name"), email: text("email"), phone: text("phone"), message: text("message") };
  if (!limit.ok) {
    log.warn({ route: kind }, "rate limit hit");
    return data<SubmissionActionData>({ ok: false, errors: { form: "forms.errors.tooMany" }, values, retryAfter: limit.retryAfter }, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
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
    return data<SubmissionActionData>({ ok: false, errors: { captcha: CAPTCHA_ERRORS[captcha.reason] }, values }, { status: captcha.reason === "unavailable" ? 503 : 400 });
  }
  const forward = forwardingConfigured(config);
  const row = await storeSubmission(db.db, kind, parsed.data, { locale: context.get(localeContext).locale, forward });
  log.info({ kind, submissionId: row.id }, "submission stored");
  if (forward) {
    // After the answer: the person does not wait for the form service.
    setImmediate(() => void forwardSubmission({ config, db: db.db, log, delays: services.forwardDelays }, kind, row.id).catch((err: unknown) => log.error({ err }, "forwarding crashed")));
  }
  return data<SubmissionActionData>({ ok: true });
}
