import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { createFeedback, createSignedInUser } from "../support/factories.ts";
import { clearOfWindowEnd, MINUTE } from "../support/rate-windows.ts";
import { shown, startApp } from "./harness.ts";

describe("feedback over HTTP", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app.stop());

  const count = async () =>
    Number(
      (
        await app.db
          .selectFrom("feedback")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = (
    jar: CookieJar,
    fields: Record<string, string>,
    path = "/feedback/new",
    headers: Record<string, string> = {},
  ) =>
    hop(jar, `${app.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, ...headers },
      body: new URLSearchParams(fields).toString(),
    });

  it("posts, redirects back with a thank-you, and shows the card with its date", async () => {
    const jar = new CookieJar();
    const res = await post(jar, { name: "Dana", comment: "Great <b>course</b>!", image: "", rating: "2" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/feedback");
    const html = await (await hop(jar, `${app.url}/feedback`)).text();
    expect(html).toContain("Thank you! Your feedback was published.");
    expect(html).toContain("Great &lt;b&gt;course&lt;/b&gt;!");
    expect(html).toMatch(/data-testid="feedback-date">[A-Z][a-z]{2} \d{1,2}, \d{4}</);
    expect(html).toContain("2 out of 5 stars");
    // The thank-you is shown once.
    expect(shown(await (await hop(jar, `${app.url}/feedback`)).text())).not.toContain("Thank you!");
  });

  it("refuses each kind of bad input with 400, its message beside the field, what was typed kept, and nothing stored", async () => {
    const before = await count();
    const cases: [Record<string, string>, string][] = [
      [{ name: "", comment: "c", rating: "2" }, "Please enter your name."],
      [{ name: "x".repeat(81), comment: "c", rating: "2" }, "The name may be at most 80 characters."],
      [{ name: "A", comment: "", rating: "2" }, "Please write a comment."],
      [{ name: "A", comment: "c", rating: "0" }, "Please choose a rating from 1 to 5 stars."],
      [{ name: "A", comment: "c", rating: "6" }, "Please choose a rating from 1 to 5 stars."],
      [{ name: "A", comment: "c", rating: "2.5" }, "Please choose a rating from 1 to 5 stars."],
      [{ name: "A", comment: "c", rating: "abc" }, "Please choose a rating from 1 to 5 stars."],
      [{ name: "A", comment: "c", rating: "3", image: "javascript:alert(1)" }, "The image URL must be a full address"],
    ];
    for (const [fields, message] of cases) {
      const res = await post(new CookieJar(), fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      if (fields.comment) expect(html).toContain(`>${fields.comment}</textarea>`);
    }
    const he = await post(new CookieJar(), { name: "", comment: "c", rating: "2" }, "/feedback/new?lng=he");
    expect(await he.text()).toContain("נא לכתוב את שמכם.");
    expect(await count()).toBe(before);
  });

  it("stores nothing for a filled honeypot, yet answers as usual", async () => {
    const before = await count();
    const res = await post(new CookieJar(), {
      name: "Bot",
      comment: "spam",
      rating: "5",
      website: "http://spam.example",
    });
    expect(res.status).toBe(303);
    expect(await count()).toBe(before);
  });

  it("lets the posting browser delete its card; another browser and a GET get nothing", async () => {
    const author = new CookieJar();
    await post(author, { name: "Temp", comment: "to delete", rating: "3" });
    const row = await app.db
      .selectFrom("feedback")
      .select("id")
      .where("comment", "=", "to delete")
      .executeTakeFirstOrThrow();
    const stranger = await post(new CookieJar(), { intent: "delete", id: row.id }, "/feedback");
    expect(stranger.status).toBe(403);
    expect((await fetch(`${app.url}/feedback/${row.id}`)).status).toBe(404); // the original's GET never deletes
    const crossSite = await post(author, { intent: "delete", id: row.id }, "/feedback", {
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    expect(await app.db.selectFrom("feedback").select("id").where("id", "=", row.id).executeTakeFirst()).toBeDefined();
    const page = await (await hop(author, `${app.url}/feedback`)).text();
    expect(page.match(/data-testid="feedback-delete"/g)).toHaveLength(1); // only on its own card
    const deleted = await post(author, { intent: "delete", id: row.id }, "/feedback");
    expect(deleted.status).toBe(302);
    expect(
      await app.db.selectFrom("feedback").select("id").where("id", "=", row.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await post(author, { intent: "delete", id: row.id }, "/feedback")).status).toBe(404);
  });

  it("lets the signed-in author and an admin delete", async () => {
    const jar = new CookieJar();
    jar.set("lomda_session", (await createSignedInUser(app.db, "learner")).sessionId);
    await post(jar, { name: "Signed", comment: "mine", rating: "4" });
    const row = await app.db
      .selectFrom("feedback")
      .select(["id", "user_id"])
      .where("comment", "=", "mine")
      .executeTakeFirstOrThrow();
    expect(row.user_id).not.toBeNull();
    const otherLearner = new CookieJar();
    otherLearner.set("lomda_session", (await createSignedInUser(app.db, "learner")).sessionId);
    expect((await post(otherLearner, { intent: "delete", id: row.id }, "/feedback")).status).toBe(403);
    const admin = new CookieJar();
    admin.set("lomda_session", (await createSignedInUser(app.db, "admin")).sessionId);
    const adminPage = await (await hop(admin, `${app.url}/feedback`)).text();
    expect(adminPage.match(/data-testid="feedback-delete"/g)!.length).toBeGreaterThan(1);
    expect((await post(admin, { intent: "delete", id: row.id }, "/feedback")).status).toBe(302);
  });

  it("walks the list with Next links that read after the last entry shown: every entry once, in order", async () => {
    const base = Date.parse("2020-01-01T00:00:00Z"); // older than the other tests' entries: these come last
    for (let i = 0; i < 45; i++)
      await createFeedback(
        app.db,
        { name: `Walker ${String(i).padStart(2, "0")}` },
        { now: new Date(base + i * 1000) },
      );
    const seen: string[] = [];
    let path: string | null = "/feedback?page=1"; // (a query: not a visitor's cached page of a second ago)
    for (let page = 1; path && page <= 10; page++) {
      const html = await (await fetch(`${app.url}${path}`)).text();
      seen.push(...[...html.matchAll(/data-testid="feedback-name"><bdi>([^<]+)</g)].map((m) => m[1]!));
      // The Next link (the language switch also carries the page's query, and ends with &lng=).
      const next: string | undefined = /href="(\/feedback\?page=\d+&amp;after=[^"&]+)"/.exec(html)?.[1];
      path = next ? next.replaceAll("&amp;", "&") : null;
    }
    const walkers = seen.filter((name) => name.startsWith("Walker"));
    expect(walkers).toEqual(Array.from({ length: 45 }, (_, i) => `Walker ${String(44 - i).padStart(2, "0")}`));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("has a JSON API with the same validation", async () => {
    // The list is kept per feedback version: read before the post, it must not answer stale after it.
    expect((await fetch(`${app.url}/api/feedback`)).status).toBe(200);
    const created = await fetch(`${app.url}/api/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Api", comment: "via json", rating: 5 }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await created.json()).toMatchObject({ name: "Api", comment: "via json", rating: 5, image: null });
    const bad = await fetch(`${app.url}/api/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "", comment: "x", rating: 9 }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "validation",
      fields: { name: "feedback.errors.nameRequired", rating: "feedback.errors.rating" },
    });
    expect(
      (
        await fetch(`${app.url}/api/feedback`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{not json",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await fetch(`${app.url}/api/feedback`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "[1,2]",
        })
      ).status,
    ).toBe(400);
    expect(
      (await fetch(`${app.url}/api/feedback`, { method: "POST", headers: { "content-type": "text/plain" }, body: "x" }))
        .status,
    ).toBe(415);
    const list = (await (await fetch(`${app.url}/api/feedback`)).json()) as { name: string; date: string }[];
    expect(list[0]).toMatchObject({ name: "Api" });
    expect(Object.keys(list[0]!).sort()).toEqual(["comment", "date", "id", "image", "name", "rating"]);
  });

  it("rate-limits posting (429 with Retry-After), storing nothing more", async () => {
    await clearOfWindowEnd(10 * MINUTE);
    const own = await startApp();
    try {
      const send = (fields: Record<string, string>) =>
        fetch(`${own.url}/feedback/new`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: own.url },
          body: new URLSearchParams(fields).toString(),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await send({ name: "", comment: "", rating: "2" })).status);
      expect(statuses.every((s) => s === 400)).toBe(true);
      const limited = await send({ name: "Late", comment: "too many", rating: "2" });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.text()).toContain("Too many posts.");
      expect(
        await own.db.selectFrom("feedback").select("id").where("comment", "=", "too many").executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await own.stop();
    }
  });
});
