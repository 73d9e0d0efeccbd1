import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { FeedbackCard } from "~/components/feedback/feedback-card";
import { PageHeader } from "~/components/layout/page-header";
import { Field, FieldError } from "~/components/ui/field";
import { Stars } from "~/components/ui/stars";
import { StarRatingInput } from "~/components/ui/star-rating-input";
import { formatShortDate } from "~/i18n/format";
import { getViewer, pageContext, servicesOf } from "~/context.server";
import { readPostedFeedback, rememberPostedFeedback, setFlash, takeFlash } from "~/lib/cookies.server";
import { passHeaders } from "~/lib/http";
import { pageMeta } from "~/lib/meta";
import { DEFAULT_RATING, FEEDBACK_LIMITS } from "~/models/feedback.limits";
import type { FieldErrors } from "~/models/feedback.schema";
import {
  createFeedback,
  deleteFeedback,
  FEEDBACK_PAGE_SIZE,
  feedbackStats,
  findFeedback,
  listFeedbackPage,
  mayDelete,
  cursorOf,
  parseCursor,
  parseFeedback,
  parsePage,
} from "~/models/feedback.server";
import type { Route } from "./+types/feedback";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["feedback", "rating"] } satisfies StringsHandle;

/**
 * /feedback (and /feedback/new, where the form posts): the form and the list, rendered on the server.
 * Posting and deleting are POSTs (origin-checked); without JavaScript they redirect back
 * (post/redirect/get) with a thank-you; with it, the list updates in place.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta, config } = pageContext(context, request);
  const { db, cookieSecrets } = servicesOf(context);
  const viewer = getViewer(context);
  // A page number that is not one (page=1e20, -1, abc) shows the first page.
  const search = new URL(request.url).searchParams;
  const page = parsePage(search.get("page")) ?? 1;
  // The Next link names the last entry of this page: the next is read after it (keyset), not by offset.
  const after = page > 1 ? parseCursor(search.get("after")) : null;
  const [{ items, hasMore }, stats, posted, flash] = await Promise.all([
    listFeedbackPage(db, page, FEEDBACK_PAGE_SIZE, after),
    feedbackStats(db),
    readPostedFeedback(config, cookieSecrets, request),
    takeFlash(config, cookieSecrets, request, "feedback."),
  ]);
  const headers = new Headers();
  if (flash.clear) headers.append("Set-Cookie", flash.clear);
  return data(
    {
      meta: meta(t("feedback.metaTitle"), t("feedback.description")),
      page,
      hasMore,
      nextAfter: items.length > 0 ? cursorOf(items[items.length - 1]!) : null,
      items: items.map((item) => ({
        id: item.id,
        name: item.name,
        comment: item.comment,
        // http images are asked for over https (the page forbids mixed content).
        image: item.image ? item.image.replace(/^http:/, "https:") : null,
        rating: item.rating,
        date: formatShortDate(item.date, locale),
        isoDate: item.date,
        canDelete: mayDelete(item, viewer, posted),
      })),
      stats,
      flash: flash.message,
    },
    { headers },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, log, config, cookieSecrets, rateLimits, clientIp } = servicesOf(context);
  const viewer = getViewer(context);
  const form = await request.formData();
  const field = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : undefined);

  if (field("intent") === "delete") {
    const item = await findFeedback(db, field("id") ?? "");
    if (!item) return data({ error: "feedback.notFound" as const }, { status: 404 });
    const posted = await readPostedFeedback(config, cookieSecrets, request);
    if (!mayDelete(item, viewer, posted)) {
      log.warn({ feedbackId: item.id, userId: viewer.user?.id }, "feedback delete refused");
      return data({ error: "feedback.forbidden" as const }, { status: 403 });
    }
    await deleteFeedback(db, item.id);
    log.info({ feedbackId: item.id, userId: viewer.user?.id, byAdmin: viewer.isAdmin }, "feedback deleted");
    return redirect("/feedback", {
      headers: { "Set-Cookie": await setFlash(config, cookieSecrets, "feedback.deleted") },
    });
  }

  const values = {
    name: field("name") ?? "",
    comment: field("comment") ?? "",
    image: field("image") ?? "",
    rating: field("rating") ?? "",
  };
  // A honeypot: people never see this field; bots fill it. They get the same answer, and nothing is stored.
  if (field("website")) {
    log.info("feedback honeypot filled: discarded");
    return redirect("/feedback", {
      status: 303,
      headers: { "Set-Cookie": await setFlash(config, cookieSecrets, "feedback.thanks") },
    });
  }
  const limit = await rateLimits.feedbackPost.consume(clientIp);
  if (!limit.ok) {
    log.warn({ route: "feedback" }, "rate limit hit");
    return data(
      { errors: { form: "feedback.tooMany" } as FieldErrors, values, retryAfter: limit.retryAfter },
      { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
    );
  }
  const parsed = parseFeedback({
    name: values.name,
    comment: values.comment,
    image: values.image,
    rating: values.rating || undefined,
  });
  if (!parsed.ok) {
    log.info({ fields: Object.keys(parsed.errors) }, "feedback refused: invalid input");
    return data({ errors: parsed.errors, values, retryAfter: 0 }, { status: 400 });
  }
  const item = await createFeedback(db, parsed.data, { userId: viewer.user?.id ?? null });
  log.info({ feedbackId: item.id, userId: viewer.user?.id }, "feedback posted");
  const headers = new Headers();
  headers.append("Set-Cookie", await rememberPostedFeedback(config, cookieSecrets, request, item.id));
  headers.append("Set-Cookie", await setFlash(config, cookieSecrets, "feedback.thanks"));
  return redirect("/feedback", { status: 303, headers });
}

export const headers = passHeaders;
export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const errors: FieldErrors = actionData && "errors" in actionData ? actionData.errors : {};
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  const deleteError = actionData && "error" in actionData ? actionData.error : undefined;
  const error = (name: keyof FieldErrors) => {
    const key = errors[name];
    return key ? t(key) : undefined;
  };
  const input = "w-full rounded-md border border-ink-300 px-3 py-2 aria-[invalid=true]:border-danger-700";
  const { stats } = loaderData;
  // After an answer the keyboard goes on from what it says (the button it was on is disabled while
  // sending, which drops the focus to the page): the first field to correct, else the message.
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const flashRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!actionData || !("errors" in actionData)) return;
    const first = (["name", "comment", "image", "rating"] as const).find((name) => actionData.errors[name]);
    (first ? formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`) : errorRef.current)?.focus();
  }, [actionData]);
  useEffect(() => {
    if (loaderData.flash && (document.activeElement === document.body || document.activeElement === null))
      flashRef.current?.focus();
  }, [loaderData.flash, location.key]);
  return (
    <>
      <PageHeader title={t("feedback.title")} />
      <div className="container-page grid gap-12 py-14 lg:grid-cols-[2fr_3fr]">
        <section aria-labelledby="feedback-form-title">
          <h2 id="feedback-form-title" className="mb-4 text-2xl font-bold">
            {t("feedback.formTitle")}
          </h2>
          {loaderData.flash ? (
            <p
              ref={flashRef}
              tabIndex={-1}
              role="status"
              className="mb-4 rounded-md bg-green-50 p-3 font-semibold text-success-700"
              data-testid="feedback-flash"
            >
              {t(loaderData.flash)}
            </p>
          ) : null}
          {errors.form || Object.keys(errors).length > 0 ? (
            <p
              ref={errorRef}
              tabIndex={-1}
              role="alert"
              className="mb-4 rounded-md bg-red-50 p-3 font-semibold text-danger-700"
              data-testid="feedback-form-error"
            >
              {errors.form === "feedback.tooMany"
                ? t("feedback.tooMany", {
                    count: actionData && "retryAfter" in actionData ? actionData.retryAfter : 60,
                  })
                : errors.form
                  ? t(errors.form)
                  : t("feedback.errors.summary")}
            </p>
          ) : null}
          <Form
            ref={formRef}
            method="post"
            action="/feedback/new"
            className="space-y-4"
            key={location.key}
            data-testid="feedback-form"
          >
            <Field id="feedback-name" label={t("feedback.name")} error={error("name")} errorId="error-name" required>
              {(control) => (
                <input
                  {...control}
                  name="name"
                  maxLength={FEEDBACK_LIMITS.name}
                  autoComplete="name"
                  defaultValue={values?.name}
                  className={input}
                />
              )}
            </Field>
            <Field
              id="feedback-comment"
              label={t("feedback.comment")}
              error={error("comment")}
              errorId="error-comment"
              required
            >
              {(control) => (
                <textarea
                  {...control}
                  name="comment"
                  rows={5}
                  maxLength={FEEDBACK_LIMITS.comment}
                  defaultValue={values?.comment}
                  className={input}
                />
              )}
            </Field>
            <Field
              id="feedback-image"
              label={t("feedback.image")}
              hint={t("feedback.imageHint")}
              hintClassName="mt-1 text-xs text-ink-600"
              error={error("image")}
              errorId="error-image"
            >
              {(control) => (
                <input
                  {...control}
                  name="image"
                  type="url"
                  dir="ltr"
                  maxLength={FEEDBACK_LIMITS.image}
                  placeholder="https://"
                  defaultValue={values?.image}
                  className={input}
                />
              )}
            </Field>
            <StarRatingInput
              legend={t("feedback.rating")}
              legendClassName="mb-1 text-sm font-semibold text-ink-800"
              starLabel={(count) => t("feedback.stars", { count })}
              defaultValue={values?.rating && /^[1-5]$/.test(values.rating) ? Number(values.rating) : DEFAULT_RATING}
            />
            <FieldError id="error-rating" error={error("rating")} />
            <div className="absolute -start-[9999px]" aria-hidden="true">
              <label htmlFor="feedback-website">{t("feedback.honeypot")}</label>
              <input id="feedback-website" name="website" tabIndex={-1} autoComplete="off" />
            </div>
            <button type="submit" className="btn btn-primary btn-lg" disabled={sending}>
              {sending ? t("feedback.sending") : t("feedback.submit")}
            </button>
          </Form>
        </section>
        <section aria-labelledby="feedback-list-title">
          <h2 id="feedback-list-title" className="text-2xl font-bold">
            {t("feedback.listTitle")}
          </h2>
          {deleteError ? (
            <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 font-semibold text-danger-700">
              {t(deleteError)}
            </p>
          ) : null}
          <p className="mt-2 flex flex-wrap items-center gap-2 text-ink-700" data-testid="feedback-summary">
            {stats.count === 0 ? (
              t("feedback.empty")
            ) : (
              <>
                <Stars
                  rating={stats.average ?? 0}
                  label={t("feedback.summary", { average: stats.average ?? 0, count: stats.count })}
                />
                <span aria-hidden="true">
                  {t("feedback.summary", { average: stats.average ?? 0, count: stats.count })}
                </span>
              </>
            )}
          </p>
          <ul className="mt-6 space-y-4" data-testid="feedback-list">
            {/* One column: the first few cards can be in the first screen, so no lazy loading there. */}
            {loaderData.items.map((item, i) => (
              <li key={item.id}>
                <FeedbackCard item={item} eager={i < 4} />
              </li>
            ))}
          </ul>
          {loaderData.page > 1 || loaderData.hasMore ? (
            <nav aria-label={t("feedback.pagination")} className="mt-6 flex items-center justify-between">
              {loaderData.page > 1 ? (
                <Link to={`/feedback?page=${loaderData.page - 1}`} className="btn btn-secondary">
                  {t("feedback.previous")}
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-ink-600">{t("feedback.page", { page: loaderData.page })}</span>
              {loaderData.hasMore ? (
                <Link
                  to={`/feedback?page=${loaderData.page + 1}${loaderData.nextAfter ? `&after=${loaderData.nextAfter}` : ""}`}
                  className="btn btn-secondary"
                >
                  {t("feedback.next")}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
      </div>
    </>
  );
}
