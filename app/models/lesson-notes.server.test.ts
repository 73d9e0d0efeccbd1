import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createUser, giveLessonsVideos } from "../../tests/support/factories.ts";
import { ensureCatalogueFresh, findList, type CatalogueSnapshot } from "./catalogue.server";
import { createNote, deleteNote, notesMarkdown, notesOfLearner, notesOn, updateNote } from "./lesson-notes.server";
import { NOTES_PER_LESSON } from "./lesson-notes.limits";
import { noteAction } from "./lesson-notes.schema";

describe.each(DIALECTS)("lesson notes on %s", (dialect) => {
  let t: TestDb;
  let snapshot: CatalogueSnapshot;
  beforeAll(async () => {
    t = await createTestDb(dialect);
    await giveLessonsVideos(t.db);
    snapshot = await ensureCatalogueFresh(t.db);
  });
  afterAll(async () => t.destroy());

  const dsa = () => findList(snapshot, "dsa")!;
  const learner = async (subject: string) => (await createUser(t.db, { subject, email: `${subject}@example.org` })).id;

  it("keeps a learner's notes in video order, and only the owner changes or deletes one", async () => {
    const owner = await learner("n-owner");
    const other = await learner("n-other");
    const lesson = dsa().lessons[0]!;
    const late = await createNote(t.db, { userId: owner, lessonId: lesson.id, body: "later", position: 65 });
    const early = await createNote(t.db, { userId: owner, lessonId: lesson.id, body: "first", position: 3 });
    expect(late.ok && early.ok).toBe(true);
    if (!late.ok || !early.ok) return;
    const mine = (await notesOn(t.db, owner, [lesson.id])).get(lesson.id)!;
    expect(mine.map((n) => [n.body, n.position])).toEqual([
      ["first", 3],
      ["later", 65],
    ]);
    // Another learner sees none of them, and cannot change or delete one by its id.
    expect((await notesOn(t.db, other, [lesson.id])).size).toBe(0);
    expect(await updateNote(t.db, other, late.id, "hijacked")).toBe(false);
    expect(await deleteNote(t.db, other, late.id)).toBe(false);
    expect((await notesOn(t.db, owner, [lesson.id])).get(lesson.id)!.map((n) => n.body)).toEqual(["first", "later"]);
    // The owner can.
    expect(await updateNote(t.db, owner, late.id, "later, edited")).toBe(true);
    expect(await deleteNote(t.db, owner, early.id)).toBe(true);
    expect((await notesOn(t.db, owner, [lesson.id])).get(lesson.id)!.map((n) => n.body)).toEqual(["later, edited"]);
    expect(await deleteNote(t.db, owner, early.id)).toBe(false);
  });

  it("keeps at most NOTES_PER_LESSON notes per learner on a lesson", async () => {
    const owner = await learner("n-limit");
    const lesson = dsa().lessons[1]!;
    await t.db
      .insertInto("lesson_notes")
      .values(
        Array.from({ length: NOTES_PER_LESSON }, (_, i) => ({
          id: `limit-${dialect}-${i}`,
          user_id: owner,
          lesson_id: lesson.id,
          position_seconds: i,
          body: `n${i}`,
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-01T00:00:00.000Z",
        })),
      )
      .execute();
    expect(await createNote(t.db, { userId: owner, lessonId: lesson.id, body: "one more", position: null })).toEqual({
      ok: false,
      reason: "limit",
    });
    // Another lesson is counted on its own.
    expect(
      (await createNote(t.db, { userId: owner, lessonId: dsa().lessons[2]!.id, body: "x", position: null })).ok,
    ).toBe(true);
  });

  it("lists a learner's notes by list and lesson, and exports them as Markdown", async () => {
    const owner = await learner("n-export");
    const [a, b] = dsa().lessons;
    await createNote(t.db, { userId: owner, lessonId: b!.id, body: "on b", position: 125 });
    await createNote(t.db, { userId: owner, lessonId: a!.id, body: "line one\nline two", position: 5 });
    await createNote(t.db, { userId: owner, lessonId: a!.id, body: "no stamp", position: null });
    const lists = await notesOfLearner(t.db, snapshot, owner, "en");
    expect(lists).toHaveLength(1);
    expect(lists[0]!.title).toBe(dsa().title.en);
    expect(lists[0]!.href).toMatch(/^\/c/);
    expect(lists[0]!.lessons.map((l) => l.title)).toEqual([a!.title.en, b!.title.en]);
    const markdown = notesMarkdown("My notes", lists);
    expect(markdown).toBe(
      [
        "# My notes",
        "",
        `## ${dsa().title.en}`,
        "",
        `### ${a!.title.en}`,
        "",
        // Ordered by position, a note without one last.
        "- [0:05] line one",
        "  line two",
        "- no stamp",
        "",
        `### ${b!.title.en}`,
        "",
        "- [2:05] on b",
        "",
      ].join("\n"),
    );
    // Nobody else's notes.
    expect(await notesOfLearner(t.db, snapshot, await learner("n-nobody"), "en")).toEqual([]);
  });
});

describe("a note's post", () => {
  it("refuses an empty note and one too long, with the form's messages", () => {
    const empty = noteAction.safeParse({ intent: "create", lesson: "l1", body: "  \r\n " });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe("notes.errors.empty");
    const long = noteAction.safeParse({ intent: "update", note: "n1", body: "x".repeat(2001) });
    expect(long.error?.issues[0]?.message).toBe("notes.errors.tooLong");
    expect(noteAction.safeParse({ intent: "update", note: "n1", body: "x".repeat(2000) }).success).toBe(true);
    // Back to a page of this site only.
    expect(noteAction.safeParse({ intent: "delete", note: "n1", back: "//evil.example" }).success).toBe(false);
    expect(noteAction.safeParse({ intent: "create", lesson: "l1", body: "ok", position: "12.7" }).data).toMatchObject({
      position: 12,
    });
  });
});
