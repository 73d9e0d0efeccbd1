import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { Pager } from "~/components/admin/pager";
import { RowAction } from "~/components/admin/row-action";
import { usePageLinks, type PageLinks } from "./page-links";

/** A contact message or registration request as the inbox shows it. */
export interface InboxItem {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  received: string;
  status: "pending" | "handled" | "approved" | "rejected";
  forward: "none" | "pending" | "sent" | "failed";
  forwardError: string | null;
  forwardAttempts: number;
}

type Listed = { items: InboxItem[]; pages: PageLinks };

/** The inbox: registration requests (approve until a date, or reject), then contact messages (mark handled). */
export function Inbox({ registrations, contact }: { registrations: Listed; contact: Listed }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="inbox-heading">
      <h2 id="inbox-heading" className="mb-4 text-2xl font-bold">
        {t("admin.inbox")}
      </h2>
      <h3 id="registrations-heading" className="mb-3 text-lg font-bold">
        {t("admin.registrationRequests")}
      </h3>
      <InboxList items={registrations.items} kind="registration" />
      <Pager label={t("admin.pagesRegistrations")} links={usePageLinks(registrations.pages)} />
      <h3 id="contact-heading" className="mt-8 mb-3 text-lg font-bold">
        {t("admin.contactMessages")}
      </h3>
      <InboxList items={contact.items} kind="contact" />
      <Pager label={t("admin.pagesContact")} links={usePageLinks(contact.pages)} />
    </section>
  );
}

function InboxList({ items, kind }: { items: InboxItem[]; kind: "contact" | "registration" }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="text-ink-600">{t("admin.none")}</p>;
  const statusLabel = {
    pending: t("admin.statusPending"),
    handled: t("admin.statusHandled"),
    approved: t("admin.statusApproved"),
    rejected: t("admin.statusRejected"),
  };
  const forwardLabel = (item: InboxItem) =>
    item.forward === "none"
      ? t("admin.forwardNone")
      : item.forward === "sent"
        ? t("admin.forwardSent")
        : item.forward === "pending"
          ? t("admin.forwardPending")
          : t("admin.forwardFailed", { error: item.forwardError ?? "" });
  return (
    <ul className="space-y-3" data-testid={`inbox-${kind}`}>
      {items.map((item) => (
        <li
          key={item.id}
          className="rounded-lg border border-ink-200 p-4"
          data-testid="inbox-item"
          data-status={item.status}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-bold">
              <bdi>{item.name}</bdi> · <bdi dir="ltr">{item.email}</bdi> · <bdi dir="ltr">{item.phone}</bdi>
            </p>
            <p className="text-sm text-ink-600">
              {t("admin.received")}: {item.received}
            </p>
          </div>
          {item.message ? (
            <p className="mt-2 whitespace-pre-line text-ink-800" dir="auto">
              {item.message}
            </p>
          ) : null}
          <p className="mt-2 text-sm text-ink-700">
            {t("admin.status")}: <strong data-testid="inbox-status">{statusLabel[item.status]}</strong> ·{" "}
            {t("admin.forwarding")}: <span data-testid="inbox-forward">{forwardLabel(item)}</span>
          </p>
          {item.status === "pending" ? (
            <div className="mt-3 flex flex-wrap items-end gap-2">
              {kind === "registration" ? (
                <>
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="id" value={item.id} />
                    <label className="text-xs">
                      {t("admin.approveUntil")}
                      <input type="date" name="until" className="ms-2 rounded border border-ink-300 px-2 py-1" />
                    </label>
                    <button type="submit" className="btn btn-primary px-2 py-1 text-xs">
                      {t("admin.approve")}
                    </button>
                  </Form>
                  <RowAction intent="reject" fields={{ id: item.id }} label={t("admin.reject")} danger compact />
                </>
              ) : (
                <RowAction intent="handle" fields={{ id: item.id, kind }} label={t("admin.markHandled")} compact />
              )}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
