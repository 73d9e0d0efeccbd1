import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createFeedback } from "../../tests/support/factories.ts";
import { parseFeedback } from "./feedback.schema";
import {
  cursorOf,
  deleteFeedback,
  feedbackStats,
  listFeedback,
  listFeedbackPage,
  mayDelete,
  parseCursor,
  readFeedbackVersion,
  setFeedbackHidden,
} from "./feedback.server";

const valid = { name: "Ada", comment: "Clear lessons.", image: "", rating: "4" };

describe("feedback validation (one schema for the form and the API)", () => {
  const errorOf = (input: Record<string, unknown>) => {
    const result = parseFeedback(input);
    return result.ok ? undefined : result.errors;
  };

  it("accepts a good post, trimming text and making the rating a number", () => {
    expect(parseFeedback({ ...valid, name: "  Ada  " })).toEqual({
      ok: true,
      data: { name: "Ada", comment: "Clear lessons.", image: "", rating: 4 },
    });
    expect(parseFeedback({ ...valid, rating: 5 }).ok).toBe(true);
    expect(parseFeedback({ ...valid, image: "https://example.org/me.png" }).ok).toBe(true);
    expect(parseFeedback({ name: "A", comment: "c", rating: "1" }).ok).toBe(true); // image optional
  });

  it("refuses each kind of bad input with its own message", () => {
    expect(errorOf({ ...valid, name: "" })).toEqual({ name: "feedback.errors.nameRequired" });
    expect(errorOf({ ...valid, name: "   " })).toEqual({ name: "feedback.errors.nameRequired" });
    expect(errorOf({ ...valid, name: "x".repeat(81) })).toEqual({ name: "feedback.errors.nameTooLong" });
    expect(parseFeedback({ ...valid, name: "x".repeat(80) }).ok).toBe(true);
    expect(errorOf({ ...valid, comment: "" })).toEqual({ comment: "feedback.errors.commentRequired" });
    expect(errorOf({ ...valid, comment: "y".repeat(2001) })).toEqual({ comment: "feedback.errors.commentTooLong" });
    for (const rating of ["0", "6", "2.5", "abc", "", 2.5, 0, 6, null])
      expect(errorOf({ ...valid, rating }), String(rating)).toEqual({ rating: "feedback.errors.rating" });
    for (const image of [
      "javascript:alert(1)",
      "data:image/png;base64,AA",
      "//evil.example/x.png",
      "ftp://x.org/a.png",
      "not a url",
      "/relative.png",
    ]) {
      expect(errorOf({ ...valid, image }), image).toEqual({ image: "feedback.errors.imageInvalid" });
    }
    expect(errorOf({ ...valid, image: `https://x.org/${"a".repeat(2048)}` })).toEqual({
      image: "feedback.errors.imageTooLong",
    });
    expect(errorOf({ ...valid, name: 42 })).toEqual({ name: "feedback.errors.nameRequired" });
    expect(errorOf({ ...valid, admin: true })).toEqual({ form: "feedback.errors.unknownField" });
    expect(errorOf(JSON.parse('{"name":"A","comment":"c","rating":"2","__proto__":{"x":1}}'))).toEqual({
      form: "feedback.errors.unknownField",
    });
  });

  it("keeps a comment with HTML or SQL as plain text, verbatim", () => {
    const comment = "<script>alert(1)</script> '; DROP TABLE feedback; --";
    expect(parseFeedback({ ...valid, comment })).toMatchObject({ ok: true, data: { comment } });
  });
});

