import { useEffect, type ReactNode } from "react";
import type { TranslationKey } from "~/i18n/keys";
import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { useTitled } from "~/components/ui/titled";
import { useMessage } from "./builder-form";

/** The course builder's pages: the page band, a trail back to the overview, the last change's message. */

export interface TrailItem {
  label: string;
  href?: string;
}

/** The title in the admin's language: Hebrew when there is one, else English (Hebrew falls back). */
export function useLocalTitle() {
  const { i18n } = useTranslation();
  return (item: { titleEn: string; titleHe: string | null }) =>
    i18n.language === "he" ? (item.titleHe ?? item.titleEn) : item.titleEn;
}

/** A one-line result: after a redirect (the flash) or an action (a move). */
export interface BuilderMessage {
  key: TranslationKey;
  params?: Record<string, string | number>;
  tone?: "ok" | "error";
}

export function BuilderPage({
  title,
  trail,
  message,
  children,
}: {
  title: string;
  trail: TrailItem[];
  message?: BuilderMessage | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <>
      <PageHeader title={title} />
      <div className="container-page space-y-10 py-10" aria-busy={navigation.state !== "idle"}>
        <nav aria-label={t("courseAdmin.trail")}>
          <ol className="flex flex-wrap gap-x-2 text-sm text-ink-700">
            {trail.map((item, index) => (
              <li key={`${index}-${item.label}`} className="flex gap-2">
                {index > 0 ? <span aria-hidden="true">›</span> : null}
                {item.href ? (
                  <Link to={item.href} className="text-brand-800 underline">
                    <bdi>{item.label}</bdi>
                  </Link>
                ) : (
                  <span aria-current="page">
                    <bdi>{item.label}</bdi>
                  </span>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <StatusLine message={message ?? null} />
        {children}
      </div>
    </>
  );
}

/** Always in the page (empty when there is nothing to say), so screen readers announce what appears in it. */
export function StatusLine({ message }: { message: BuilderMessage | null }) {
  const { t } = useTranslation();
  const titled = useTitled();
  const { title, ...params } = message?.params ?? {};
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="builder-status"
      className={
        message
          ? `rounded-md p-3 font-semibold ${message.tone === "error" ? "bg-red-50 text-danger-700" : "bg-green-50 text-success-700"}`
          : "sr-only"
      }
    >
      {!message
        ? ""
        : typeof title === "string"
          ? titled(message.key, title, params)
          : t(message.key, message.params ?? {})}
    </p>
  );
}

export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${published ? "bg-green-50 text-success-700" : "bg-ink-100 text-ink-700"}`}
    >
      {published ? t("courseAdmin.published") : t("courseAdmin.unpublished")}
    </span>
  );
}

/**
 * A video list's status as learners meet it: its box may say "published" while only draft course
 * cards (or cards in draft catalogues) hold it, and then it is on no public page (D-M8): the badge
 * says so, and why.
 */
export function ListStatusBadge({ status }: { status: "published" | "draftsOnly" | "unpublished" }) {
  const { t } = useTranslation();
  if (status !== "draftsOnly") return <PublishedBadge published={status === "published"} />;
  return (
    <>
      <span className="inline-block rounded bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">
        {t("courseAdmin.onlyInDrafts")}
      </span>
      <span className="mt-1 block min-w-40 text-xs text-ink-600">{t("courseAdmin.onlyInDraftsHint")}</span>
    </>
  );
}

/** "(falls back to English)" beside a title shown in Hebrew that has no Hebrew text. */
export function FallbackNote({ item }: { item: { titleHe: string | null } }) {
  const { t, i18n } = useTranslation();
  if (i18n.language !== "he" || item.titleHe) return null;
  return <span className="ms-2 text-xs text-ink-600">{t("courseAdmin.fallsBack")}</span>;
}

const moveButtonId = (id: string, direction: "up" | "down") => `move-${id}-${direction}`;

/**
 * "Move up" and "Move down": each a small POST form (works without JavaScript), labelled with the
 * item's title for screen readers; the first item cannot go up nor the last down.
 */
export function MoveButtons({
  id,
  title,
  index,
  count,
  extra,
}: {
  id: string;
  title: string;
  index: number;
  count: number;
  /** More hidden fields (which course a list is moved in). */
  extra?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const button = (direction: "up" | "down", disabled: boolean) => (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button
        type="submit"
        id={moveButtonId(id, direction)}
        disabled={disabled}
        className="btn btn-secondary px-2 py-1 text-xs disabled:opacity-50"
        aria-label={t(direction === "up" ? "courseAdmin.moveUpNamed" : "courseAdmin.moveDownNamed", { title })}
      >
        {t(direction === "up" ? "courseAdmin.moveUp" : "courseAdmin.moveDown")}
      </button>
    </Form>
  );
  return (
    <span className="inline-flex gap-1">
      {button("up", index === 0)}
      {button("down", index === count - 1)}
    </span>
  );
}

/**
 * After a move the row's buttons are in a new place in the page, and the browser drops the focus
 * of a moved element: keep the keyboard on the moved item's button (or its other button, when the
 * one pressed is now at the end and disabled). `order` (the items' ids) changes when the new order
 * arrives, which may be after the move's answer.
 */
export function useFocusAfterMove(moved: { id: string; direction: "up" | "down" } | null | undefined, order: string) {
  useEffect(() => {
    if (!moved) return;
    const active = document.activeElement;
    // Someone who has gone on to something else keeps their focus.
    if (active && active !== document.body && !active.id.startsWith(`move-${moved.id}-`)) return;
    const pressed = document.getElementById(moveButtonId(moved.id, moved.direction)) as HTMLButtonElement | null;
    const other = document.getElementById(
      moveButtonId(moved.id, moved.direction === "up" ? "down" : "up"),
    ) as HTMLButtonElement | null;
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  }, [moved, order]);
}

/** Deleting asks first: a required "Yes, delete" checkbox in the same POST form (no JavaScript needed). */
export function DeleteSection({
  confirmLabel,
  buttonLabel,
  error,
}: {
  confirmLabel: ReactNode;
  buttonLabel: string;
  error?: TranslationKey;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <section aria-labelledby="delete-heading" className="rounded-lg border border-danger-700 p-5">
      <h2 id="delete-heading" className="text-xl font-bold text-danger-700">
        {t("courseAdmin.deleteHeading")}
      </h2>
      <Form method="post" className="mt-3 space-y-3" data-testid="delete-form">
        <input type="hidden" name="intent" value="delete" />
        <div className="flex items-start gap-2">
          <input
            id="f-confirm"
            name="confirm"
            type="checkbox"
            className="mt-0.5 size-5"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "f-confirm-error" : undefined}
          />
          <label htmlFor="f-confirm" className="text-sm font-semibold">
            {confirmLabel}
          </label>
        </div>
        {error ? (
          <p id="f-confirm-error" role="alert" className="text-sm font-semibold text-danger-700">
            {message(error)}
          </p>
        ) : null}
        <button type="submit" className="btn border border-danger-700 text-danger-700 hover:bg-red-50">
          {buttonLabel}
        </button>
      </Form>
    </section>
  );
}

/** A section of a builder page with its heading and, beside it, an action link. */
export function BuilderSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-2xl font-bold">
          {title}
        </h2>
        {action ? (
          <Link to={action.href} className="btn btn-primary px-3 py-1.5 text-sm">
            {action.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** The public URLs of a catalogue or list, left to right in any language. */
export function PublicUrls({ paths }: { paths: string[] }) {
  const { t } = useTranslation();
  if (paths.length === 0) return <span className="text-ink-600">{t("courseAdmin.noUrl")}</span>;
  return (
    <span className="flex flex-col items-start gap-1" data-testid="public-urls">
      {paths.map((path) => (
        // At least 24 px tall each (WCAG 2.5.8): stacked small links are easy to miss with a finger.
        <a
          key={path}
          href={path}
          dir="ltr"
          className="inline-flex min-h-6 items-center font-mono text-xs text-brand-800 underline"
        >
          {path}
        </a>
      ))}
    </span>
  );
}

/** What a move did, said in words: "Moved “Intro” up: now 1 of 3." (or that it was already at the end). */
export function moveMessage(
  moved: { id: string; direction: "up" | "down"; moved: boolean } | null | undefined,
  items: { id: string; title: string }[],
): BuilderMessage | null {
  if (!moved) return null;
  const index = items.findIndex((item) => item.id === moved.id);
  if (index < 0) return null;
  const params = { title: items[index]!.title, position: index + 1, count: items.length };
  if (!moved.moved) return { key: "courseAdmin.notMoved", params };
  return { key: moved.direction === "up" ? "courseAdmin.movedUp" : "courseAdmin.movedDown", params };
}
