import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database, Submission } from "~/lib/db.server";
import type { Config } from "~/lib/env.server";
import { inWindow, readPage, type Page, type PageCursor } from "~/lib/keyset.server";
import type { Logger } from "~/lib/logger.server";
import { mailFrom, MAIL_FROM_NAME, smtpTransport } from "~/lib/mail.server";
import type { SubmissionInput } from "./submission.schema";

/**
 * Contact messages and registration requests: stored first, always; then, if configured, forwarded
 * to a form service after the answer has gone out, from an outbox in the database (the row's
 * forward_* columns) that any process works through, with retries and backoff — so a restart loses
 * nothing. Failures are logged and kept on the row (visible in the admin inbox).
 */
export type SubmissionKind = "contact" | "registration";
export const TABLE = { contact: "contact_messages", registration: "registration_requests" } as const;
export const FORWARD_SUBJECT = "New Submission from contact page";

export async function storeSubmission(
  db: Kysely<Database>,
  kind: SubmissionKind,
  input: SubmissionInput,
  options: { locale: string; forward: boolean; now?: Date },
): Promise<Submission> {
  const created_at = (options.now ?? new Date()).toISOString();
  const row: Submission = {
    id: randomUUID(),
    name: input.name,
    email: input.email.toLowerCase(),
    phone: input.phone,
    message: input.message,
    locale: options.locale,
    created_at,
    status: "pending",
    handled_at: null,
    handled_by: null,
    forward_status: options.forward ? "pending" : "none",
    forward_attempts: 0,
    forward_error: null,
    forward_next_at: options.forward ? created_at : null,
    forward_claimed_until: null,
  };
  await db.insertInto(TABLE[kind]).values(row).execute();
  return row;
}

/** What the admin inbox shows of a submission. */
export type SubmissionListItem = Pick<
  Submission,
  | "id"
  | "name"
  | "email"
  | "phone"
  | "message"
  | "created_at"
  | "status"
  | "forward_status"
  | "forward_error"
  | "forward_attempts"
>;

/** A page of the admin inbox, newest first (keyset: app/lib/keyset.server.ts). */
export async function listSubmissionsPage(
  db: Kysely<Database>,
  kind: SubmissionKind,
  cursor: PageCursor | null,
): Promise<Page<SubmissionListItem>> {
  const query = db
    .selectFrom(TABLE[kind])
    .select([
      "id",
      "name",
      "email",
      "phone",
      "message",
      "created_at",
      "status",
      "forward_status",
      "forward_error",
      "forward_attempts",
    ]);
  return readPage(
    cursor,
    (window) => inWindow(query, window, { at: "created_at", id: "id" }).execute(),
    (row) => ({ at: row.created_at, id: row.id }),
  );
}

