import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { AccessNotice, VideoList } from "~/components/course/video-list";
import { PageHeader } from "~/components/layout/page-header";
import { formatDate } from "~/i18n/format";
import { getViewer, pageContext } from "~/context.server";
import { pageMeta } from "~/lib/meta";
import { getVideoList, listKeyForPath, viewVideo } from "~/models/catalogue.server";
import type { Route } from "./+types/video-list";
import { routePathname } from "~/lib/route-path";

/**
 * One module for every video-list URL (routes.ts lists each one). Who may play what is decided here,
 * on the server: a locked item reaches the browser without a video id or a playable URL.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const key = listKeyForPath(routePathname(request));
  const list = key ? getVideoList(key) : undefined;
  if (!list) throw data("Not Found", { status: 404 });
  const viewer = getViewer(context);
  const title = list.title[locale];
  return {
    meta: meta(`${title} · ${t("site.name")}`, t("seo.listDescription", { title, count: list.videos.length })),
    title,
    description: list.description[locale],
    videos: list.videos.map((video, index) => viewVideo(video, index, viewer, locale)),
    viewer: {
      isAuthenticated: viewer.isAuthenticated,
      hasSubscription: viewer.hasSubscription,
      isAdmin: viewer.isAdmin,
    },
    subscribedUntil: viewer.subscriptionEndsAt ? formatDate(viewer.subscriptionEndsAt, locale) : null,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function VideoListPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { title, description, videos, viewer, subscribedUntil } = loaderData;
  return (
    <>
      <PageHeader title={title} />
      <section className="container-page py-14">
        <div className="mb-8 max-w-3xl">
          <p className="text-lg text-ink-700">{description}</p>
          <p className="mt-2 text-sm font-semibold text-ink-600">{t("video.count", { count: videos.length })}</p>
        </div>
        <AccessNotice viewer={viewer} subscribedUntil={subscribedUntil} />
        <VideoList videos={videos} label={t("video.listLabel", { title })} />
      </section>
    </>
  );
}
