import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PostgresAdapter, sql, type Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { quizzes } from "../../content/quizzes.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { migrations } from "../../db/migrations/index.ts";
import { createTestDb, DIALECTS } from "../setup/databases.ts";
import { openDatabase } from "../../app/lib/db.server.ts";
import { countNewsletter, subscribeToNewsletter } from "../../app/models/submission.server.ts";
import { createCatalogue, createCourse, createUser } from "../support/factories.ts";

describe.each(DIALECTS)("migrations on %s", (dialect) => {
  // Test databases are copies of one migrated template (tests/setup/template-databases.ts): this one
  // runs every migration itself, beside a database that holds them all already.
  it("migrate a second database (on PostgreSQL, a second schema) while the first holds its tables", async () => {
    const first = await createTestDb(dialect);
    const dir = mkdtempSync(join(tmpdir(), "lomda-migrate-"));
    try {
      if (dialect === "postgres") await sql`create schema second`.execute(first.db);
      const second =
        dialect === "postgres" ? first.reopen({ schema: "second" }) : openDatabase(`file:${join(dir, "second.db")}`);
      try {
        const result = await migrateToLatest(second.db);
        expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual(
          Object.keys(migrations).map((name) => [name, "Success"]),
        );
        expect(await second.db.selectFrom("idp_accounts").select("is_admin").execute()).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      await first.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(DIALECTS)("migration 0011 (quiz translations) on %s", (dialect) => {
  it("fills the seeded questions of an existing install, only where the seed's text is unchanged", async () => {
    const t = await createTestDb(dialect, { seed: false });
    try {
      const db = t.db as unknown as Kysely<any>;
      const migrator = await migratorOf(db);
      // An install from before 0011: its catalogue seeded with the English-only questions.
      const back = await migrator.migrateTo("0010_catalogue");
      expect(back.error).toBeUndefined();
      const now = new Date().toISOString();
      await db.insertInto("catalogue_state").values({ id: 1, version: 7, seeded_at: now }).execute();
      const java = quizzes.find((q) => q.key === "java")!;
      await db
        .insertInto("quizzes")
        .values({
          id: "quiz-java",
          slug: "java",
          position: 0,
          title_en: "Java",
          title_he: "ג׳אווה",
          description_en: "Java",
          description_he: null,
          follow_up: "/courses",
          published: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const row = (position: number, question: string) => ({
        id: `q${position}`,
        quiz_id: "quiz-java",
        position,
        question,
        code: null,
        option_1: "a",
        option_2: "b",
        option_3: "c",
        option_4: "d",
        answer: 1,
        created_at: now,
        updated_at: now,
      });
      await db
        .insertInto("quiz_questions")
        .values([
          row(0, java.questions[0]!.question),
          row(1, "A question the admin rewrote"),
          row(2, java.questions[2]!.question),
          // The seed's text at another position (moved by the admin): not the seed's question there.
          row(3, java.questions[2]!.question),
        ])
        .execute();

      await migrateToLatest(db);

      const rows = await db.selectFrom("quiz_questions").selectAll().orderBy("position").execute();
      const seeded = java.questions[2]!;
      expect(rows[0]).toMatchObject({
        question_he: java.questions[0]!.he!.question,
        option_4_he: java.questions[0]!.he!.options[3],
        explanation_en: java.questions[0]!.explanation!.en,
        explanation_he: java.questions[0]!.explanation!.he,
      });
      expect(rows[2]).toMatchObject({
        question_he: seeded.he!.question,
        option_1_he: seeded.he!.options[0],
        option_2_he: seeded.he!.options[1],
        option_3_he: seeded.he!.options[2],
        explanation_en: seeded.explanation!.en,
      });
      for (const untouched of [rows[1], rows[3]])
        expect(untouched).toMatchObject({
          question_he: null,
          option_1_he: null,
          explanation_en: null,
          explanation_he: null,
        });
      // Running processes see a new catalogue version and reload.
      expect(await db.selectFrom("catalogue_state").select("version").executeTakeFirst()).toEqual({ version: 8 });
      expect(await db.selectFrom("quizzes").select("title_he").execute()).toEqual([{ title_he: "Java" }]);
      expect(await db.selectFrom("quiz_answers").selectAll().execute()).toEqual([]);
    } finally {
      await t.destroy();
    }
  });
});

describe.each(DIALECTS)("migration 0013 (the admin lists' indexes) on %s", (dialect) => {
  it("goes down to 0012 and up again, the submissions' old indexes back in between", async () => {
    const t = await createTestDb(dialect, { seed: false });
    try {
      const db = t.db as unknown as Kysely<any>;
      const indexes = async () => {
        const names =
          dialect === "sqlite"
            ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db)
            : await sql<{
                name: string;
              }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db);
        return (
          names.rows
            .map((r) => r.name)
            // The tables 0013 indexes (later migrations index others, with names of the same shape).
            .filter((n) => /^(contact_messages|registration_requests|subscriptions|feedback|idp_accounts)_/.test(n))
            .filter((n) => /_newest$|_created_idx$/.test(n))
            .sort()
        );
      };
      const latest = [
        "contact_messages_newest",
        "feedback_created_idx",
        "feedback_newest",
        "feedback_visible_newest",
        "idp_accounts_newest",
        "registration_requests_newest",
        "subscriptions_newest",
      ];
      expect(await indexes()).toEqual(latest);
      const migrator = await migratorOf(db);
      const down = await migrator.migrateTo("0012_feedback_summary");
      expect(down.error).toBeUndefined();
      expect(await indexes()).toEqual([
        "contact_messages_created_idx",
        "feedback_created_idx",
        "feedback_visible_newest",
        "registration_requests_created_idx",
      ]);
      await migrateToLatest(db);
      expect(await indexes()).toEqual(latest);
    } finally {
      await t.destroy();
    }
  });
});

describe.each(DIALECTS)("migration 0018 (the newsletter's count) on %s", (dialect) => {
  it("starts the count from the sign-ups already there, and is undone cleanly", async () => {
    const t = await createTestDb(dialect, { seed: false });
    try {
      const db = t.db as unknown as Kysely<any>;
      const migrator = await migratorOf(db);
      // An install from before 0018, with three sign-ups.
      const down = await migrator.migrateTo("0017_payments");
      expect(down.error).toBeUndefined();
      const now = new Date().toISOString();
      await db
        .insertInto("newsletter_subscribers")
        .values(
          ["a", "b", "c"].map((n) => ({ id: `news-${n}`, email: `${n}@example.org`, locale: "en", created_at: now })),
        )
        .execute();
      await migrateToLatest(db);
      expect(await countNewsletter(t.db)).toBe(3);
      await subscribeToNewsletter(t.db, "d@example.org", "he");
      expect(await countNewsletter(t.db)).toBe(4);
    } finally {
      await t.destroy();
    }
  });
});

describe.each(DIALECTS)("migration 0019 (a subscription ends with its day in Israel) on %s", (dialect) => {
  it("moves the grants made until a day to that day's end on the school's clock, and back", async () => {
    const t = await createTestDb(dialect, { seed: false });
    try {
      const db = t.db as unknown as Kysely<any>;
      const migrator = await migratorOf(db);
      expect((await migrator.migrateTo("0018_newsletter_count")).error).toBeUndefined();
      const now = new Date().toISOString();
      const row = (id: string, ends_at: string | null, provider_subscription_id: string | null = null) => ({
        id,
        email: `${id}@example.org`,
        starts_at: now,
        ends_at,
        granted_by: "cli",
        created_at: now,
        provider_subscription_id,
      });
      await db
        .insertInto("subscriptions")
        .values([
          row("summer", "2027-03-31T23:59:59.000Z"),
          row("winter", "2027-01-15T23:59:59.000Z"),
          row("unlimited", null),
          row("bought", "2027-03-31T23:59:59.000Z", "sub_123"),
          row("other-time", "2027-03-31T10:00:00.000Z"),
        ])
        .execute();
      const ends = async () =>
        Object.fromEntries(
          (await db.selectFrom("subscriptions").select(["id", "ends_at"]).orderBy("id").execute()).map((r) => [
            r.id,
            r.ends_at,
          ]),
        );
      await migrateToLatest(db);
      expect(await ends()).toEqual({
        summer: "2027-03-31T20:59:59.000Z",
        winter: "2027-01-15T21:59:59.000Z",
        unlimited: null,
        bought: "2027-03-31T23:59:59.000Z",
        "other-time": "2027-03-31T10:00:00.000Z",
      });
      expect((await migrator.migrateTo("0018_newsletter_count")).error).toBeUndefined();
      expect(await ends()).toMatchObject({ summer: "2027-03-31T23:59:59.000Z", winter: "2027-01-15T23:59:59.000Z" });
    } finally {
      await t.destroy();
    }
  });
});

describe.each(DIALECTS)(
  "migration 0027 (quizzes attached to lists, certificates named for the course) on %s",
  (dialect) => {
    it("attaches each quiz to the list its Watch Now leads to, and renames certificates of a one-card list", async () => {
      const t = await createTestDb(dialect);
      try {
        const db = t.db as unknown as Kysely<any>;
        const migrator = await migratorOf(db);
        expect((await migrator.migrateTo("0024_row_versions")).error).toBeUndefined();
        const listId = async (slug: string) =>
          (await db.selectFrom("video_lists").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
        const user = await createUser(t.db, { subject: "m0027", email: "m0027@example.org", name: "Dana" });
        const certificate = (id: string, list: string, title: string) => ({
          id,
          user_id: user.id,
          list_id: list,
          learner_name: "Dana",
          title_en: title,
          title_he: title,
          issued_at: new Date().toISOString(),
        });
        // Java is one card's list; React is in two cards (MERN's and Full Stack's).
        await db
          .insertInto("certificates")
          .values([
            certificate("cert-java-0027", await listId("java"), "Java list"),
            certificate("cert-react-0027", await listId("react"), "React list"),
          ])
          .execute();
        await migrateToLatest(db);
        const quizzes = await db.selectFrom("quizzes").select(["slug", "list_id", "pass_percent"]).execute();
        const bySlug = Object.fromEntries(quizzes.map((q) => [q.slug, q]));
        expect(bySlug.java).toMatchObject({ list_id: await listId("java"), pass_percent: 70 });
        expect(bySlug.react).toMatchObject({ list_id: await listId("react") });
        expect(bySlug.javascript).toMatchObject({ list_id: await listId("javascript") });
        expect(bySlug.fullstack).toMatchObject({ list_id: null, pass_percent: 70 });
        const titles = await db
          .selectFrom("certificates")
          .select(["id", "title_en", "title_he"])
          .orderBy("id")
          .execute();
        expect(titles).toEqual([
          { id: "cert-java-0027", title_en: "Java Programming", title_he: "תכנות ב-Java" },
          { id: "cert-react-0027", title_en: "React list", title_he: "React list" },
        ]);
      } finally {
        await t.destroy();
      }
    });
  },
);

describe.each(DIALECTS)("migration 0031 (a catalogue's own cover) on %s", (dialect) => {
  it("gives every catalogue the picture its card showed: the seeded ones', else its first published course's, else Java's", async () => {
    const t = await createTestDb(dialect);
    try {
      const db = t.db as unknown as Kysely<any>;
      // Made before the migration is undone: an admin's catalogue whose first card is a draft, and an empty one.
      const own = await createCatalogue(t.db);
      await createCourse(t.db, { catalogueId: own, cover: "/images/courses/sql.svg", published: "" });
      const upload = await createCourse(t.db, { catalogueId: own, cover: "/images/courses/css.svg" });
      await db.updateTable("courses").set({ cover: "/media/covers/up.png" }).where("id", "=", upload).execute();
      await createCourse(t.db, { catalogueId: own, cover: "/images/courses/react.svg" });
      const empty = await createCatalogue(t.db);
      const migrator = await migratorOf(db);
      expect((await migrator.migrateTo("0029_lesson_video_name")).error).toBeUndefined();
      await migrateToLatest(db);
      const covers = Object.fromEntries(
        (await db.selectFrom("catalogues").select(["id", "slug", "cover"]).execute()).map((r) => [
          r.id === own ? "own" : r.id === empty ? "empty" : r.slug,
          r.cover,
        ]),
      );
      expect(covers).toMatchObject({
        mern: "/images/catalogues/mern.svg",
        fullstack: "/images/catalogues/fullstack.svg",
        programming: "/images/catalogues/programming.svg",
        own: "/media/covers/up.png",
        empty: "/images/courses/java.svg",
      });
      expect((await migrator.migrateTo("0029_lesson_video_name")).error).toBeUndefined();
      await migrateToLatest(db);
    } finally {
      await t.destroy();
    }
  });
});

async function migratorOf(db: Kysely<any>): Promise<Migrator> {
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}