export async function findSubmission(
  db: Kysely<Database>,
  kind: SubmissionKind,
  id: string,
): Promise<Submission | undefined> {
  return db.selectFrom(TABLE[kind]).selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Decides a submission that is still pending: a conditional update, so of two admins (or two
 * clicks) deciding the same one, exactly one changes the row. False when nothing changed.
 */
export async function setSubmissionStatus(
  db: Kysely<Database>,
  kind: SubmissionKind,
  id: string,
  status: Exclude<Submission["status"], "pending">,
  by: string,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable(TABLE[kind])
    .set({ status, handled_at: now.toISOString(), handled_by: by })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Once one registration request of a person is approved, their other pending ones are settled with
 * it ("handled", by the same admin): the inbox does not ask twice about one person (issue 31, D-L8).
 * Returns how many.
 */
export async function settleOtherRequests(
  db: Kysely<Database>,
  email: string,
  approvedId: string,
  by: string,
  now: Date = new Date(),
): Promise<number> {
  const result = await db
    .updateTable("registration_requests")
    .set({ status: "handled", handled_at: now.toISOString(), handled_by: by })
    .where("email", "=", email.trim().toLowerCase())
    .where("id", "!=", approvedId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/* ---------- Forwarding ---------- */

export interface ForwardOptions {
  config: Config;
  db: Kysely<Database>;
  log: Logger;
  /** Delays before each attempt (ms): the first is immediate; after the last attempt, failed. */
  delays?: number[];
}

const DEFAULT_DELAYS = [0, 2_000, 10_000, 60_000];

/** Forwarding is on when a form service or an SMTP server is configured. */
export function forwardingConfigured(config: Config): boolean {
  return config.FORMS_FORWARD_URL !== undefined || config.SMTP_URL !== undefined;
}

async function sendMail(
  config: Config,
  kind: SubmissionKind,
  row: Submission,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const transport = await smtpTransport(config);
  try {
    await transport.sendMail({
      from: mailFrom(config),
      to: config.CONTACT_TO,
      replyTo: row.email,
      subject: FORWARD_SUBJECT,
      text: [`Form: ${kind}`, `Name: ${row.name}`, `Email: ${row.email}`, `Phone: ${row.phone}`, "", row.message].join(
        "\n",
      ),
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, error: String((error as Error).message).slice(0, 300) };
  } finally {
    transport.close();
  }
}

async function attempt(
  options: ForwardOptions,
  kind: SubmissionKind,
  row: Submission,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const { config } = options;
  if (!config.FORMS_FORWARD_URL) return sendMail(config, kind, row);
  const body = {
    access_key: config.FORMS_ACCESS_KEY ?? "",
    from_name: MAIL_FROM_NAME,
    subject: FORWARD_SUBJECT,
    form: kind,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
  };
  try {
    const response = await fetch(config.FORMS_FORWARD_URL!, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      redirect: "error",
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json().catch(() => ({}))) as { success?: boolean; message?: string };
    if (response.ok && answer.success !== false) return { ok: true };
    return { ok: false, error: `${response.status}: ${String(answer.message ?? "rejected").slice(0, 300)}` };
  } catch (error) {
    return { ok: false, error: String((error as Error).message).slice(0, 300) };
  }
}

/** How long a process holds a row it is sending; a process that dies mid-send leaves it to others after this. */
export const FORWARD_CLAIM_MS = 2 * 60_000;

export interface ForwardRoundResult {
  sent: number;
  failed: number;
  /** When the rows that failed this round are due again. */
  retries: Date[];
}

/**
 * The outbox: sends every due row (forward_status pending, forward_next_at passed, not held by
 * another process). Each row is claimed with a conditional update before it is sent, so two
 * processes never send the same row; the outcome is recorded with the next attempt's time
 * (`delays[n]` after the n-th attempt) or, after the last, as failed for good.
 */
export async function forwardDueSubmissions(
  options: ForwardOptions,
  now: Date = new Date(),
): Promise<ForwardRoundResult> {
  const delays = options.delays ?? DEFAULT_DELAYS;
  const result: ForwardRoundResult = { sent: 0, failed: 0, retries: [] };
  const t0 = Date.now();
  const clock = () => new Date(now.getTime() + Date.now() - t0); // "now", moving on as the round does
  for (const kind of ["contact", "registration"] as const) {
    const table = TABLE[kind];
    const due = await options.db
      .selectFrom(table)
      .select("id")
      .where("forward_status", "=", "pending")
      .where("forward_next_at", "<=", now.toISOString())
      .orderBy("forward_next_at")
      .limit(20)
      .execute();
    for (const { id } of due) {
      const claimedAt = clock();
      const claim = await options.db
        .updateTable(table)
        .set({ forward_claimed_until: new Date(claimedAt.getTime() + FORWARD_CLAIM_MS).toISOString() })
        .where("id", "=", id)
        .where("forward_status", "=", "pending")
        .where("forward_next_at", "<=", claimedAt.toISOString())
        .where((eb) =>
          eb.or([eb("forward_claimed_until", "is", null), eb("forward_claimed_until", "<=", claimedAt.toISOString())]),
        )
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue; // another process has it
      const row = (await findSubmission(options.db, kind, id))!;
      const outcome = await attempt(options, kind, row);
      const attempts = row.forward_attempts + 1;
      const last = attempts >= delays.length;
      const nextAt = outcome.ok || last ? null : new Date(clock().getTime() + (delays[attempts] ?? 0));
      await options.db
        .updateTable(table)
        .set({
          forward_attempts: attempts,
          forward_status: outcome.ok ? "sent" : last ? "failed" : "pending",
          forward_error: outcome.ok ? null : outcome.error,
          forward_next_at: nextAt?.toISOString() ?? null,
          forward_claimed_until: null,
        })
        .where("id", "=", id)
        .execute();
      if (outcome.ok) {
        result.sent += 1;
        options.log.info({ kind, submissionId: id, attempts }, "submission forwarded");
        continue;
      }
      if (nextAt) result.retries.push(nextAt);
      else result.failed += 1;
      options.log.warn(
        { kind, submissionId: id, attempt: attempts, error: outcome.error },
        last ? "forwarding failed for good" : "forwarding failed; will retry",
      );
    }
  }
  return result;
}

/**
 * Newsletter: stored once; a repeat changes nothing and gets the same answer. A new address adds one
 * to the count in the same transaction (migration 0018), so the count never drifts from the rows.
 */
export async function subscribeToNewsletter(db: Kysely<Database>, email: string, locale: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("newsletter_subscribers")
      .values({ id: randomUUID(), email: email.toLowerCase(), locale, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("email").doNothing())
      .executeTakeFirst();
    // 0 when the address was there already (SQLite's changes, PostgreSQL's row count).
    const added = Number(inserted.numInsertedOrUpdatedRows ?? 0);
    if (added > 0)
      await trx
        .updateTable("newsletter_summary")
        .set({ subscriber_count: sql<number>`subscriber_count + ${added}` })
        .where("id", "=", 1)
        .execute();
  });
}

/** How many have signed up: one row kept by the sign-ups (counting the table grew with it). */
export async function countNewsletter(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("newsletter_summary")
    .select("subscriber_count")
    .where("id", "=", 1)
    .executeTakeFirst();
  return Number(row?.subscriber_count ?? 0);
}

export async function listNewsletter(db: Kysely<Database>) {
  return db
    .selectFrom("newsletter_subscribers")
    .select(["email", "locale", "created_at"])
    .orderBy("created_at", "asc")
    .execute();
}
