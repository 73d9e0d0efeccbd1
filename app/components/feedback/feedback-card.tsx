import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { Stars } from "~/components/ui/stars";
import { initialsOf } from "./initials";
import { useDisclosure } from "~/components/ui/use-disclosure";

export interface FeedbackCardView {
  id: string;
  name: string;
  comment: string;
  image: string | null;
  rating: number;
  /** Formatted on the server, like "Jan 5, 2024". */
  date: string;
  isoDate: string;
  canDelete: boolean;
}

/** The person's initials in a circle (hidden from screen readers: the name is read beside it). */
function Avatar({ name }: { name: string }) {
  const initials = initialsOf(name);
  return (
    <span
      aria-hidden="true"
      data-testid="feedback-avatar"
      className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-900"
    >
      {initials || (
        <svg viewBox="0 0 24 24" className="size-8" fill="currentColor">
          <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm-9 10a9 9 0 0 1 18 0z" />
        </svg>
      )}
    </span>
  );
}

/**
 * A feedback card: picture (or a neutral avatar), date, name, comment as plain text, read-only stars.
 * `eager` loads the picture at once, for cards in the first screen.
 */
export function FeedbackCard({ item, eager = false }: { item: FeedbackCardView; eager?: boolean }) {
  const { t } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // A picture that failed before the page was hydrated fired its error event before React listened.
  useEffect(() => {
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) setImageFailed(true);
  }, []);
  return (
    <article
      className="relative flex gap-4 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)]"
      data-testid="feedback-card"
      data-id={item.id}
    >
      {item.image && !imageFailed ? (
        <img
          ref={image}
          src={item.image}
          alt={t("feedback.avatarAlt", { name: item.name })}
          width={56}
          height={56}
          loading={eager ? "eager" : "lazy"}
          referrerPolicy="no-referrer"
          onError={() => setImageFailed(true)}
          className="size-14 shrink-0 rounded-full bg-ink-100 object-cover"
        />
      ) : (
        <Avatar name={item.name} />
      )}
      <div className="min-w-0 flex-1 pe-8">
        <p className="text-sm text-ink-600">
          <time dateTime={item.isoDate} data-testid="feedback-date">
            {item.date}
          </time>
        </p>
        <h3 className="font-bold text-ink-900" data-testid="feedback-name">
          <bdi>{item.name}</bdi>
        </h3>
        <Stars rating={item.rating} label={t("feedback.ratingLabel", { rating: item.rating })} className="mt-1" />
        <p className="mt-2 break-words whitespace-pre-line text-ink-800" data-testid="feedback-comment" dir="auto">
          {item.comment}
        </p>
      </div>
      {item.canDelete ? <DeleteQuestion item={item} /> : null}
    </article>
  );
}

/**
 * The card's × asks first (a post deleted cannot be had back): it opens a small question with the
 * Delete button, without JavaScript too; Escape or a click elsewhere closes it.
 */
function DeleteQuestion({ item }: { item: { id: string; name: string } }) {
  const { t } = useTranslation();
  const ref = useDisclosure();
  return (
    <details ref={ref} className="absolute end-3 top-3" data-testid="feedback-delete-question">
      <summary
        className="cursor-pointer list-none rounded-full p-1.5 text-ink-600 hover:bg-red-50 hover:text-danger-700 [&::-webkit-details-marker]:hidden"
        aria-label={t("feedback.delete", { name: item.name })}
        data-testid="feedback-delete"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M5.3 4.3a1 1 0 0 1 1.4 0L10 7.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 9l3.3 3.3a1 1 0 0 1-1.4 1.4L10 10.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 9 5.3 5.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <Form
        method="post"
        action="/feedback"
        className="absolute end-0 top-10 z-10 w-60 rounded-lg border border-ink-100 bg-white p-3 text-sm shadow-lg"
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={item.id} />
        <p className="text-ink-800">{t("feedback.deleteQuestion")}</p>
        <button
          type="submit"
          className="btn mt-2 border border-danger-700 px-3 py-1 text-sm text-danger-700 hover:bg-red-50"
          data-testid="feedback-delete-confirm"
        >
          {t("feedback.deleteYes")}
        </button>
      </Form>
    </details>
  );
}
