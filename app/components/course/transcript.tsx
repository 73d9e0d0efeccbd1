import { useEffect, useId, useMemo, useRef, useState, type RefObject } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Locale } from "~/i18n/locale";
import { clock } from "~/lib/clock";
import { cueAt, readVtt, type TranscriptCue } from "~/lib/vtt";
import { QuizText } from "~/components/quiz/quiz-text";

/**
 * A lesson's interactive transcript (issue 32, WCAG 1.2.3): its captions as text under the player.
 * The line being said is marked and kept in view as the video plays; a line is a button that takes
 * the video there; a search narrows the lines. Hebrew lines read right to left, code in them left to
 * right. Loaded (with its captions file) only when a learner opens it.
 */
export default function Transcript({
  src,
  language,
  media,
  onSeek,
}: {
  src: string;
  language: Locale;
  /** The video, followed as it plays. */
  media: RefObject<HTMLVideoElement | null>;
  /** Takes the video to a second (its owner does). */
  onSeek: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const [cues, setCues] = useState<TranscriptCue[] | "loading" | "failed">("loading");
  const [query, setQuery] = useState("");
  const [current, setCurrent] = useState(-1);
  const list = useRef<HTMLOListElement>(null);
  const searchId = useId();

  useEffect(() => {
    let cancelled = false;
    fetch(src)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then(
        (vtt) => !cancelled && setCues(readVtt(vtt)),
        () => !cancelled && setCues("failed"),
      );
    return () => {
      cancelled = true;
    };
  }, [src]);

  // Follow the video: mark the line being said.
  useEffect(() => {
    const video = media.current;
    if (!video || typeof cues === "string") return;
    const follow = () => setCurrent(cueAt(cues, video.currentTime));
    follow();
    video.addEventListener("timeupdate", follow);
    video.addEventListener("seeked", follow);
    return () => {
      video.removeEventListener("timeupdate", follow);
      video.removeEventListener("seeked", follow);
    };
  }, [cues, media]);

  // Keep the marked line in view inside the transcript's own box (never scrolling the page).
  useEffect(() => {
    const box = list.current;
    const line = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!box || !line) return;
    if (line.offsetTop < box.scrollTop || line.offsetTop + line.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = line.offsetTop - box.clientHeight / 3;
  }, [current]);

  const shown = useMemo(() => {
    if (typeof cues === "string") return [];
    const needle = query.trim().toLocaleLowerCase();
    return cues
      .map((cue, index) => ({ cue, index }))
      .filter(({ cue }) => needle === "" || cue.text.toLocaleLowerCase().includes(needle));
  }, [cues, query]);

  if (cues === "loading") return <p className="mt-2 text-sm text-ink-700">{t("video.transcript.loading")}</p>;
  if (cues === "failed")
    return (
      <p role="alert" className="mt-2 text-sm text-danger-700">
        {t("video.transcript.failed")}
      </p>
    );

  const seek = (index: number) => {
    onSeek(cues[index]!.start);
    // Before the video has loaded (it loads nothing until played) a seek only sets where it will
    // start, and no "seeked" follows: the line is marked here.
    setCurrent(index);
  };
  return (
    <div className="mt-2" data-testid="transcript">
      <label htmlFor={searchId} className="block text-sm font-semibold">
        {t("video.transcript.search")}
      </label>
      <input
        id={searchId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="mt-1 w-full max-w-sm rounded-md border border-ink-300 px-3 py-1.5 text-sm"
      />
      <p role="status" className="mt-1 text-sm text-ink-700" data-testid="transcript-count">
        {query.trim() ? t("video.transcript.matches", { count: shown.length }) : null}
      </p>
      <ol
        ref={list}
        className="relative mt-2 max-h-64 space-y-1 overflow-y-auto rounded-md border border-ink-200 p-2"
        aria-label={t("video.transcript.title")}
      >
        {shown.map(({ cue, index }) => (
          <li key={index}>
            <button
              type="button"
              onClick={() => seek(index)}
              aria-current={index === current ? "true" : undefined}
              className="flex w-full gap-3 rounded px-2 py-1 text-start text-sm hover:bg-ink-50 aria-[current=true]:bg-brand-50 aria-[current=true]:font-semibold"
            >
              <span dir="ltr" className="shrink-0 font-mono text-ink-700 tabular-nums">
                {clock(cue.start)}
              </span>
              <QuizText text={cue.text} lang={language} className="min-w-0 [overflow-wrap:anywhere]" />
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
