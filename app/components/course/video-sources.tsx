import { useTranslation } from "~/i18n/use-translation";
import type { CaptionsTrack } from "~/models/catalogue.types";

/**
 * A self-hosted video's file and its captions, inside a <video>: the captions in the page's language
 * shown from the start (IS 5568, WCAG 1.2.2), the others offered in the player's menu.
 */
export function VideoSources({ src, start = 0, captions }: { src: string; start?: number; captions: CaptionsTrack[] }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {/* A media fragment starts it where the learner left off, even before JavaScript runs. */}
      <source src={start > 0 ? `${src}#t=${start}` : src} type={src.endsWith(".webm") ? "video/webm" : "video/mp4"} />
      {captions.map((track) => (
        <track
          key={track.language}
          kind="captions"
          src={track.src}
          srcLang={track.language}
          label={t(`video.captions.${track.language}`)}
          default={track.language === i18n.language}
        />
      ))}
    </>
  );
}
