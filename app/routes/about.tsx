import { useTranslation } from "~/i18n/use-translation";
import { AboutBlock } from "~/components/course/about-block";
import { TestimonialsCarousel } from "~/components/course/testimonials-carousel";
import { AccessNotice, VideoList } from "~/components/course/video-list";
import { VideoPlayerOrLock } from "~/components/course/video-player";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { formatDate } from "~/i18n/format";
import { getCatalogue, getViewer, pageContext } from "~/context.server";
import { pageMeta } from "~/lib/meta";
import {
  aboutVideoLesson,
  findList,
  publicLessons,
  viewComingSoon,
  viewList,
  viewVideo,
} from "~/models/catalogue.server";
import { TAX_LIST_SLUG } from "~/models/catalogue.urls";
import { testimonialsView } from "~/models/catalogue-view.server";
import type { Route } from "./+types/about";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = {
  strings: ["about", "aboutBlock", "carousel", "home", "notes", "progress", "video"],
} satisfies StringsHandle;

/**
 * About: the about section, then the "about video page" of docs/product.md#pages — the Hebrew about-us video,
 * the tax-authority explainers, and the Java list by viewer (visitor: all locked; learner: 3 free;
 * subscriber: all, with the banner) — then testimonials.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const viewer = getViewer(context);
  const snapshot = getCatalogue(context);
  // Both lists come from the catalogue: an unpublished one leaves its section out.
  const tax = findList(snapshot, TAX_LIST_SLUG);
  const java = findList(snapshot, "java");
  const about = aboutVideoLesson();
  return {
    meta: meta(t("about.metaTitle"), t("about.description")),
    // The about-us video is open to everyone: a list of its own, wholly free.
    aboutVideo: viewVideo(
      about,
      0,
      { freeSamples: 0, allFree: true, lessons: [about], courseIds: [] },
      viewer,
      locale,
      true,
    ),
    // The Tax Authority's explainers are public: open to everyone.
    tax: tax
      ? publicLessons(tax).map(({ lesson, index }) =>
          index === null ? viewComingSoon(lesson, locale) : viewVideo(lesson, index, tax, viewer, locale, true),
        )
      : [],
    java: java
      ? {
          title: java.title[locale],
          freeSamples: java.freeSamples,
          allFree: java.allFree,
          videos: viewList(java, viewer, locale).map(({ video }) => video),
        }
      : null,
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
      <AboutBlock aboveTheFold />
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
      {loaderData.tax.length > 0 ? (
        <section aria-labelledby="tax-heading" className="container-page py-16">
          <SectionHeading id="tax-heading" title={t("about.taxHeading")} />
          <p className="-mt-6 mb-8 text-center text-ink-600">{t("about.taxText")}</p>
          <VideoList
            videos={loaderData.tax}
            label={t("about.taxHeading")}
            id="tax-videos"
            signedIn={loaderData.viewer.isAuthenticated}
          />
        </section>
      ) : null}
      {loaderData.java ? (
        <section aria-labelledby="java-heading" className="bg-ink-50 py-16">
          <div className="container-page">
            <SectionHeading id="java-heading" title={t("about.javaHeading")} />
            <AccessNotice
              viewer={loaderData.viewer}
              subscribedUntil={loaderData.subscribedUntil}
              freeSamples={loaderData.java.freeSamples}
              allFree={loaderData.java.allFree}
            />
            <VideoList
              videos={loaderData.java.videos}
              label={t("video.listLabel", { title: loaderData.java.title })}
              id="java-videos"
              signedIn={loaderData.viewer.isAuthenticated}
            />
          </div>
        </section>
      ) : null}
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
