import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useSignInHref } from "~/components/auth/use-sign-in-href";
import type { VideoView } from "~/models/catalogue.types";

/** A lesson the viewer may not watch: its dimmed poster and a lock, a link to the way in (sign in). */
export default function LockedPreview({ video, loading }: { video: VideoView; loading: "eager" | "lazy" }) {
  const { t } = useTranslation();
  const signIn = useSignInHref();
  return (
    <Link
      to={signIn}
      className="group relative block overflow-hidden rounded-lg bg-ink-900"
      aria-label={`${video.title} — ${t("video.locked")}`}
      data-testid="video-locked"
    >
      <img
        src={video.thumb}
        alt=""
        width={480}
        height={360}
        loading={loading}
        className="aspect-video w-full object-cover opacity-40 grayscale"
      />
      <span aria-hidden="true" className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-white">
        <svg viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
        <span className="rounded bg-black/60 px-2 py-0.5 text-sm font-semibold">{t("video.lockedShort")}</span>
      </span>
    </Link>
  );
}
