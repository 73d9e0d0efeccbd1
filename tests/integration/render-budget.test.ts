import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../support/factories.ts";
import { startApp } from "./harness.ts";

/**
 * What one client can make the site render (issue 29), through the built app: a cached page costs
 * nothing and is never refused; other spellings of a page are redirected without a render; what
 * must be rendered counts against the client's budget, a signed-in person's against their own.
 */
describe("the budget of renders per client, over HTTP", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let learner: string;
  beforeAll(async () => {
    app = await startApp({ RENDER_BUDGET: "5/1" });
    learner = (await createSignedInUser(app.db, "learner")).cookie;
  });
  afterAll(async () => app.stop());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { redirect: "manual", headers: { accept: "text/html", ...headers } });

  it("refuses renders past the budget, while cached pages and other spellings are still answered", async () => {
    // The pages a visitor lands on, kept once rendered: two renders of the budget's five.
    const started = Date.now();
    expect((await get("/about")).status).toBe(200);
    expect((await get("/team")).status).toBe(200);
    // A render each time (a query of its own): the three left (one more if a second went by), then
    // a 429 with Retry-After, in the page's language.
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await get(`/contact?utm_source=${i}&lng=he`)).status);
    // The budget refills one a second: on a busy machine the loop may take several, each worth one
    // more render, which may land between refusals.
    const refills = Math.ceil((Date.now() - started) / 1000);
    const rendered = statuses.filter((s) => s === 200).length;
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(rendered).toBeLessThanOrEqual(3 + refills);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(Math.min(1, 8 - 3 - refills));
    const refused = await get("/contact?utm_source=x&lng=he");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).toContain("רק רגע, בבקשה");
    // The budget is spent, yet the cache still answers, and other spellings are still redirected.
    for (let i = 0; i < 30; i++) {
      expect((await get("/about")).status).toBe(200);
      const spelling = await get(i % 2 ? "/ABOUT" : "/Team");
      expect(spelling.status).toBe(301);
    }
    // A signed-in learner on the same address has a budget of their own.
    expect((await get("/profile", { cookie: learner })).status).toBe(200);
    expect(app.logs.some((l) => l.msg === "render budget spent: 429")).toBe(true);
  });
});
