import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { Field } from "~/components/ui/field";
import { site } from "~/models/site";
import { SUBMISSION_LIMITS } from "~/models/submission.limits";
import type { SubmissionActionData, SubmissionErrors } from "~/models/submission.schema";
import { Captcha, type CaptchaMode } from "./captcha";

/**
 * The contact and registration-request form (docs/product.md#behaviour): "Sending...." while it goes, "Form
 * Submitted Successfully" and a cleared form on success, the reason and what was typed on failure.
 * A real form post: without JavaScript the page answers with the same states.
 */
export function SubmissionForm({
  action,
  intent,
  captcha,
  hcaptchaSiteKey,
  labels,
  result,
  testId,
  successNote,
}: {
  action: string;
  intent: "contact" | "registration";
  captcha: CaptchaMode;
  hcaptchaSiteKey?: string | null;
  labels: { name: string; email: string; phone: string; message: string };
  /** Without JavaScript, the page's own action data. */
  result?: SubmissionActionData;
  testId: string;
  /** Shown under "Form Submitted Successfully": what happens next (the registration request's). */
  successNote?: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SubmissionActionData>({ key: `form-${intent}` });
  const data = fetcher.data ?? result;
  const sending = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  // Each answer ends a round: a captcha challenge is single-use, so the widget starts afresh.
  const [round, setRound] = useState(0);
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) form.current?.reset();
    // The keyboard goes on from the answer (the Send button, disabled while sending, dropped the
    // focus to the page): the first field to correct, else the status line.
    const wrong = fetcher.data.ok
      ? undefined
      : (["name", "email", "phone", "message"] as const).find((name) => fetcher.data?.errors?.[name]);
    (wrong ? form.current?.querySelector<HTMLElement>(`[name="${wrong}"]`) : statusRef.current)?.focus();
    // The answer arriving is an event from outside React: start the next round in response to it.
    // oxlint-disable-next-line react/set-state-in-effect
    setRound((r) => r + 1);
  }, [fetcher.state, fetcher.data]);
  const errors = data && !data.ok ? (data.errors ?? {}) : {};
  const values = data && !data.ok ? data.values : undefined;
  const id = (name: string) => `${intent}-${name}`;
  const input = "w-full rounded-md border border-ink-300 px-3 py-2 aria-[invalid=true]:border-danger-700";
  const error = (name: keyof SubmissionErrors) => {
    const key = errors[name];
    return key ? t(key) : undefined;
  };
  const status = sending
    ? t("forms.sending")
    : data?.ok
      ? t("forms.success")
      : errors.form
        ? t(errors.form, { count: data?.retryAfter ?? 60 })
        : errors.captcha
          ? t(errors.captcha)
          : Object.keys(errors).length > 0
            ? t("forms.errors.summary")
            : "";
  return (
    <fetcher.Form
      method="post"
      action={action}
      ref={form}
      className="space-y-4"
      data-testid={testId}
      noValidate={false}
    >
      <input type="hidden" name="intent" value={intent} />
      <Field id={id("name")} label={labels.name} error={error("name")} required>
        {(control) => (
          <input
            {...control}
            name="name"
            maxLength={SUBMISSION_LIMITS.name}
            autoComplete="name"
            defaultValue={values?.name}
            className={input}
          />
        )}
      </Field>
      <Field id={id("email")} label={labels.email} error={error("email")} required>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            dir="ltr"
            maxLength={SUBMISSION_LIMITS.email}
            autoComplete="email"
            defaultValue={values?.email}
            className={input}
          />
        )}
      </Field>
      <Field
        id={id("phone")}
        label={labels.phone}
        hint={t("forms.errors.phoneInvalid")}
        error={error("phone")}
        required
      >
        {(control) => (
          <input
            {...control}
            name="phone"
            type="tel"
            dir="ltr"
            minLength={7}
            maxLength={20}
            pattern={"[0-9 +\\(\\)\\-]{7,20}"}
            // The browser's own "match the requested format" names no format: it shows this title too.
            title={t("forms.errors.phoneInvalid")}
            autoComplete="tel"
            defaultValue={values?.phone}
            className={input}
          />
        )}
      </Field>
      <Field id={id("message")} label={labels.message} error={error("message")}>
        {(control) => (
          <textarea
            {...control}
            name="message"
            maxLength={SUBMISSION_LIMITS.message}
            defaultValue={values?.message}
            className={`${input} h-[150px]`}
          />
        )}
      </Field>
      <div className="absolute -start-[9999px]" aria-hidden="true">
        <label htmlFor={id("website")}>{t("forms.honeypot")}</label>
        <input id={id("website")} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <Captcha key={round} mode={captcha} siteKey={hcaptchaSiteKey} phone={site.phone} email={site.email} />
      <button type="submit" className="btn btn-primary btn-lg" disabled={sending}>
        {t("forms.send")}
      </button>
      {/* One live region: the status line, and on success what happens next (read out together). */}
      <div role="status" aria-live="polite">
        <p
          ref={statusRef}
          tabIndex={-1}
          className={`min-h-6 font-semibold ${data?.ok ? "text-success-700" : "text-danger-700"} ${sending ? "text-ink-700" : ""}`}
          data-testid={`${intent}-status`}
        >
          {status}
        </p>
        {data?.ok && !sending && successNote ? (
          <p className="mt-2 text-ink-700" data-testid={`${intent}-next`}>
            {successNote}
          </p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