describe.each(DIALECTS)("feedback storage on %s", (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => t.destroy());

  it("lists newest first, in pages, with the average and count; hidden ones left out", async () => {
    const base = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i < 25; i++) {
      await createFeedback(t.db, { name: `N${i}`, rating: (i % 5) + 1 }, { now: new Date(base + i * 60_000) });
    }
    const first = await listFeedback(t.db, 1);
    expect(first).toHaveLength(20);
    expect(first[0]!.name).toBe("N24");
    expect((await listFeedback(t.db, 2)).map((f) => f.name)).toEqual(["N4", "N3", "N2", "N1", "N0"]);
    expect(await feedbackStats(t.db)).toEqual({ count: 25, average: 3 });
    await setFeedbackHidden(t.db, first[0]!.id, true);
    expect((await listFeedback(t.db, 1))[0]!.name).toBe("N23");
    expect((await feedbackStats(t.db)).count).toBe(24);
  });

  it("stores SQL-looking text verbatim and survives a restart", async () => {
    const comment = "Robert'); DROP TABLE feedback;--";
    const item = await createFeedback(t.db, { comment }, { now: new Date("2030-01-01T00:00:00Z") });
    const reopened = t.reopen();
    try {
      const [newest] = await listFeedback(reopened.db, 1);
      expect(newest).toMatchObject({ id: item.id, comment });
    } finally {
      await reopened.close();
    }
  });

  it("stores all of 50 concurrent posts", async () => {
    const before = (await feedbackStats(t.db)).count;
    await Promise.all(Array.from({ length: 50 }, () => createFeedback(t.db)));
    expect((await feedbackStats(t.db)).count).toBe(before + 50);
  });

  it("lets the author, the posting browser and admins delete, nobody else", async () => {
    const item = { id: "f1", userId: "u1" };
    expect(mayDelete(item, { user: { id: "u1" }, isAdmin: false }, new Set())).toBe(true);
    expect(mayDelete(item, { user: { id: "u2" }, isAdmin: false }, new Set())).toBe(false);
    expect(mayDelete(item, { user: null, isAdmin: false }, new Set())).toBe(false);
    expect(mayDelete(item, { user: { id: "u9" }, isAdmin: true }, new Set())).toBe(true);
    expect(mayDelete({ id: "f2", userId: null }, { user: null, isAdmin: false }, new Set(["f2"]))).toBe(true);
    const created = await createFeedback(t.db);
    expect(await deleteFeedback(t.db, created.id)).toBe(true);
    expect(await deleteFeedback(t.db, created.id)).toBe(false);
  });

  it("keeps the summary equal to a recount through posts, hides, shows and deletes, and versions each change", async () => {
    const recount = async () => {
      const rows = await t.db.selectFrom("feedback").select("rating").where("hidden", "=", 0).execute();
      const sum = rows.reduce((total, row) => total + row.rating, 0);
      return { count: rows.length, average: rows.length ? Math.round((sum / rows.length) * 10) / 10 : null };
    };
    const version = await readFeedbackVersion(t.db);
    const a = await createFeedback(t.db, { rating: 5 });
    const b = await createFeedback(t.db, { rating: 1 });
    expect(await feedbackStats(t.db)).toEqual(await recount());
    await setFeedbackHidden(t.db, a.id, true);
    await setFeedbackHidden(t.db, a.id, true); // hiding twice removes it once
    expect(await feedbackStats(t.db)).toEqual(await recount());
    await deleteFeedback(t.db, a.id); // a hidden entry leaves the visible summary as it was
    expect(await feedbackStats(t.db)).toEqual(await recount());
    await setFeedbackHidden(t.db, b.id, true);
    await setFeedbackHidden(t.db, b.id, false);
    expect(await feedbackStats(t.db)).toEqual(await recount());
    await deleteFeedback(t.db, b.id);
    expect(await feedbackStats(t.db)).toEqual(await recount());
    expect(await readFeedbackVersion(t.db)).toBe(version + 6);
  });

  it("pages by keyset after the last entry of the page before: the same pages as by offset, and entries with one time kept apart", async () => {
    const at = new Date("2031-05-05T05:05:05.000Z");
    for (let i = 0; i < 7; i++) await createFeedback(t.db, { name: `Same${i}` }, { now: at }); // one timestamp: the id orders
    const byOffset = [];
    for (let page = 1; page <= 4; page++) byOffset.push((await listFeedbackPage(t.db, page, 3)).items.map((f) => f.id));
    const byKeyset = [];
    let after = null;
    for (let page = 1; page <= 4; page++) {
      const { items } = await listFeedbackPage(t.db, page, 3, after);
      byKeyset.push(items.map((f) => f.id));
      after = items.length ? parseCursor(cursorOf(items[items.length - 1]!)) : null;
    }
    expect(byKeyset).toEqual(byOffset);
    expect(new Set(byKeyset.flat()).size).toBe(12);
  });

  it("reads only cursors it wrote", () => {
    expect(parseCursor("2031-05-05T05:05:05.000Z_0b0c8f6e-4a9e-4d5b-9d7e-2f6a1b3c4d5e")).toEqual({
      date: "2031-05-05T05:05:05.000Z",
      id: "0b0c8f6e-4a9e-4d5b-9d7e-2f6a1b3c4d5e",
    });
    for (const bad of [null, "", "x", "2031-05-05_abc", "2031-05-05T05:05:05.000Z_' or 1=1 --"])
      expect(parseCursor(bad), String(bad)).toBeNull();
  });
});
