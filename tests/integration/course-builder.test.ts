import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import {
  createCatalogue,
  createCourse,
  createLesson,
  createQuiz,
  createSignedInUser,
  createVideoList,
} from "../support/factories.ts";
import { shown, startApp } from "./harness.ts";

/**
 * The course builder over HTTP, on the built app: who may use it, what a change logs, and that bad
 * or odd requests are answered with 4xx (never 5xx) and store nothing.
 */
describe.each(DIALECTS)("the course builder over HTTP on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let admin: { cookie: string; userId: string };
  let learner: string;
  beforeAll(async () => {
    app = await startApp({}, dialect);
    const signedIn = await createSignedInUser(app.db, "admin");
    admin = { cookie: signedIn.cookie, userId: signedIn.user.id };
    learner = (await createSignedInUser(app.db, "learner")).cookie;
  });
  afterAll(async () => app.stop());

  const post = (path: string, fields: Record<string, string | string[]>, cookie = admin.cookie) => {
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
  const get = (path: string, cookie = admin.cookie) =>
    fetch(`${app.url}${path}`, { redirect: "manual", headers: { cookie } });

  it("is for admins: a visitor is sent to sign in, a learner gets 403 on pages and posts", async () => {
    const visitor = await fetch(`${app.url}/admin/courses/new-list`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/register?returnTo=%2Fadmin%2Fcourses%2Fnew-list");
    for (const path of ["/admin/courses", "/admin/courses/new-quiz", "/admin/courses/lesson/x"])
      expect((await get(path, learner)).status, path).toBe(403);
    const refused = await post(
      "/admin/courses/new-list",
      { intent: "save", slug: "sneaky", titleEn: "S", freeSamples: "3" },
      learner,
    );
    expect(refused.status).toBe(403);
    expect(await app.db.selectFrom("video_lists").select("id").where("slug", "=", "sneaky").execute()).toEqual([]);
    expect((await get("/admin/courses")).status).toBe(200);
    // The admin page links to it.
    expect(await (await get("/admin")).text()).toContain('href="/admin/courses"');
  });

  it("makes a list (post/redirect/get, with the message in a cookie) and logs who changed what", async () => {
    const response = await post("/admin/courses/new-list", {
      intent: "save",
      slug: "over-http",
      titleEn: "Over HTTP",
      titleHe: "",
      freeSamples: "2",
      published: "on",
    });
    expect(response.status).toBe(302);
    const list = await app.db
      .selectFrom("video_lists")
      .selectAll()
      .where("slug", "=", "over-http")
      .executeTakeFirstOrThrow();
    expect(response.headers.get("location")).toBe(`/admin/courses/list/${list.id}`);
    expect(list).toMatchObject({ free_samples: 2, title_he: null, published: 1 });
    const flash = response.headers.get("set-cookie")!.split(";")[0]!;
    const page = await (await get(`/admin/courses/list/${list.id}`, `${admin.cookie}; ${flash}`)).text();
    expect(page).toContain("Created.");
    expect(page).toContain("/courses/over-http");
    expect(
      app.logs.some(
        (l) =>
          l.msg === "course builder: list created" &&
          l.adminId === admin.userId &&
          l.targetId === list.id &&
          l.action === "created",
      ),
    ).toBe(true);
  });

  it("refuses a save from a form older than the row (two tabs), keeping what was typed; saving again replaces it", async () => {
    const listId = await createVideoList(app.db, { slug: "two-tabs" });
    const lessonId = await createLesson(app.db, listId, { slug: "tabbed", youtube: "" });
    const path = `/admin/courses/lesson/${lessonId}`;
    const versionIn = (html: string) => html.match(/<input type="hidden" name="version" value="([^"]+)"/)![1]!;
    // Both tabs open the lesson: the same version.
    const opened = versionIn(await (await get(path)).text());
    const fields = { intent: "save", slug: "tabbed", youtube: "", published: "on" };
    const tabA = await post(path, { ...fields, titleEn: "Title from tab A", version: opened });
    expect(tabA.status).toBe(302);
    const tabB = await post(path, {
      ...fields,
      titleEn: "Lesson 1",
      descriptionEn: "Text from tab B",
      version: opened,
    });
    expect(tabB.status).toBe(409);
    const refused = await tabB.text();
    expect(refused).toContain("This was changed elsewhere (in another tab, or by another admin) after you opened it.");
    expect(refused).toContain("Text from tab B</textarea>");
    const title = async () =>
      (await app.db.selectFrom("lessons").select("title_en").where("id", "=", lessonId).executeTakeFirstOrThrow())
        .title_en;
    expect(await title()).toBe("Title from tab A");
    // The refusal carries the version now: saving again is a choice to replace tab A's change.
    const now = versionIn(refused);
    expect(now).not.toBe(opened);
    expect((await post(path, { ...fields, titleEn: "Lesson 1", version: now })).status).toBe(302);
    expect(await title()).toBe("Lesson 1");
    // Deleted in one tab, saved in the other: a 404, nothing stored (the browser test shows what a
    // page with JavaScript says; a plain form post gets the page, which is gone).
    const current = versionIn(await (await get(path)).text());
    expect((await post(path, { intent: "delete", confirm: "on" })).status).toBe(302);
    const afterDelete = await post(path, { ...fields, titleEn: "Too late", version: current });
    expect(afterDelete.status).toBe(404);
    expect(await app.db.selectFrom("lessons").select("id").where("id", "=", lessonId).execute()).toEqual([]);
  });

  it("labels every field of every builder form in both languages (never with its input name)", async () => {
    const first = async (table: "catalogues" | "courses" | "video_lists" | "lessons" | "quizzes" | "quiz_questions") =>
      (await app.db.selectFrom(table).select("id").limit(1).executeTakeFirstOrThrow()).id;
    const [catalogue, course, list, lesson, quiz, question] = [
      await first("catalogues"),
      await first("courses"),
      await first("video_lists"),
      await first("lessons"),
      await first("quizzes"),
      await first("quiz_questions"),
    ];
    const pages = [
      "/admin/courses/new-catalogue",
      `/admin/courses/catalogue/${catalogue}`,
      `/admin/courses/catalogue/${catalogue}/new-course`,
      `/admin/courses/course/${course}`,
      "/admin/courses/new-list",
      `/admin/courses/list/${list}`,
      `/admin/courses/list/${list}/new-lesson`,
      `/admin/courses/lesson/${lesson}`,
      "/admin/courses/new-quiz",
      `/admin/courses/quiz/${quiz}`,
      `/admin/courses/quiz/${quiz}/new-question`,
      `/admin/courses/question/${question}`,
    ];
    for (const lng of ["en", "he"])
      for (const page of pages) {
        const res = await get(`${page}?lng=${lng}`);
        expect(res.status, page).toBe(200);
        const html = await res.clone().text();
        // An edit form sends back the version it was made from (a new one has none).
        expect(html.includes('<input type="hidden" name="version" value="'), page).toBe(!page.includes("/new-"));
        const labels = [...(await res.text()).matchAll(/<label[^>]*for="f-([\w-]+)"[^>]*>(.*?)<\/label>/gs)].map(
          ([, name, inner]) => [name, inner!.replace(/<[^>]*>/g, "")],
        );
        expect(labels.length, page).toBeGreaterThan(0);
        for (const [name, text] of labels) {
          expect(text!.trim(), `${lng} ${page}: the label of ${name}`).not.toBe("");
          expect(text!.trim(), `${lng} ${page}: the label of ${name}`).not.toBe(name);
        }
      }
  });

  it('warns when the free samples would cover the whole list, says what learners get, and stores "every lesson is free"', async () => {
    const listId = await createVideoList(app.db, { slug: "one-lesson", titleEn: "One lesson" });
    await createLesson(app.db, listId);
    const path = `/admin/courses/list/${listId}`;
    const warning = (html: string) =>
      /data-testid="free-samples-warning"[^>]*>(.*?)<\/p>/s.exec(html)?.[1]?.replace(/<!-- -->/g, "") ?? null;
    // The factory's 3 free samples on a one-lesson list: learners get none.
    expect(warning(await (await get(path)).text())).toBe(
      "This list has a single published lesson, so learners get no free sample of it. To give it away, tick “Every lesson of this list is free for signed-in learners”.",
    );
    expect(warning(await (await get(`${path}?lng=he`)).text())).toBe(
      "ברשימה הזו יש שיעור אחד שפורסם, ולכן אין בה דוגמה חינם. כדי לתת אותו בחינם, סמנו „כל השיעורים ברשימה הזו חינם ללומדים מחוברים”.",
    );
    await createLesson(app.db, listId);
    await createLesson(app.db, listId);
    const version = () => get(path).then(async (r) => /name="version" value="([^"]+)"/.exec(await r.text())![1]!);
    const save = async (fields: Record<string, string>) =>
      post(path, { intent: "save", titleEn: "One lesson", published: "on", version: await version(), ...fields });
    expect((await save({ freeSamples: "5" })).status).toBe(302);
    expect(warning(await (await get(path)).text())).toBe(
      "This list has 3 published lessons, so learners will watch only the first 2 free, not 5. To give every lesson away, tick “Every lesson of this list is free for signed-in learners”.",
    );
    expect(warning(await (await get(`${path}?lng=he`)).text())).toContain("רק בשני השיעורים הראשונים, ולא ב־5");
    expect((await save({ freeSamples: "2" })).status).toBe(302);
    expect(warning(await (await get(path)).text())).toBe("");

    // The teacher's explicit choice: stored, shown ticked, and no warning with it.
    expect((await save({ freeSamples: "5", allFree: "on" })).status).toBe(302);
    const row = await app.db.selectFrom("video_lists").selectAll().where("id", "=", listId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ free_samples: 5, all_free: 1 });
    const page = await (await get(path)).text();
    expect(page).toMatch(/<input id="f-allFree"[^>]*checked=""/);
    expect(warning(page)).toBe("");
    await expect
      .poll(
        async () =>
          (await (await get("/courses/one-lesson", learner)).text()).includes("Every video of this list is free"),
        {
          timeout: 5000,
        },
      )
      .toBe(true);
    expect((await save({ freeSamples: "5" })).status).toBe(302);
    expect(
      await app.db.selectFrom("video_lists").select("all_free").where("id", "=", listId).executeTakeFirst(),
    ).toEqual({
      all_free: 0,
    });
  });

  it("refuses a list shared by courses sold on their own at different prices, naming them, in both languages", async () => {
    const idOf = async (slug: string) =>
      (await app.db.selectFrom("courses").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
    const courses = [await idOf("mern-express"), await idOf("fullstack-sql")];
    const form = { intent: "save", slug: "two-prices", titleEn: "Two prices", freeSamples: "3", courses };
    const refused = await post("/admin/courses/new-list", form);
    expect(refused.status).toBe(400);
    expect(shown(await refused.text())).toContain(
      "“Express: Building REST APIs” ($149.00) and “SQL and Relational Databases” ($99.00) are both sold on their own at different prices",
    );
    const hebrew = shown(await (await post("/admin/courses/new-list?lng=he", form)).text());
    expect(hebrew).toContain("„Express: בניית REST API”");
    expect(hebrew).toContain("נמכרים שניהם בנפרד במחירים שונים");
    expect(await app.db.selectFrom("video_lists").select("id").where("slug", "=", "two-prices").execute()).toEqual([]);
  });

  it("starts a new course with the plain cover, which names no subject", async () => {
    const catalogue = (await app.db.selectFrom("catalogues").select("id").limit(1).executeTakeFirstOrThrow()).id;
    const html = await (await get(`/admin/courses/catalogue/${catalogue}/new-course`)).text();
    expect(html).toMatch(
      /<option value="\/images\/courses\/plain\.svg" selected="">Plain \(no subject written on it\)</,
    );
  });

  it("answers bad input with 400 and the form again, odd requests with 4xx, and stores nothing", async () => {
    const listId = await createVideoList(app.db, { slug: "http-list" });
    const lessonId = await createLesson(app.db, listId, { slug: "intro" });
    const before = await app.db.selectFrom("lessons").selectAll().orderBy("id").execute();
    const bad = await post(`/admin/courses/list/${listId}/new-lesson`, {
      intent: "save",
      slug: "intro",
      titleEn: "Duplicate",
      youtube: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      duration: "12:34",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("This short name is already taken: choose another.");
    expect(html).toContain('href="#f-slug"');
    for (const [path, fields, status] of [
      [`/admin/courses/lesson/${lessonId}`, { intent: "delete" }, 400], // not confirmed
      [`/admin/courses/lesson/${lessonId}`, { intent: "launch" }, 400],
      [`/admin/courses/lesson/${lessonId}`, {}, 400],
      [`/admin/courses/list/${listId}`, { intent: "move", id: lessonId, direction: "sideways" }, 400],
      [`/admin/courses/list/${listId}`, { intent: "move", id: "no-such-lesson", direction: "up" }, 404],
      ["/admin/courses", { intent: "move", kind: "catalogue", id: "nope", direction: "up" }, 404],
      ["/admin/courses", { intent: "move", kind: "planet", id: "nope", direction: "up" }, 400],
      ["/admin/courses/lesson/no-such-lesson", { intent: "save", slug: "a", titleEn: "A" }, 404],
      ["/admin/courses/list/no-such-list/new-lesson", { intent: "save", slug: "a", titleEn: "A" }, 404],
      [`/admin/courses/list/${listId}`, { intent: "save", titleEn: "T", freeSamples: "3", courses: ["ghost"] }, 400],
      [
        `/admin/courses/list/${listId}/new-lesson`,
        { intent: "save", slug: "x", titleEn: "A", ["__proto__"]: "polluted" },
        302,
      ],
    ] as const) {
      const response = await post(path, fields as Record<string, string>);
      expect(response.status, `${path} ${JSON.stringify(fields)}`).toBe(status);
    }
    const after = await app.db.selectFrom("lessons").selectAll().where("slug", "<>", "x").orderBy("id").execute();
    expect(after).toEqual(before);
    expect(app.logs.filter((l) => l.level >= 50)).toEqual([]);
    // A cross-site post is refused before the action runs.
    const crossSite = await fetch(`${app.url}/admin/courses/lesson/${lessonId}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: admin.cookie,
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
      body: "intent=delete&confirm=on",
    });
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    expect(crossSite.status).toBeLessThan(500);
    expect(await app.db.selectFrom("lessons").select("id").where("id", "=", lessonId).execute()).toHaveLength(1);
  });

  it('shows items named after what every object inherits (a slug "constructor") like any other', async () => {
    // Slugs are typed in the builder: a page that looks one up in an object literal finds Object's
    // constructor instead of nothing. Each in turn, as a catalogue and a list cannot share /courses/constructor.
    const quizId = await createQuiz(app.db, { slug: "constructor", titleEn: "Constructors" });
    const quizzes = await get("/test", learner);
    expect(quizzes.status).toBe(200);
    expect(await quizzes.text()).toContain("Constructors");

    const listId = await createVideoList(app.db, { slug: "constructor", titleEn: "Constructor list" });
    await createLesson(app.db, listId);
    await expect.poll(async () => (await get("/courses", learner)).status, { timeout: 5000 }).toBe(200);
    await expect
      .poll(async () => (await (await get("/courses", learner)).text()).includes("Constructor list"), { timeout: 5000 })
      .toBe(true);
    expect((await post(`/admin/courses/list/${listId}`, { intent: "delete", confirm: "on" })).status).toBe(302);

    const catalogueId = await createCatalogue(app.db, { slug: "constructor", titleEn: "Constructor catalogue" });
    await createCourse(app.db, { catalogueId });
    await expect
      .poll(async () => (await (await get("/courses", learner)).text()).includes("Constructor catalogue"), {
        timeout: 5000,
      })
      .toBe(true);
    expect((await get("/courses", learner)).status).toBe(200);
    expect((await get("/courses/constructor", learner)).status).toBe(200);
    expect(app.logs.filter((l) => l.level >= 50)).toEqual([]);
    expect((await post(`/admin/courses/catalogue/${catalogueId}`, { intent: "delete", confirm: "on" })).status).toBe(
      302,
    );
    expect((await post(`/admin/courses/quiz/${quizId}`, { intent: "delete", confirm: "on" })).status).toBe(302);
  });
});
