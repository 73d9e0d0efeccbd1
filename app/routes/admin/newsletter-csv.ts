import { servicesOf } from "~/context.server";
import { listNewsletter } from "~/models/submission.server";
import { getAdmin } from "./guard.server";
import type { Route } from "./+types/newsletter-csv";

/** A cell a spreadsheet will not run as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  const { db, log } = servicesOf(context);
  const rows = await listNewsletter(db);
  log.info({ adminId: admin.id, count: rows.length }, "admin: newsletter exported");
  const body =
    ["email,language,signed_up_at", ...rows.map((r) => [r.email, r.locale, r.created_at].map(csvCell).join(","))].join(
      "\r\n",
    ) + "\r\n";
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="lomda-newsletter.csv"',
      "Cache-Control": "no-store",
    },
  });
}
