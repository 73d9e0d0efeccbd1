import { useTranslation } from "~/i18n/use-translation";
import { Pager } from "~/components/admin/pager";
import { RowAction } from "~/components/admin/row-action";
import { usePageLinks, type PageLinks } from "./page-links";

/** A feedback card as moderation shows it. */
export interface ModerationRow {
  id: string;
  name: string;
  rating: number;
  date: string;
  hidden: boolean;
  comment: string;
}

/** Feedback moderation: every card, hidden ones marked, each with hide / show and delete. */
export function Moderation({ feedback }: { feedback: { items: ModerationRow[]; pages: PageLinks } }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="moderation-heading">
      <h2 id="moderation-heading" className="mb-4 text-2xl font-bold">
        {t("admin.feedback")}
      </h2>
      {feedback.items.length === 0 ? <p className="text-ink-600">{t("admin.none")}</p> : null}
      <ul className="space-y-2" data-testid="moderation">
        {feedback.items.map((f) => (
          <li
            key={f.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded border border-ink-200 p-3"
            data-testid="moderation-item"
          >
            <p className="min-w-0 flex-1">
              <strong>
                <bdi>{f.name}</bdi>
              </strong>{" "}
              ({f.rating}/5, {f.date}){f.hidden ? ` · ${t("admin.hidden")}` : ""}: <span dir="auto">{f.comment}</span>
            </p>
            <div className="flex gap-2">
              <RowAction
                intent={f.hidden ? "show" : "hide"}
                fields={{ id: f.id }}
                label={f.hidden ? t("admin.show") : t("admin.hide")}
                compact
              />
              <RowAction intent="delete-feedback" fields={{ id: f.id }} label={t("admin.delete")} danger compact />
            </div>
          </li>
        ))}
      </ul>
      <Pager label={t("admin.pagesFeedback")} links={usePageLinks(feedback.pages)} />
    </section>
  );
}
