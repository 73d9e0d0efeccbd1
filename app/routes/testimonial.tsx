import { useTranslation } from "~/i18n/use-translation";
import { TestimonialsCarousel } from "~/components/course/testimonials-carousel";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { pageMeta } from "~/lib/meta";
import { pageContext } from "~/context.server";
import { testimonialsView } from "~/models/catalogue-view.server";
import type { Route } from "./+types/testimonial";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["carousel", "home", "testimonialPage"] } satisfies StringsHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  return {
    meta: meta(t("testimonialPage.metaTitle"), t("testimonialPage.description")),
    testimonials: testimonialsView(locale),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Testimonial({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("testimonialPage.title")} />
      <section aria-labelledby="testimonials-title" className="container-page py-16">
        <SectionHeading
          id="testimonials-title"
          eyebrow={t("home.testimonialsEyebrow")}
          title={t("home.testimonialsTitle")}
        />
        <TestimonialsCarousel items={loaderData.testimonials} firstScreen />
      </section>
    </>
  );
}
