import { useTranslation } from "~/i18n/use-translation";

/** "22 videos", "1 video · 21 lessons coming soon", or "22 lessons coming soon" (D-H2). */
export function LessonCount({ videos, soon }: { videos: number; soon: number }) {
  const { t } = useTranslation();
  if (soon === 0) return <>{t("video.count", { count: videos })}</>;
  if (videos === 0) return <>{t("video.soonCount", { count: soon })}</>;
  return <>{`${t("video.count", { count: videos })} · ${t("video.soonCount", { count: soon })}`}</>;
}
