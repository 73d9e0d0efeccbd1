import { data } from "react-router";
import { z } from "zod";
import { AdminTable } from "~/components/admin/admin-table";
import { AdminListPage } from "~/components/admin/admin-list-page";
import { RowAction } from "~/components/admin/row-action";
import { useTranslation } from "~/i18n/use-translation";
import { formatDate } from "~/i18n/format";
import { pageContext, servicesOf } from "~/context.server";
import { latestReviews, setReviewHidden } from "~/models/review.server";
import { getCatalogue } from "~/context.server";
import type { StringsHandle } from "~/i18n/sections";
import { getAdmin } from "./guard.server";
import type { Route } from "./+types/reviews";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["rating", "reviews"] } satisfies StringsHandle;

/** How many of the latest reviews the page lists. */
const SHOWN = 50;

const moderation = z.object({
  intent: z.enum(["hide", "show"]),
  id: z.uuid(),
});

/** /admin/reviews: the latest learners' reviews, hidden ones too, each with hide / show (admins only). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t } = pageContext(context, request);
  const snapshot = getCatalogue(context);
  const titles = new Map([...snapshot.courses.values()].map((course) => [course.id, course.title[locale]]));
  const reviews = await latestReviews(servicesOf(context).db, SHOWN);
  return {
    title: t("reviews.adminTitle"),
    reviews: reviews.map((r) => ({
      id: r.id,
      course: titles.get(r.courseId) ?? null,
      name: r.authorName,
      rating: r.rating,
      comment: r.comment,
      date: formatDate(r.updatedAt, locale),
      hidden: r.hidden,
      // Hidden because its author lost access to the course (a refund, a revoked grant), not by an admin.
      hiddenWithAccess: r.hidden && r.hiddenBy !== null,
    })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const { db, log } = servicesOf(context);
  const parsed = moderation.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "reviews.adminBadRequest" as const }, { status: 400 });
  const change = await setReviewHidden(db, parsed.data.id, parsed.data.intent === "hide");
  if (change === "missing") return data({ error: "reviews.adminBadRequest" as const }, { status: 404 });
  if (change === "changed")
    log.info({ review: parsed.data.id, intent: parsed.data.intent, by: admin.id }, "review moderated");
  return { error: null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminListPage
      title={t("reviews.adminTitle")}
      adminArea={t("reviews.adminArea")}
      intro={t("reviews.adminIntro", { count: SHOWN })}
      error={actionData?.error ? t(actionData.error) : null}
      empty={loaderData.reviews.length === 0 ? t("reviews.adminNone") : null}
      emptyTestId="reviews-empty"
    >
      <AdminTable
        name="reviews"
        title={t("reviews.adminListTitle")}
        columns={[
          t("reviews.adminCourse"),
          t("reviews.adminAuthor"),
          t("reviews.adminRating"),
          t("reviews.adminComment"),
          t("reviews.adminState"),
        ]}
        actions={t("reviews.adminActions")}
      >
        {loaderData.reviews.map((r) => (
          <tr key={r.id} className="border-b border-ink-100 align-top">
            <td className="py-2 pe-3 font-semibold">
              <bdi>{r.course ?? "—"}</bdi>
            </td>
            <td className="py-2 pe-3">
              <bdi>{r.name ?? t("reviews.anonymous")}</bdi>
              <span className="block text-xs text-ink-600">{r.date}</span>
            </td>
            <td className="py-2 pe-3">{t("reviews.stars", { count: r.rating })}</td>
            <td className="max-w-md py-2 pe-3 break-words">
              <bdi>{r.comment}</bdi>
            </td>
            <td className="py-2 pe-3">
              {r.hidden
                ? t(r.hiddenWithAccess ? "reviews.adminHiddenWithAccess" : "reviews.adminHidden")
                : t("reviews.adminVisible")}
            </td>
            <td className="py-2">
              <RowAction
                fields={{ id: r.id }}
                intent={r.hidden ? "show" : "hide"}
                label={r.hidden ? t("reviews.adminShow") : t("reviews.adminHide")}
                about={`${r.name ?? t("reviews.anonymous")}, ${r.course ?? "—"}`}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminListPage>
  );
}
