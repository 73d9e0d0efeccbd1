import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { clearOfWindowEnd, MINUTE } from "../support/rate-windows.ts";
import { startApp } from "./harness.ts";

type App = Awaited<ReturnType<typeof startApp>>;

/**
 * Rate limits live in the database: two app instances on one database (two processes behind a
 * balancer) enforce one limit, parallel requests cannot slip past it, and the login limit cannot be
 * used to lock someone else's account.
 */
const FIFTEEN_MINUTES = 15 * MINUTE;

describe.each(DIALECTS)("shared rate limits on %s", (dialect) => {
  let one: App;
  let two: App;
  beforeAll(async () => {
    one = await startApp({ TRUST_PROXY: "1" }, dialect);
    two = await startApp({ TRUST_PROXY: "1" }, dialect, { sharing: one });
  });
  afterAll(async () => {
    await two.stop();
    await one.stop();
  });

  async function openLoginPage(app: App, ip: string) {
    const jar = new CookieJar();
    const headers = { "x-forwarded-for": ip };
    let res = await hop(jar, `${app.url}/signin`, { headers });
    res = await hop(jar, new URL(res.headers.get("location")!).href, { headers });
    const login = new URL(res.headers.get("location")!, app.url).href;
    expect(login).toContain("/idp/interaction/");
    return { jar, login };
  }

  function postLogin(app: App, page: { jar: CookieJar; login: string }, ip: string, email: string, password: string) {
    return hop(page.jar, page.login, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, "x-forwarded-for": ip },
      body: new URLSearchParams({ email, password }).toString(),
    });
  }

  it("40 parallel wrong passwords over two instances: exactly the limit (10) are checked", async () => {
    await clearOfWindowEnd(FIFTEEN_MINUTES);
    const ip = "10.1.0.1";
    const pages = [await openLoginPage(one, ip), await openLoginPage(two, ip)];
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postLogin([one, two][i % 2]!, pages[i % 2]!, ip, "learner@lomda.test", `guess-${i}`).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const failures = [...one.logs, ...two.logs].filter((l) => l.msg === "embedded provider: failed sign-in");
    expect(failures).toHaveLength(10);
  });

  it("nobody can lock an account out: the right password from another address still works", async () => {
    await clearOfWindowEnd(FIFTEEN_MINUTES);
    const attacker = "10.2.0.1";
    const page = await openLoginPage(one, attacker);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await postLogin(one, page, attacker, "admin@lomda.test", `g-${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const blocked = await postLogin(one, page, attacker, "admin@lomda.test", "lomda-demo");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many attempts");
    // The admin, from their own address, on either instance.
    const admin = "10.2.0.2";
    const own = await openLoginPage(two, admin);
    const ok = await postLogin(two, own, admin, "admin@lomda.test", "lomda-demo");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).not.toContain("/interaction/"); // on to the provider, signed in
  });

  it("an address is limited over all accounts (20 failures per 15 minutes)", async () => {
    await clearOfWindowEnd(FIFTEEN_MINUTES);
    const ip = "10.3.0.1";
    const pages = [await openLoginPage(one, ip), await openLoginPage(two, ip)];
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await postLogin([one, two][i % 2]!, pages[i % 2]!, ip, `nobody-${i}@lomda.test`, "x")).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it("the feedback limit (30 per 10 minutes per address) is one limit over both instances", async () => {
    await clearOfWindowEnd(10 * MINUTE);
    const ip = "10.4.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const app = i % 2 ? one : two;
      const res = await fetch(`${app.url}/api/feedback`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ name: "x", comment: "", rating: 9 }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
