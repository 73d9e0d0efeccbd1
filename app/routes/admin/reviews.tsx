import { data } from "react-router";
import { z } from "zod";
import { AdminTable } from "~/components/admin/admin-table";
import { AdminListPage, AdminListSearch } from "~/components/admin/admin-list-page";
import { usePageLinks } from "~/components/admin/dashboard/page-links";
import { Pager } from "~/components/admin/pager";
import { RowAction } from "~/components/admin/row-action";
import { useTranslation } from "~/i18n/use-translation";
import { formatDate } from "~/i18n/format";
import { pageContext, servicesOf } from "~/context.server";
import { reviewsPage, setReviewHidden } from "~/models/review.server";
import { getCatalogue } from "~/context.server";
import type { StringsHandle } from "~/i18n/sections";
import { getAdmin } from "./guard.server";
import { listPageLinks, readListQuery } from "./list-query.server";
import type { Route } from "./+types/reviews";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["admin", "rating", "reviews"] } satisfies StringsHandle;

const moderation = z.object({
  intent: z.enum(["hide", "show"]),
  id: z.uuid(),
});

/**
 * /admin/reviews: the learners' reviews, hidden ones too, each with hide / show (admins only): newest
 * change first, 20 a page (keyset, `page`), and a search (`q`) by learner's name or email or by course.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t } = pageContext(context, request);
  const snapshot = getCatalogue(context);
  const titles = new Map([...snapshot.courses.values()].map((course) => [course.id, course.title[locale]]));
  const { cursor, search, notice } = readListQuery(new URL(request.url));
  // A course is found by its title in either language, from the catalogue in memory.
  const needle = search?.toLowerCase();
  const courseIds = needle
    ? [...snapshot.courses.values()]
        .filter((c) => [c.title.en, c.title.he].some((title) => title.toLowerCase().includes(needle)))
        .map((c) => c.id)
    : [];
  const page = await reviewsPage(servicesOf(context).db, cursor, search ? { text: search, courseIds } : null);
  return data(
    {
      title: t("reviews.adminTitle"),
      search,
      notice: notice ? t(notice.key, notice.params) : null,
      pages: listPageLinks("/admin/reviews", "reviews-heading", search, page),
      reviews: page.items.map((r) => ({
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
    },
    { status: notice ? 400 : 200 },
  );
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
  const pageLinks = usePageLinks(loaderData.pages);
  const { search } = loaderData;
  return (
    <AdminListPage
      title={t("reviews.adminTitle")}
      adminArea={t("reviews.adminArea")}
      intro={t("reviews.adminIntro")}
      notice={loaderData.notice}
      error={actionData?.error ? t(actionData.error) : null}
      search={<AdminListSearch path="/admin/reviews" label={t("reviews.adminSearchLabel")} value={search} />}
      empty={
        loaderData.reviews.length > 0 ? null : search ? t("reviews.adminNoMatch", { search }) : t("reviews.adminNone")
      }
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
        footer={<Pager label={t("reviews.adminPages")} links={pageLinks} />}
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
