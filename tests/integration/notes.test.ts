import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { createSignedInUser, giveLessonsVideos } from "../support/factories.ts";
import { shown, startApp } from "./harness.ts";

/** Issue 32, point 4: a learner's private notes over HTTP, on both databases. */
describe.each(DIALECTS)("lesson notes over HTTP on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let owner: { cookie: string; id: string };
  let other: { cookie: string; id: string };
  let admin: { cookie: string; id: string };
  let lessons: string[];
  beforeAll(async () => {
    app = await startApp({}, dialect);
    await giveLessonsVideos(app.db, "dsa");
    const signed = async (kind: "learner" | "admin") => {
      const s = await createSignedInUser(app.db, kind);
      return { cookie: s.cookie, id: s.user.id };
    };
    owner = await signed("learner");
    other = await signed("learner");
    admin = await signed("admin");
    const list = await app.db
      .selectFrom("video_lists")
      .select("id")
      .where("slug", "=", "dsa")
      .executeTakeFirstOrThrow();
    lessons = (
      await app.db.selectFrom("lessons").select("id").where("list_id", "=", list.id).orderBy("position").execute()
    ).map((row) => row.id);
  });
  afterAll(async () => app?.stop());

  const post = (cookie: string | undefined, body: Record<string, string>) =>
    fetch(`${app.url}/notes`, {
      method: "POST",
      headers: cookie ? { cookie } : {},
      body: new URLSearchParams(body),
      redirect: "manual",
    });
  const get = (path: string, cookie?: string) =>
    fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const notesOf = (userId: string) =>
    app.db.selectFrom("lesson_notes").selectAll().where("user_id", "=", userId).orderBy("created_at").execute();

  it("puts the notes in the page's own HTML, not in a part streamed out of place that only a script shows", async () => {
    // The notes' module is a chunk of its own (visitors never load it); their forms work without
    // JavaScript, so the server renders them in place (video-player.tsx: no Suspense boundary, which
    // React would stream out of place once the page is long). They are on the lesson's own page,
    // not in the list's cards.
    const html = await (await get("/lesson/dsa/dsa-01-intro", owner.cookie)).text();
    expect(html).toContain('data-testid="lesson-notes"');
    expect(html).not.toMatch(/<div hidden id="S:\d+">/);
    expect(await (await get("/courses/dsa", owner.cookie)).text()).not.toContain('data-testid="lesson-notes"');
  });

  it("keeps a learner's note with its position, back at the lesson, and shows it to them only", async () => {
    const response = await post(owner.cookie, {
      intent: "create",
      lesson: lessons[0]!,
      body: "Recursion: base case first",
      position: "65.4",
      back: "/lesson/dsa/dsa-01-intro?lng=he",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/lesson/dsa/dsa-01-intro?lng=he");
    const [row] = await notesOf(owner.id);
    expect(row).toMatchObject({ lesson_id: lessons[0], position_seconds: 65, body: "Recursion: base case first" });
    expect(shown(await (await get("/lesson/dsa/dsa-01-intro", owner.cookie)).text())).toContain(
      "Recursion: base case first",
    );
    expect(shown(await (await get("/profile", owner.cookie)).text())).toContain("Recursion: base case first");
    // Nobody else's page shows it: another learner, an admin.
    for (const cookie of [other.cookie, admin.cookie]) {
      expect(await (await get("/lesson/dsa/dsa-01-intro", cookie)).text()).not.toContain("Recursion: base case first");
      expect(await (await get("/profile", cookie)).text()).not.toContain("Recursion: base case first");
      expect(await (await get("/notes.md", cookie)).text()).not.toContain("Recursion: base case first");
    }
  });

  it("answers another person's note id with 404 and changes nothing; an admin's too", async () => {
    const [note] = await notesOf(owner.id);
    for (const cookie of [other.cookie, admin.cookie]) {
      const edit = await post(cookie, { intent: "update", note: note!.id, body: "overwritten" });
      expect(edit.status).toBe(404);
      expect(await edit.text()).not.toContain("Recursion");
      expect((await post(cookie, { intent: "delete", note: note!.id })).status).toBe(404);
    }
    expect(await notesOf(owner.id)).toEqual([note]);
    // The owner may.
    expect((await post(owner.cookie, { intent: "update", note: note!.id, body: "edited" })).status).toBe(303);
    expect((await notesOf(owner.id))[0]).toMatchObject({ body: "edited", position_seconds: 65 });
  });

  it("asks a visitor to sign in, and refuses a lesson the learner may not watch", async () => {
    expect((await post(undefined, { intent: "create", lesson: lessons[0]!, body: "x" })).status).toBe(401);
    const exported = await get("/notes.md");
    expect(exported.status).toBe(302);
    expect(exported.headers.get("location")).toMatch(/^\/register\?returnTo=/);
    // The last DSA lesson is a subscriber's, not a learner's free sample.
    expect((await post(other.cookie, { intent: "create", lesson: lessons.at(-1)!, body: "x" })).status).toBe(403);
    expect((await post(other.cookie, { intent: "create", lesson: "no-such-lesson", body: "x" })).status).toBe(404);
    expect(await notesOf(other.id)).toEqual([]);
  });

  it("answers bad input with 400 and the message beside the field, the text kept, nothing stored", async () => {
    const long = "y".repeat(2001);
    const tooLong = await post(other.cookie, {
      intent: "create",
      lesson: lessons[0]!,
      body: long,
      back: "/courses/dsa",
    });
    expect(tooLong.status).toBe(400);
    const html = shown(await tooLong.text());
    expect(html).toContain("A note can be at most 2,000 characters.");
    expect(html).toContain(long);
    const empty = await post(other.cookie, { intent: "create", lesson: lessons[0]!, body: "   " });
    expect(empty.status).toBe(400);
    expect(shown(await empty.text())).toContain("Write something before saving the note.");
    // In Hebrew too.
    const hebrew = await fetch(`${app.url}/notes?lng=he`, {
      method: "POST",
      headers: { cookie: other.cookie },
      body: new URLSearchParams({ intent: "create", lesson: lessons[0]!, body: "" }),
    });
    expect(hebrew.status).toBe(400);
    expect(shown(await hebrew.text())).toContain("כתבו משהו לפני שמירת ההערה.");
    // A post no form makes: a plain 400.
    expect((await post(other.cookie, { intent: "create", lesson: "../x", body: "fine" })).status).toBe(400);
    expect((await post(other.cookie, { intent: "nonsense" })).status).toBe(400);
    expect(await notesOf(other.id)).toEqual([]);
  });

  it("exports the learner's own notes as a Markdown file", async () => {
    await post(owner.cookie, { intent: "create", lesson: lessons[1]!, body: "second lesson note", position: "5" });
    const response = await get("/notes.md", owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="lomda-notes.md"');
    const text = await response.text();
    expect(text).toMatch(/^# My notes — Lomda\n/);
    expect(text).toContain("- [1:05] edited");
    expect(text).toContain("- [0:05] second lesson note");
    const hebrew = await (await get("/notes.md?lng=he", owner.cookie)).text();
    expect(hebrew).toMatch(/^# ההערות שלי — לומדה\n/);
  });

  it("deletes the owner's note", async () => {
    const [note] = await notesOf(owner.id);
    expect((await post(owner.cookie, { intent: "delete", note: note!.id, back: "/profile#notes" })).status).toBe(303);
    expect((await notesOf(owner.id)).map((n) => n.id)).not.toContain(note!.id);
  });
});
