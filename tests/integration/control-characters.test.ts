import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { createSignedInUser } from "../support/factories.ts";
import { startApp } from "./harness.ts";

/**
 * Control characters (a NUL above all) in a form, the API's JSON or an address: a translated 400
 * and nothing stored, on both databases. PostgreSQL refuses a NUL in text, so each of these was a
 * server error there.
 */
describe.each(DIALECTS)("control characters on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let admin: string;
  beforeAll(async () => {
    app = await startApp({}, dialect);
    admin = (await createSignedInUser(app.db, "admin")).cookie;
  });
  afterAll(async () => app.stop());

  const form = (path: string, fields: Record<string, string>, cookie = "") =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const count = async (table: "feedback" | "catalogues") =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses them in a form with a translated 400, storing nothing", async () => {
    const [feedbackBefore, cataloguesBefore] = [await count("feedback"), await count("catalogues")];
    const english = await form("/feedback/new", { name: "A\u0000B", comment: "Fine", rating: "4" });
    expect(english.status).toBe(400);
    expect(await english.text()).toContain("What you sent holds invisible control characters (such as a NUL)");
    const hebrew = await form("/feedback/new?lng=he", { name: "Dana", comment: "x\u001By", rating: "4" });
    expect(hebrew.status).toBe(400);
    expect(await hebrew.text()).toContain("יש תווי בקרה בלתי נראים");
    const catalogue = await form(
      "/admin/courses/new-catalogue",
      { intent: "save", slug: "nul-catalogue", titleEn: "a\u0000b", published: "on" },
      admin,
    );
    expect(catalogue.status).toBe(400);
    expect([await count("feedback"), await count("catalogues")]).toEqual([feedbackBefore, cataloguesBefore]);
  });

  it("still takes tabs and new lines, and text that only shows a \\u0000", async () => {
    const res = await form("/feedback/new", {
      name: "Dana",
      comment: "Line one\r\nLine two\tand \\u0000",
      rating: "4",
    });
    expect(res.status).toBe(303);
  });

  it("refuses them in the API's JSON with a JSON 400", async () => {
    const before = await count("feedback");
    const res = await fetch(`${app.url}/api/feedback`, {
      method: "POST",
      headers: { origin: app.url, "content-type": "application/json" },
      body: JSON.stringify({ name: "A\u0000B", comment: "Fine", rating: 4 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "control_characters" });
    expect(await count("feedback")).toBe(before);
  });

  it("refuses them in an address, before anything looks it up", async () => {
    for (const path of ["/admin/courses/lesson/a%00b", "/course/a%00b", "/library?q=a%00b", "/feedback?page=%1b"]) {
      const res = await fetch(`${app.url}${path}`, { redirect: "manual", headers: { cookie: admin } });
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toContain("invisible control characters");
    }
  });
});
