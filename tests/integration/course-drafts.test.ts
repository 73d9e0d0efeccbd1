import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { createSignedInUser, createVideoList } from "../support/factories.ts";
import { shown, startApp } from "./harness.ts";

/**
 * Drafts in the course builder over HTTP (issue 31, D-M8, D-M10, D-M7): what a new catalogue,
 * course card or list is until the admin publishes it, who may preview it, what the public sees of
 * an emptied catalogue, and the quiz editor's list and pass mark.
 */
describe.each(DIALECTS)("drafts and previews over HTTP on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let admin: string;
  let learner: string;
  beforeAll(async () => {
    app = await startApp({}, dialect);
    admin = (await createSignedInUser(app.db, "admin")).cookie;
    learner = (await createSignedInUser(app.db, "learner")).cookie;
  });
  afterAll(async () => app.stop());

  const post = (path: string, fields: Record<string, string | string[]>, cookie = admin) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields))
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    return fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: body.toString(),
    });
  };
  const get = (path: string, cookie?: string) =>
    fetch(`${app.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const idOf = (response: Response) => response.headers.get("location")!.split("/").pop()!;
  /** The "Published" box of a builder form, as served. */
  const publishedBox = (html: string) => /<input id="f-published"[^>]*>/.exec(html)?.[0];

  /** The course card form's required fields (the form's own defaults, as a browser sends them). */
  const card = (slug: string, extra: Record<string, string> = {}) => ({
    intent: "save",
    slug,
    titleEn: `Card ${slug}`,
    teacherEn: "Dana Levi",
    summaryEn: "A card for a test.",
    duration: "2.00",
    students: "0",
    price: "49",
    currency: "USD",
    rating: "0",
    reviews: "0",
    ...extra,
  });

  it("offers a new catalogue, card and list unpublished, and keeps a draft off public pages and the sitemap", async () => {
    for (const path of ["/admin/courses/new-catalogue", "/admin/courses/new-list"]) {
      const form = await (await get(path, admin)).text();
      expect(publishedBox(form), path).toBeDefined();
      expect(publishedBox(form), path).not.toContain("checked");
      expect(form, path).toContain("New items start unpublished");
    }
    // The form as sent: "published" absent.
    const made = await post("/admin/courses/new-catalogue", { intent: "save", slug: "testing", titleEn: "Testing" });
    expect(made.status).toBe(302);
    const catalogueId = idOf(made);
    const cardForm = await (await get(`/admin/courses/catalogue/${catalogueId}/new-course`, admin)).text();
    expect(publishedBox(cardForm)).toBeDefined();
    expect(publishedBox(cardForm)).not.toContain("checked");

    for (const cookie of [undefined, learner]) {
      expect((await get("/courses/testing", cookie)).status).toBe(404);
      // Asking for the preview changes nothing for anyone but an admin.
      expect((await get("/courses/testing?preview=1", cookie)).status).toBe(404);
    }
    expect(await (await get("/sitemap.xml")).text()).not.toContain("/courses/testing");
    expect(shown(await (await get("/courses")).text())).not.toContain("Testing");

    // The admin: the page itself is a 404 as for everyone, the preview shows it, marked as such.
    expect((await get("/courses/testing", admin)).status).toBe(404);
    const preview = await get("/courses/testing?preview=1", admin);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    const html = shown(await preview.text());
    expect(html).toContain("Preview as a student sees it");
    expect(html).toContain("No courses here yet");
    // The editor links to the preview.
    expect(await (await get(`/admin/courses/catalogue/${catalogueId}`, admin)).text()).toContain(
      'href="/courses/testing?preview=1"',
    );
  });

  it("hides a list while its only card is a draft, and a catalogue whose one card is unpublished says it is empty", async () => {
    const catalogue = await post("/admin/courses/new-catalogue", {
      intent: "save",
      slug: "emptied",
      titleEn: "Emptied",
      titleHe: "התרוקן",
      published: "on",
    });
    const catalogueId = idOf(catalogue);
    const made = await post(`/admin/courses/catalogue/${catalogueId}/new-course`, card("emptied-card"));
    expect(made.status).toBe(302);
    const courseId = idOf(made);
    await createVideoList(app.db, { slug: "emptied-list", courses: [courseId] });
    // The card is a draft, so is the list it holds (whose own box is ticked); the card's preview works.
    expect((await get("/courses/emptied-list")).status).toBe(404);
    expect((await get("/course/emptied-card")).status).toBe(404);
    expect((await get("/course/emptied-card?preview=1", learner)).status).toBe(404);
    const cardPreview = await get("/course/emptied-card?preview=1", admin);
    expect(cardPreview.status).toBe(200);
    expect(shown(await cardPreview.text())).toContain("Preview as a student sees it");
    expect((await get("/courses/emptied-list?preview=1", admin)).status).toBe(200);

    // Published: the card, its list and the catalogue are public (and the visitor's page is cached).
    expect((await post(`/admin/courses/course/${courseId}`, card("emptied-card", { published: "on" }))).status).toBe(
      302,
    );
    expect((await get("/courses/emptied-list")).status).toBe(200);
    const live = shown(await (await get("/courses/emptied")).text());
    expect(live).toContain("Card emptied-card");
    expect(live).not.toContain("No courses here yet");

    // Unpublished again: the catalogue says it is empty, in both languages; the list is gone.
    expect((await post(`/admin/courses/course/${courseId}`, card("emptied-card"))).status).toBe(302);
    const empty = shown(await (await get("/courses/emptied")).text());
    expect(empty).toContain("No courses here yet");
    expect(empty).not.toContain("Card emptied-card");
    expect(shown(await (await get("/courses/emptied?lng=he")).text())).toContain("עדיין אין כאן קורסים");
    expect((await get("/courses/emptied-list")).status).toBe(404);
  });

  it("attaches a quiz to a list with its pass mark, says so in the editor, and refuses a mark outside 50–100", async () => {
    const listId = await createVideoList(app.db, { slug: "quiz-target", titleEn: "Quiz target" });
    const made = await post("/admin/courses/new-quiz", {
      intent: "save",
      slug: "attached",
      titleEn: "Attached",
      listId,
      passPercent: "80",
      followUp: "",
      published: "on",
    });
    expect(made.status).toBe(302);
    const quiz = await app.db
      .selectFrom("quizzes")
      .select(["list_id", "pass_percent", "follow_up"])
      .where("slug", "=", "attached")
      .executeTakeFirstOrThrow();
    // Watch Now left empty leads to the attached list.
    expect(quiz).toEqual({ list_id: listId, pass_percent: 80, follow_up: "/courses/quiz-target" });
    const editor = shown(await (await get(`/admin/courses/quiz/${idOf(made)}`, admin)).text());
    expect(editor).toContain("The certificate of “Quiz target” requires passing this quiz with at least 80 %.");
    expect(editor).toMatch(/<option value="[^"]+" selected="">Quiz target<\/option>/);
    const hebrew = shown(await (await get(`/admin/courses/quiz/${idOf(made)}?lng=he`, admin)).text());
    expect(hebrew).toContain("התעודה של „Quiz target” דורשת לעבור את המבחן הזה בציון 80% לפחות.");

    for (const [passPercent, lng, message] of [
      ["101", "en", "Enter a whole number from 50 to 100."],
      ["40", "he", "כתבו מספר שלם מ-50 עד 100."],
    ] as const) {
      const refused = await post(`/admin/courses/new-quiz?lng=${lng}`, {
        intent: "save",
        slug: "refused-mark",
        titleEn: "Refused",
        passPercent,
      });
      expect(refused.status).toBe(400);
      expect(shown(await refused.text())).toContain(message);
    }
    expect(
      await app.db.selectFrom("quizzes").select("id").where("slug", "=", "refused-mark").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("lists on /courses no list a catalogue card already holds as a course of its own", async () => {
    const html = shown(await (await get("/courses")).text());
    // Java and DSA are cards of the programming catalogue: not "More courses" beside it.
    expect(html).not.toContain("Java from zero");
    expect(html).not.toContain('href="/courses/dsa"');
    expect(html).toContain('href="/cources/programming"');
  });
});
