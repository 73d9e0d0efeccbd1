import { CompiledQuery, sql, type Kysely, type KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import {
  createAccount,
  createFeedback,
  createSubmission,
  createSubscription,
  uniqueId,
} from "../../tests/support/factories.ts";
import type { Database } from "~/lib/db.server";
import { parseCursor, type Page } from "~/lib/keyset.server";
import { listFeedbackForModeration, setFeedbackHidden } from "./feedback.server";
import { listIdpAccountsPage } from "./idp-account.server";
import { countNewsletter, listSubmissionsPage, subscribeToNewsletter } from "./submission.server";
import { listSubscriptionsPage } from "./subscription.server";

/** The admin area's lists (issue 16): each is read 20 rows at a time, newest first, by keyset. */
interface List {
  name: string;
  table: "contact_messages" | "registration_requests" | "subscriptions" | "feedback" | "idp_accounts";
  /** Adds a row written at `now`; returns its id. */
  add(db: Kysely<Database>, now: Date): Promise<string>;
  page(db: Kysely<Database>, cursor: string | null): Promise<Page<{ id: string }>>;
}

const cursor = (text: string | null) => {
  const parsed = parseCursor(text);
  if (!parsed.ok) throw new Error(`not a cursor: ${text}`);
  return parsed.cursor;
};

const LISTS: List[] = [
  {
    name: "contact messages",
    table: "contact_messages",
    add: async (db, now) => (await createSubmission(db, "contact", {}, { now })).id,
    page: (db, c) => listSubmissionsPage(db, "contact", cursor(c)),
  },
  {
    name: "registration requests",
    table: "registration_requests",
    add: async (db, now) => (await createSubmission(db, "registration", {}, { now })).id,
    page: (db, c) => listSubmissionsPage(db, "registration", cursor(c)),
  },
  {
    name: "subscriptions",
    table: "subscriptions",
    add: (db, now) => createSubscription(db, { email: `${uniqueId("sub")}@example.org` }, { now }),
    page: (db, c) => listSubscriptionsPage(db, cursor(c)),
  },
  {
    name: "feedback (hidden entries too)",
    table: "feedback",
    add: async (db, now) => {
      const item = await createFeedback(db, {}, { now });
      if (Math.random() < 0.5) await setFeedbackHidden(db, item.id, true);
      return item.id;
    },
    page: (db, c) => listFeedbackForModeration(db, cursor(c)),
  },
  {
    name: "accounts",
    table: "idp_accounts",
    add: async (db, now) => (await createAccount(db, { now })).id,
    page: (db, c) => listIdpAccountsPage(db, cursor(c)),
  },
];

const T0 = Date.parse("2026-03-01T12:00:00.000Z");

describe.each(DIALECTS)("the admin lists, a page at a time, on %s", (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { seed: false });
  });
  afterAll(async () => t.destroy());

  /** Every page from the first, following the Older links. */
  async function allPages(list: List) {
    const pages = [await list.page(t.db, null)];
    while (pages.at(-1)!.older) {
      pages.push(await list.page(t.db, pages.at(-1)!.older));
      if (pages.length > 10) throw new Error("the pages never end");
    }
    return pages;
  }

  /** The whole table in the list's order, as the database sorts it. */
  const inOrder = async (list: List) =>
    (await t.db.selectFrom(list.table).select("id").orderBy("created_at", "desc").orderBy("id", "desc").execute()).map(
      (r) => r.id,
    );

  /** The pages read forwards, then backwards again with the Newer links, match the table exactly. */
  async function expectPagesOf(list: List, added: string[]) {
    const pages = await allPages(list);
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
    const seen = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(new Set(seen).size).toBe(45); // no row twice
    expect([...seen].sort()).toEqual([...added].sort()); // no row missed
    expect(seen).toEqual(await inOrder(list)); // newest first, ties by id
    expect(pages[0]!.newer).toBeNull();
    expect((await list.page(t.db, pages[2]!.newer)).items).toEqual(pages[1]!.items);
    const top = await list.page(t.db, pages[1]!.newer);
    expect(top.items).toEqual(pages[0]!.items);
    expect(top).toMatchObject({ first: true, newer: null });
  }

  it.each(LISTS)("$name: 45 rows page as 20, 20 and 5, newest first, with no duplicates or gaps", async (list) => {
    await t.db.deleteFrom(list.table).execute();
    const added: string[] = [];
    // Three rows to a millisecond: rows of one timestamp straddle the pages' edges.
    for (let i = 0; i < 45; i++) added.push(await list.add(t.db, new Date(T0 + Math.floor(i / 3))));
    await expectPagesOf(list, added);
    const pages = await allPages(list);
    const newest = await inOrder(list);
    expect(pages[0]!.items.map((i) => i.id)).toEqual(newest.slice(0, 20));
  });

  it.each(LISTS)("$name: stable when every row has the same timestamp", async (list) => {
    await t.db.deleteFrom(list.table).execute();
    const added: string[] = [];
    for (let i = 0; i < 45; i++) added.push(await list.add(t.db, new Date(T0)));
    await expectPagesOf(list, added);
  });

  it.each(LISTS)("$name: rows written meanwhile do not shift the next page", async (list) => {
    await t.db.deleteFrom(list.table).execute();
    for (let i = 0; i < 45; i++) await list.add(t.db, new Date(T0 + i * 1000));
    const before = await inOrder(list);
    const first = await list.page(t.db, null);
    for (let i = 0; i < 7; i++) await list.add(t.db, new Date(T0 + 3_600_000 + i));
    const second = await list.page(t.db, first.older);
    expect(second.items.map((i) => i.id)).toEqual(before.slice(20, 40));
  });

  it.each(LISTS)("$name: a page is one range of an index, read in order (no sort, no count)", async (list) => {
    await t.db.deleteFrom(list.table).execute();
    for (let i = 0; i < 45; i++) await list.add(t.db, new Date(T0 + i));
    const first = await list.page(t.db, null);
    const queries = await captured(t.db, (db) => list.page(db, first.older));
    expect(queries.map((q) => q.sql).join("\n")).not.toMatch(/count\(/i);
    const reads = queries.filter((q) => q.sql.includes(`from "${list.table}"`));
    expect(reads).toHaveLength(1);
    const plan = await planOf(t, reads[0]!);
    expect(plan, plan).toMatch(
      dialect === "sqlite" ? /SEARCH \w+ USING (COVERING )?INDEX \w+_newest/ : /Index.* Scan Backward using \w+_newest/,
    );
    expect(plan, plan).not.toMatch(dialect === "sqlite" ? /TEMP B-TREE/ : /Sort/);
  });
});

