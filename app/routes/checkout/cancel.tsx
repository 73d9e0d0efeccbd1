import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { getCatalogue, pageContext } from "~/context.server";
import { findCourse } from "~/models/catalogue.server";
import type { Route } from "./+types/cancel";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["checkout"] } satisfies StringsHandle;

/** Where the provider sends a buyer who turned back (/checkout/cancel[?course=…]): nothing was charged. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, meta } = pageContext(context, request);
  const slug = new URL(request.url).searchParams.get("course");
  const course = slug ? findCourse(getCatalogue(context), slug) : undefined;
  return {
    meta: meta(t("checkout.cancelMetaTitle"), t("checkout.cancelText")),
    course: course ? { slug: course.slug } : null,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.meta.title }, { name: "robots", content: "noindex" }];
}

export default function CheckoutCancel({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { course } = loaderData;
  return (
    <>
      <PageHeader title={t("checkout.cancelTitle")} />
      <section className="container-page max-w-2xl py-14" aria-labelledby="checkout-cancelled">
        <h2 id="checkout-cancelled" className="text-2xl font-bold">
          {t("checkout.cancelText")}
        </h2>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={course ? `/order?course=${course.slug}` : "/Payments"} className="btn btn-primary btn-lg">
            {t(course ? "checkout.backToCourse" : "checkout.backToPlans")}
          </Link>
          <Link to="/courses" className="btn btn-secondary btn-lg">
            {t("checkout.goCourses")}
          </Link>
        </div>
      </section>
    </>
  );
}
