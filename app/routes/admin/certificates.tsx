import { data, Link } from "react-router";
import { z } from "zod";
import { AdminTable } from "~/components/admin/admin-table";
import { AdminListPage, AdminListSearch } from "~/components/admin/admin-list-page";
import { usePageLinks } from "~/components/admin/dashboard/page-links";
import { Pager } from "~/components/admin/pager";
import { RowAction } from "~/components/admin/row-action";
import { useTranslation } from "~/i18n/use-translation";
import { formatDate } from "~/i18n/format";
import { pageContext, servicesOf } from "~/context.server";
import { certificatesPage, revokedWithAccess, setCertificateRevoked } from "~/models/certificate.server";
import type { StringsHandle } from "~/i18n/sections";
import { getAdmin } from "./guard.server";
import { listPageLinks, readListQuery } from "./list-query.server";
import type { Route } from "./+types/certificates";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["admin", "certificate"] } satisfies StringsHandle;

const revokeRequest = z.object({
  intent: z.enum(["revoke", "restore"]),
  id: z.string().regex(/^[\w-]{22}$/),
});

/**
 * /admin/certificates: the certificates, each with its page, and revoke / restore (admins only): newest
 * first, 20 a page (keyset, `page`), and a search (`q`) by learner's name or email or by course.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t } = pageContext(context, request);
  const { cursor, search, notice } = readListQuery(new URL(request.url));
  const page = await certificatesPage(servicesOf(context).db, cursor, search);
  return data(
    {
      title: t("certificate.adminTitle"),
      search,
      notice: notice ? t(notice.key, notice.params) : null,
      pages: listPageLinks("/admin/certificates", "certificates-heading", search, page),
      certificates: page.items.map((c) => ({
        id: c.id,
        name: c.learnerName,
        course: c.title[locale],
        issued: formatDate(c.issuedAt, locale),
        revoked: c.revokedAt ? formatDate(c.revokedAt, locale) : null,
        // Revoked by a refund or a revoked access, not by an admin's hand.
        withAccess: revokedWithAccess(c),
      })),
    },
    { status: notice ? 400 : 200 },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const { db, log } = servicesOf(context);
  const parsed = revokeRequest.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "certificate.adminBadRequest" as const }, { status: 400 });
  const change = await setCertificateRevoked(db, {
    id: parsed.data.id,
    revoke: parsed.data.intent === "revoke",
    by: admin.email ?? admin.subject,
  });
  if (change === "missing") return data({ error: "certificate.adminBadRequest" as const }, { status: 404 });
  if (change === "changed")
    log.info(
      { certificate: parsed.data.id, intent: parsed.data.intent, by: admin.id },
      "certificate revocation changed",
    );
  return { error: null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function AdminCertificates({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const pageLinks = usePageLinks(loaderData.pages);
  const { search } = loaderData;
  return (
    <AdminListPage
      title={t("certificate.adminTitle")}
      adminArea={t("certificate.adminArea")}
      intro={t("certificate.adminIntro")}
      notice={loaderData.notice}
      error={actionData?.error ? t(actionData.error) : null}
      search={<AdminListSearch path="/admin/certificates" label={t("certificate.adminSearchLabel")} value={search} />}
      empty={
        loaderData.certificates.length > 0
          ? null
          : search
            ? t("certificate.adminNoMatch", { search })
            : t("certificate.adminNone")
      }
      emptyTestId="certificates-empty"
    >
      <AdminTable
        name="certificates"
        title={t("certificate.adminListTitle")}
        columns={[
          t("certificate.adminLearner"),
          t("certificate.adminCourse"),
          t("certificate.adminIssued"),
          t("certificate.adminState"),
        ]}
        actions={t("certificate.adminActions")}
        footer={<Pager label={t("certificate.adminPages")} links={pageLinks} />}
      >
        {loaderData.certificates.map((c) => (
          <tr key={c.id} className="border-b border-ink-100 align-top">
            <td className="py-2 pe-3 font-semibold">
              <bdi>{c.name}</bdi>
            </td>
            <td className="py-2 pe-3">
              <Link to={`/certificates/${c.id}`} className="text-brand-800 underline">
                <bdi>{c.course}</bdi>
              </Link>
            </td>
            <td className="py-2 pe-3">{c.issued}</td>
            <td className="py-2 pe-3">
              {c.revoked
                ? t(c.withAccess ? "certificate.adminRevokedWithAccess" : "certificate.adminRevokedOn", {
                    date: c.revoked,
                  })
                : t("certificate.adminValid")}
            </td>
            <td className="py-2">
              <RowAction
                fields={{ id: c.id }}
                intent={c.revoked ? "restore" : "revoke"}
                label={c.revoked ? t("certificate.adminRestore") : t("certificate.adminRevoke")}
                about={`${c.name}, ${c.course}`}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminListPage>
  );
}
