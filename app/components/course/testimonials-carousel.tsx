import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { TestimonialView } from "~/models/catalogue.types";
import { usePrefersReducedMotion, useHydrated } from "~/components/ui/use-hydrated";

const ROTATE_MS = 7000;

/**
 * Testimonials as a carousel (WAI-ARIA carousel pattern): a row of full-width slides that snaps, with
 * previous/next and pause buttons. Rotation stops on hover and focus, and starts paused for people who
 * prefer reduced motion. The server renders the same row (no layout shift at hydration), and without
 * JavaScript it still scrolls sideways.
 */
/** `firstScreen`: the carousel starts in the first screen (/testimonial), so its first photo is not lazy. */
export function TestimonialsCarousel({
  items,
  firstScreen = false,
}: {
  items: TestimonialView[];
  firstScreen?: boolean;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const hydrated = useHydrated();
  // Plays by itself unless the system asks for less motion, until the person chooses.
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reducedMotion;
  const [hovered, setHovered] = useState(false);
  const region = useRef<HTMLElement>(null);
  const track = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!hydrated || !playing || hovered) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % items.length), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [hydrated, playing, hovered, items.length]);

  // Scroll the track (not the page) to the current slide. In RTL Chrome's scrollLeft runs negative,
  // and so does this offset, so one formula serves both directions.
  useEffect(() => {
    const el = track.current;
    const slide = el?.children[index] as HTMLElement | undefined;
    const first = el?.children[0] as HTMLElement | undefined;
    if (!el || !slide || !first) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollTo({ left: slide.offsetLeft - first.offsetLeft, behavior: reduce ? "auto" : "smooth" });
  }, [index]);

  const go = (delta: number) => setIndex((i) => (i + delta + items.length) % items.length);

  return (
    <section
      ref={region}
      aria-roledescription="carousel"
      aria-label={t("carousel.region")}
      className="mx-auto max-w-3xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(event) => {
        if (!region.current?.contains(event.relatedTarget as Node)) setHovered(false);
      }}
      data-testid="testimonials"
    >
      <div className="mb-4 flex items-center justify-center gap-2">
        <button type="button" className="btn btn-secondary" onClick={() => go(-1)} aria-label={t("carousel.previous")}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 rtl:-scale-x-100" fill="currentColor">
            <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
          </svg>
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => setChoice(!playing)}
          aria-label={playing ? t("carousel.pause") : t("carousel.play")}
          data-testid="carousel-toggle"
        >
          {playing ? (
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M6 4h3v12H6zM11 4h3v12h-3z" />
            </svg>
          ) : (
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M6 4l10 6-10 6z" />
            </svg>
          )}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => go(1)} aria-label={t("carousel.next")}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 rtl:-scale-x-100" fill="currentColor">
            <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l4.3-4.3-4.3-4.3a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </div>
      <div
        ref={track}
        // Scrollable, so reachable by keyboard (arrow keys scroll it once focused).
        tabIndex={0}
        aria-label={t("carousel.region")}
        aria-live={playing && !hovered ? "off" : "polite"}
        // Each slide keeps 1rem of room on both sides for its shadow; the gap keeps the next one's shadow
        // out of view too. Snapping takes the slide with its margins (scroll-margin), so it sits centred.
        className="flex snap-x snap-mandatory gap-4 overflow-x-auto [scrollbar-width:none]"
        data-testid="carousel-track"
      >
        {items.map((item, i) => (
          <figure
            key={item.key}
            role="group"
            aria-roledescription="slide"
            aria-label={t("carousel.slide", { n: i + 1, total: items.length })}
            aria-hidden={hydrated && i !== index ? true : undefined}
            data-current={i === index ? "true" : undefined}
            className="mx-4 mt-2 mb-6 w-[calc(100%-2rem)] shrink-0 scroll-mx-4 snap-start rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]"
          >
            <img
              src={`/images/people/${item.photo}`}
              alt=""
              width={240}
              height={240}
              loading={firstScreen && i === 0 ? "eager" : "lazy"}
              className="mx-auto size-20 rounded-full"
            />
            <blockquote className="mt-4 text-lg text-ink-800">{`“${item.quote}”`}</blockquote>
            <figcaption className="mt-4">
              <span className="block font-bold">{item.name}</span>
              <span className="text-sm text-ink-600">{item.profession}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
