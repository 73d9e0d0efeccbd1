import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { createSignedInUser, createSubscription, setLessonVideo } from "../support/factories.ts";
import { startApp } from "./harness.ts";

/** Issue 17: a certificate earned by finishing a list, its public page in both languages, and revocation. */
describe.each(DIALECTS)("certificates over HTTP on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let learner: Awaited<ReturnType<typeof createSignedInUser>>;
  let admin: string;
  let certificatePath: string;
  beforeAll(async () => {
    app = await startApp({}, dialect);
    // The list's one lesson, with a video of a known, short length.
    await setLessonVideo(app.db, "html", 0, { duration: "0:40" });
    // Signed in without paying at first (the first test subscribes them).
    learner = await createSignedInUser(app.db, "learner", { name: "Dana Levi", email: "dana.private@example.org" });
    admin = (await createSignedInUser(app.db, "admin")).cookie;
  });
  afterAll(async () => app?.stop());

  const get = (path: string, cookie?: string) => fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {} });
  const post = (path: string, cookie: string | undefined, form: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { ...(cookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });

  it("gives no certificate for the learner's own mark: a list marked complete is not a list watched", async () => {
    const marker = await createSignedInUser(app.db, "subscriber", { name: "Marker" });
    const before = await (await get("/courses/fullstack/html", marker.cookie)).text();
    const lesson = /name="lesson" value="([^"]+)"/.exec(before)![1]!;
    expect((await post("/courses/fullstack/html", marker.cookie, { intent: "complete", lesson })).status).toBe(303);
    const after = await (await get("/courses/fullstack/html", marker.cookie)).text();
    expect(after).not.toContain('data-testid="certificate-earned"');
    expect(after).toContain("does not count toward a certificate");
    const issued = await app.db.selectFrom("certificates").select("id").where("user_id", "=", marker.user.id).execute();
    expect(issued).toEqual([]);
  });

  it("issues the certificate when the learner watches the list, and the list page and profile lead to it", async () => {
    // Signed in without paying: HTML is one $49 lesson, no free sample (issue 29), so no certificate.
    const htmlList = await app.db
      .selectFrom("video_lists")
      .select("id")
      .where("slug", "=", "html")
      .executeTakeFirstOrThrow();
    const { id: lessonId } = await app.db
      .selectFrom("lessons")
      .select("id")
      .where("list_id", "=", htmlList.id)
      .executeTakeFirstOrThrow();
    const refused = await fetch(`${app.url}/api/progress`, {
      method: "POST",
      headers: { cookie: learner.cookie },
      body: new URLSearchParams({ lesson: lessonId, position: "7000", duration: "7477" }),
    });
    expect(refused.status).toBe(403);
    expect(await app.db.selectFrom("certificates").select("id").execute()).toEqual([]);
    const free = await (await get("/courses/fullstack/html", learner.cookie)).text();
    expect(free).not.toContain('name="lesson"');
    expect(free).toContain("Its certificate is earned by watching every lesson");

    // Subscribed: every lesson is open, and watching them earns it.
    await createSubscription(app.db, { user: learner.user });
    const before = await (await get("/courses/fullstack/html", learner.cookie)).text();
    expect(before).toContain('data-testid="certificate-hint"');
    expect(before).toContain("Watch every lesson of this list to earn a certificate.");
    const lesson = /name="lesson" value="([^"]+)"/.exec(before)![1]!;
    expect(lesson).toBe(lessonId);
    const report = (position: string) =>
      fetch(`${app.url}/api/progress`, {
        method: "POST",
        headers: { cookie: learner.cookie },
        body: new URLSearchParams({ lesson, position, duration: "40" }),
      });
    // Played from the start (the report that starts the server's clock) to the end.
    expect(await (await report("0")).json()).toEqual({ position: 0, watched: false });
    expect(await (await report("40")).json()).toEqual({ position: 40, watched: true });
    const after = await (await get("/courses/fullstack/html", learner.cookie)).text();
    certificatePath = /href="(\/certificates\/[\w-]{22})"/.exec(after)![1]!;
    expect(after).toContain("You have earned a certificate for this course.");
    expect(await (await get("/profile", learner.cookie)).text()).toContain(`href="${certificatePath}"`);
  });

  it("shows anyone what the certificate says, in either language, and nothing more about the learner", async () => {
    const page = await get(certificatePath);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Certificate of Completion");
    expect(html).toContain("Dana Levi");
    // The course card taken (its one list is "HTML Full Course"), issue 31 D-M7.
    expect(html).toContain("HTML Foundations");
    expect(html).toContain(`${app.url}${certificatePath}`);
    expect(html).toContain("This certificate is valid.");
    // What it covers: the list's one lesson, linked to its own page (issue 32).
    expect(html).toMatch(/What it covers: 1 lesson, watched on Lomda/);
    expect(html).toMatch(/<a [^>]*href="\/lesson\/html\/html-full-course"/);
    expect(html).toContain('content="noindex"');
    expect(html).not.toContain("dana.private@example.org");
    expect(html).not.toContain(learner.user.subject);
    const hebrew = await (await get(`${certificatePath}?lng=he`)).text();
    expect(hebrew).toContain('<html lang="he" dir="rtl"');
    expect(hebrew).toContain("תעודת סיום");
    expect(hebrew).toContain("תעודה זו מאשרת כי");
    expect(hebrew).toContain("יסודות HTML");
    expect((await get("/certificates/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await get("/certificates/not-a-certificate")).status).toBe(404);
  });

  it("lets only an admin revoke and restore it; a revoked certificate says so (410)", async () => {
    const id = certificatePath.split("/").pop()!;
    expect((await post("/admin/certificates", learner.cookie, { intent: "revoke", id })).status).toBe(403);
    expect((await post("/admin/certificates", undefined, { intent: "revoke", id })).status).toBe(302);
    expect((await post("/admin/certificates", admin, { intent: "revoke", id: "nope" })).status).toBe(400);
    expect((await post("/admin/certificates", admin, { intent: "revoke", id: "B".repeat(22) })).status).toBe(404);
    const list = await (await get("/admin/certificates", admin)).text();
    expect(list).toContain("Dana Levi");
    expect((await post("/admin/certificates", admin, { intent: "revoke", id })).status).toBe(200);
    const revoked = await get(certificatePath);
    expect(revoked.status).toBe(410);
    const revokedHtml = await revoked.text();
    expect(revokedHtml).toContain("This certificate was revoked on");
    expect(revokedHtml).not.toContain('data-testid="certificate-covers"');
    expect((await post("/admin/certificates", admin, { intent: "restore", id })).status).toBe(200);
    expect((await get(certificatePath)).status).toBe(200);
  });
});
