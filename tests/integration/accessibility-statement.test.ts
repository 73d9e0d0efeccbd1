import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../support/factories.ts";
import { DIALECTS } from "../setup/databases.ts";
import { startApp } from "./harness.ts";

/**
 * Issue 32, point 5: the accessibility statement, public in both languages and linked from every
 * page's footer; its coordinator, date of review and further gaps edited by an admin, refused with a
 * message beside the field and nothing stored, and shown to visitors at once (their pages are cached).
 */
describe.each(DIALECTS)("the accessibility statement over HTTP on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let admin: string;
  let learner: string;
  beforeAll(async () => {
    app = await startApp({}, dialect);
    admin = (await createSignedInUser(app.db, "admin")).cookie;
    learner = (await createSignedInUser(app.db, "learner")).cookie;
  });
  afterAll(async () => app?.stop());

  const get = (path: string, cookie?: string) =>
    fetch(`${app.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const post = (cookie: string | undefined, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/admin/accessibility`, {
      method: "POST",
      redirect: "manual",
      headers: { ...(cookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form),
    });
  const stored = () =>
    app.db.selectFrom("site_settings").select("value").where("key", "=", "accessibility_statement").execute();
  const GOOD = {
    coordinatorName: "Noa Peretz",
    coordinatorEmail: "access@school.example",
    coordinatorPhone: "03-555-0100",
    reviewedOn: "2026-11-20",
    gapsEn: "The slides of the Java course are images.\n\nAsk the coordinator for them as text.",
    gapsHe: "השקפים של קורס Java הם תמונות.",
  };

  it("is public in both languages, says the standard, the known gaps and the default coordinator, and every footer links to it", async () => {
    const en = await get("/accessibility");
    expect(en.status).toBe(200);
    const html = await en.text();
    expect(html).toContain('<html lang="en" dir="ltr"');
    expect(html).toContain("<h1");
    expect(html).toContain("Accessibility statement");
    expect(html).toContain("IS 5568");
    expect(html).toContain("WCAG 2.2, at level AA");
    expect(html).toContain("Not every lesson has them yet: write to the accessibility coordinator");
    expect(html).toContain("Last reviewed: Nov 27, 2026");
    // No name until the admin gives one: the role; the school's own address to write to.
    expect(html).toContain("Lomda’s accessibility coordinator");
    expect(html).toContain('href="mailto:hello@lomda.co.il"');
    // The forms' check in use (ALTCHA by default) is the one described.
    expect(html).toContain("your browser solves it by itself");

    const he = await (await get("/accessibility?lng=he")).text();
    expect(he).toContain('<html lang="he" dir="rtl"');
    expect(he).toContain("הצהרת נגישות");
    expect(he).toContain("ת״י 5568");
    expect(he).toContain("נבדק לאחרונה: 27 בנוב׳ 2026");
    expect(he).toContain("רכז הנגישות של לומדה");

    for (const path of ["/", "/courses", "/terms?lng=he"])
      expect(await (await get(path)).text(), path).toContain('href="/accessibility"');
    expect(await (await get("/admin", admin)).text()).toContain('href="/accessibility"');
    expect(await (await get("/sitemap.xml")).text()).toContain(`<loc>${app.url}/accessibility?lng=he</loc>`);
  });

  it("is the admin's to edit: others are turned away", async () => {
    expect((await post(undefined, GOOD)).status).toBe(302);
    expect((await post(learner, GOOD)).status).toBe(403);
    expect((await get("/admin/accessibility", learner)).status).toBe(403);
    // A post from another site, with the admin's cookie, is refused too.
    expect((await post(admin, GOOD, { origin: "https://evil.example" })).status).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it("refuses bad details with a message beside each field, in the admin's language, keeping what was typed, and stores nothing", async () => {
    const bad = { ...GOOD, coordinatorEmail: "noa at school", gapsEn: "x".repeat(2001), reviewedOn: "2099-01-01" };
    const refused = await post(admin, bad);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toMatch(/<p id="coordinatorEmail-error"[^>]*>Enter an email address like name@example.org.<\/p>/);
    expect(html).toMatch(/<p id="gapsEn-error"[^>]*>Keep this to at most 2,000 characters.<\/p>/);
    expect(html).toMatch(
      /<p id="reviewedOn-error"[^>]*>Enter the date of the review: a real date, not later than today.<\/p>/,
    );
    expect(html).toMatch(/id="coordinatorEmail"[^>]*aria-invalid="true"/);
    expect(html).toContain('value="noa at school"');
    expect(html).not.toContain('id="coordinatorName-error"');

    const he = await post(`${admin}; lng=he`, { ...GOOD, coordinatorPhone: "call me" });
    expect(he.status).toBe(400);
    expect(await he.text()).toContain(
      "כתבו מספר טלפון (ספרות, רווחים, מקפים, סוגריים ו־+ בהתחלה), או השאירו את השדה ריק.",
    );
    expect(await stored()).toEqual([]);
  });

  it("shows the admin's details to visitors at once, though their page was cached", async () => {
    for (const path of ["/accessibility", "/accessibility", "/accessibility?lng=he"])
      expect(await (await get(path)).text()).toContain("hello@lomda.co.il");

    const saved = await post(admin, GOOD);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Saved. The statement shows the new details.");
    expect(await stored()).toHaveLength(1);

    const en = await (await get("/accessibility")).text();
    expect(en).toContain("Noa Peretz");
    expect(en).toContain('href="mailto:access@school.example"');
    expect(en).toContain('href="tel:035550100"');
    expect(en).toContain("Last reviewed: Nov 20, 2026");
    expect(en).toContain("The slides of the Java course are images.</p>");
    expect(en).toContain("Ask the coordinator for them as text.</p>");
    expect(en).not.toContain("השקפים של קורס Java");
    const he = await (await get("/accessibility?lng=he")).text();
    expect(he).toContain("נבדק לאחרונה: 20 בנוב׳ 2026");
    expect(he).toContain("השקפים של קורס Java הם תמונות.");
    expect(he).not.toContain("The slides of the Java course");

    // The admin's form shows what is stored; the same details again change nothing.
    const form = await (await get("/admin/accessibility", admin)).text();
    expect(form).toContain('value="access@school.example"');
    expect(form).toContain('value="2026-11-20"');
    expect(await (await post(admin, GOOD)).text()).toContain("Nothing changed.");
  });
});