describe.each(DIALECTS)("the newsletter heading's count on %s", (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { seed: false });
  });
  afterAll(async () => t.destroy());

  const rows = async () =>
    Number(
      (
        await t.db
          .selectFrom("newsletter_subscribers")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("adds each new address once, whatever its case; a repeat adds nothing", async () => {
    const before = await countNewsletter(t.db);
    const emails = Array.from({ length: 5 }, () => `${uniqueId("news")}@example.org`);
    for (const email of emails) await subscribeToNewsletter(t.db, email, "en");
    await subscribeToNewsletter(t.db, emails[0]!.toUpperCase(), "he");
    await subscribeToNewsletter(t.db, emails[3]!, "en");
    expect(await countNewsletter(t.db)).toBe(before + 5);
    expect(await countNewsletter(t.db)).toBe(await rows());
  });

  it("sign-ups at the same time, repeats among them, keep the count equal to the rows", async () => {
    const before = await countNewsletter(t.db);
    const emails = Array.from({ length: 10 }, () => `${uniqueId("news")}@example.org`);
    // Each address three times at once, in three spellings.
    await Promise.all(
      emails
        .flatMap((email) => [email, email.toUpperCase(), `${email[0]!.toUpperCase()}${email.slice(1)}`])
        .map((email, i) => subscribeToNewsletter(t.db, email, i % 2 ? "he" : "en")),
    );
    expect(await countNewsletter(t.db)).toBe(before + 10);
    expect(await countNewsletter(t.db)).toBe(await rows());
  });

  it("costs one primary-key read however many have signed up (no count of the table)", async () => {
    for (let i = 0; i < 200; i++) await subscribeToNewsletter(t.db, `${uniqueId("bulk")}@example.org`, "en");
    const queries = await captured(t.db, (db) => countNewsletter(db));
    expect(queries).toHaveLength(1);
    expect(queries[0]!.sql).not.toMatch(/count\(/i);
    expect(queries[0]!.sql).not.toContain("newsletter_subscribers");
    const plan = await planOf(t, queries[0]!);
    expect(plan, plan).toMatch(
      dialect === "sqlite"
        ? /SEARCH newsletter_summary USING INTEGER PRIMARY KEY/
        : /Index Scan using newsletter_summary_pkey/,
    );
    expect(await countNewsletter(t.db)).toBe(await rows());
  });
});

/** The queries `work` sends, compiled as the database receives them. */
async function captured(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<unknown>) {
  const queries: CompiledQuery[] = [];
  const spy: KyselyPlugin = {
    transformQuery(args) {
      queries.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await work(db.withPlugin(spy));
  return queries;
}

/**
 * The database's plan for a query. PostgreSQL is told to avoid whole-table scans, as it would on a
 * big table (on a test-sized one it rightly prefers reading everything and sorting).
 */
async function planOf(t: TestDb, query: CompiledQuery): Promise<string> {
  if (t.dialect === "sqlite") {
    const rows = await t.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.rows.map((r) => r.detail).join("\n");
  }
  return t.db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const rows = await connection.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}
