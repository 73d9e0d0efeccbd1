import { useTranslation } from "react-i18next";
import { AboutBlock } from "~/components/course/about-block";
import { TestimonialsCarousel } from "~/components/course/testimonials-carousel";
import { AccessNotice, VideoList, VideoPlayerOrLock } from "~/components/course/video-list";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { formatDate } from "~/i18n/format";
import { getViewer, pageContext } from "~/context.server";
import { pageMeta } from "~/lib/meta";
import { getAboutVideo, getTaxExplainers, getVideoList, viewVideo } from "~/models/catalogue.server";
import { testimonialsView } from "~/models/catalogue-view.server";
import type { Route } from "./+types/about";

/**
 * About: the about section, then the "about video page" of SPEC.md §2 — the Hebrew about-us video,
 * the tax-authority explainers, and the Java list by viewer (visitor: all locked; learner: 3 free;
 * subscriber: all, with the banner) — then testimonials.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const viewer = getViewer(context);
  const java = getVideoList("java")!;
  return {
    meta: meta(t("about.metaTitle"), t("about.description")),
    aboutVideo: viewVideo(getAboutVideo(), 0, viewer, locale, true),
    tax: getTaxExplainers().videos.map((v, i) => viewVideo(v, i, viewer, locale, true)),
    javaTitle: java.title[locale],
    java: java.videos.map((v, i) => viewVideo(v, i, viewer, locale)),
    viewer: {
      isAuthenticated: viewer.isAuthenticated,
      hasSubscription: viewer.hasSubscription,
      isAdmin: viewer.isAdmin,
    },
    subscribedUntil: viewer.subscriptionEndsAt ? formatDate(viewer.subscriptionEndsAt, locale) : null,
    testimonials: testimonialsView(locale),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("about.title")} />
      <AboutBlock />
      <section aria-labelledby="about-us-video" className="bg-ink-50 py-16">
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="about-us-video" className="text-3xl font-extrabold">
              {t("about.usHeading")}
            </h2>
            <p className="mt-4 text-ink-700">{t("about.usText")}</p>
            <p className="mt-2 font-semibold">{loaderData.aboutVideo.title}</p>
          </div>
          <VideoPlayerOrLock video={loaderData.aboutVideo} />
        </div>
      </section>
      <section aria-labelledby="tax-heading" className="container-page py-16">
        <SectionHeading id="tax-heading" title={t("about.taxHeading")} />
        <p className="-mt-6 mb-8 text-center text-ink-600">{t("about.taxText")}</p>
        <VideoList videos={loaderData.tax} label={t("about.taxHeading")} />
      </section>
      <section aria-labelledby="java-heading" className="bg-ink-50 py-16">
        <div className="container-page">
          <SectionHeading id="java-heading" title={t("about.javaHeading")} />
          <AccessNotice viewer={loaderData.viewer} subscribedUntil={loaderData.subscribedUntil} />
          <VideoList
            videos={loaderData.java}
            label={t("video.listLabel", { title: loaderData.javaTitle })}
            id="java-videos"
          />
        </div>
      </section>
      <section aria-labelledby="testimonials-title" className="container-page py-16">
        <SectionHeading
          id="testimonials-title"
          eyebrow={t("home.testimonialsEyebrow")}
          title={t("home.testimonialsTitle")}
        />
        <TestimonialsCarousel items={loaderData.testimonials} />
      </section>
    </>
  );
}
