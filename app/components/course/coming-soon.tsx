import { useTranslation } from "~/i18n/use-translation";
import type { VideoView } from "~/models/catalogue.types";

/** A lesson the viewer may watch that has no video yet: the poster and "Video coming soon", never a broken player. */
export default function ComingSoon({ video, loading }: { video: VideoView; loading: "eager" | "lazy" }) {
  const { t } = useTranslation();
  return (
    <div className="relative overflow-hidden rounded-lg bg-ink-900" data-testid="video-soon">
      <img
        src={video.thumb}
        alt=""
        width={480}
        height={360}
        loading={loading}
        className="aspect-video w-full object-cover"
      />
      {/* A solid disc over the poster's play mark: nothing here looks playable. */}
      <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-ink-950/30 text-white">
        <span className="flex size-24 items-center justify-center rounded-full bg-ink-950">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-10"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" strokeLinecap="round" />
          </svg>
        </span>
        <span className="rounded bg-ink-950 px-2 py-0.5 text-sm font-semibold">{t("video.comingSoon")}</span>
      </span>
    </div>
  );
}
