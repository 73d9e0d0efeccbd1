import { connect } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT } from "../../server/body-limit.ts";
import { solvedCaptcha } from "../support/altcha-solver.ts";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { createFeedback, createSignedInUser } from "../support/factories.ts";
import { DIALECTS } from "../setup/databases.ts";
import { startApp } from "./harness.ts";

/** One raw request over a socket, for what fetch will not send; the whole answer as text. */
function raw(url: string, text: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((ok, fail) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.end(text));
    let answer = "";
    socket.on("data", (c: Buffer) => (answer += c.toString("utf8")));
    socket.on("error", fail);
    socket.on("close", () => ok(answer));
  });
}

describe("bad input gets a clear 4xx", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app.stop());

  const send = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${app.url}${path}`, { redirect: "manual", ...init, headers: { origin: app.url, ...init.headers } });
  const FORMS = [
    "/feedback/new",
    "/contact",
    "/register",
    "/newsletter",
    "/test/react",
    "/contact.data",
    "/feedback.data",
  ];

  it("answers JSON, text and XML bodies to any form action with 415 and a translated message", async () => {
    for (const path of FORMS) {
      for (const [type, body] of [
        ["application/json", '{"name":"x"}'],
        ["text/plain", "name=x"],
        ["application/xml", "<a>x</a>"],
      ] as const) {
        const res = await send(path, { method: "POST", headers: { "content-type": type }, body });
        expect(res.status, `${type} to ${path}`).toBe(415);
        const text = await res.text();
        if (!path.endsWith(".data")) expect(text).toContain("This address accepts only the site");
      }
    }
    const hebrew = await send("/contact", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "lng=he" },
      body: "{}",
    });
    expect(hebrew.status).toBe(415);
    expect(await hebrew.text()).toContain("הכתובת הזאת מקבלת רק את הטפסים של האתר עצמו.");
  });

  it("answers a broken multipart body with 400, never 500", async () => {
    for (const path of FORMS) {
      const cut = await send(path, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=xyz" },
        body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nDa',
      });
      expect(cut.status, path).toBe(400);
      const noBoundary = await send(path, {
        method: "POST",
        headers: { "content-type": "multipart/form-data" },
        body: "name=x",
      });
      expect(noBoundary.status, path).toBe(400);
    }
    const page = await send("/contact", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: "--xyz\r\ngarbage",
    });
    expect(await page.text()).toContain("The request was damaged on the way.");
  });

  it("answers unknown methods with 405 and Allow, logged at info", async () => {
    const before = app.logs.length;
    const trace = await raw(app.url, "TRACE /about HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(trace).toMatch(/^HTTP\/1\.1 405 /);
    expect(trace).toMatch(/\r\nAllow: GET, HEAD, POST, OPTIONS\r\n/i);
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const res = await send("/feedback", { method, body: "x=1" });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    }
    // A POST to a page without an action: the router's own 405, also not an error.
    expect(
      (
        await send("/about", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "a=1",
        })
      ).status,
    ).toBe(405);
    const lines = app.logs.slice(before);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.some((l) => l.msg === "request" && l.status === 405 && l.level === 30)).toBe(true);
  });

  it("answers a request without a usable Host, or with an undecodable path, with 400", async () => {
    expect(await raw(app.url, "GET / HTTP/1.0\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw(app.url, "GET /about HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 400 /,
    );
    expect((await send("/%E0%A4%A")).status).toBe(400);
  });

  it("sends a path with doubled slashes to the same path with single ones, never off the site", async () => {
    // The browser reads //about as a path that no page of its router matches the way the server's
    // did: the page it got could not hydrate and turned into an error page.
    for (const [path, location] of [
      ["//about", "/about"],
      ["//about?lng=he", "/about?lng=he"],
      ["/courses//java/", "/courses/java/"],
      ["///evil.example/x", "/evil.example/x"],
      ["//evil.example", "/evil.example"],
    ]) {
      const res = await send(path!);
      expect(res.status, path).toBe(308);
      expect(res.headers.get("location"), path).toBe(location);
    }
    const raw308 = await raw(app.url, "GET //evil.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(raw308).toMatch(/\r\nLocation: \/evil\.example\/\r\n/i);
    expect((await send("/about?next=//x")).status).toBe(200); // a query's slashes are the query's
  });

  it("bounds page numbers: the API refuses them, the page shows the first", async () => {
    for (const page of ["1e20", "-1", "NaN", "0", "9".repeat(300), "1.5"]) {
      expect((await send(`/api/feedback?page=${page}`)).status, page).toBe(400);
      expect((await send(`/feedback?page=${page}`)).status, page).toBe(200);
    }
    expect((await send("/api/feedback?page=2")).status).toBe(200);
  });

  it("ignores malformed cookies", async () => {
    for (const cookie of ["lomda_session=%E0%A4%A", "=;;; ;=;", "lng=%", `lomda_session=${"a".repeat(4000)}`]) {
      expect((await send("/feedback", { headers: { cookie } })).status, cookie).toBe(200);
    }
  });
});

describe("long text is judged by characters, not bytes", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app.stop());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, ...headers },
      body,
    });
  const contact = { name: "דנה", email: "dana@example.org", phone: "050-1234567" };

  it("accepts a contact message at the character limit in Hebrew, and in 4-byte characters", async () => {
    for (const message of ["ש".repeat(3500), "ש".repeat(5000), "😀".repeat(2500)]) {
      const body = new URLSearchParams({ ...contact, message, altcha: await solvedCaptcha(app.url) }).toString();
      const res = await post("/contact", body);
      expect(res.status, `${message.length} characters, ${body.length} bytes`).toBe(200);
    }
    expect(FORM_BODY_LIMIT).toBe(96_536);
  });

  it("gives a message past the limit back with a translated 'too long' and the text kept", async () => {
    const message = "ש".repeat(5001);
    const res = await post("/contact", new URLSearchParams({ ...contact, message }).toString(), { cookie: "lng=he" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("ההודעה יכולה להכיל עד 5,000 תווים.");
    expect(html).toContain(message);
  });

  it("answers a body past the byte limit with a readable 413 page", async () => {
    const res = await post("/contact", `message=${"%D7%A9".repeat(20_000)}`, { cookie: "lng=he" });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain("מה ששלחתם גדול יותר");
    expect(html).toContain('href="/contact"');
    const api = await fetch(`${app.url}/api/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ comment: "x".repeat(70_000) }),
    });
    expect(api.status).toBe(413);
  });
});

describe("redirect targets from input stay on the site", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app.stop());

  it("signed in, /signin?returnTo= never leaves the origin", async () => {
    const jar = new CookieJar();
    jar.set("lomda_session", (await createSignedInUser(app.db, "learner")).sessionId);
    for (const [returnTo, expected] of [
      ["/.//evil.example", "/"],
      ["/..//evil.example/x", "/"],
      ["/%2e//evil.example", "/"],
      ["//evil.example", "/"],
      ["/courses?x=1", "/courses?x=1"],
    ]) {
      const res = await hop(jar, `${app.url}/signin?returnTo=${encodeURIComponent(returnTo!)}`);
      expect(res.headers.get("location"), returnTo).toBe(expected);
    }
  });

  it("the newsletter's returnTo never leaves the origin", async () => {
    for (const returnTo of ["/.//evil.example", "/a/..//evil.example", "/\\evil.example"]) {
      const res = await hop(new CookieJar(), `${app.url}/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body: new URLSearchParams({ email: "nope", returnTo }).toString(),
      });
      // The answer rides in the flash cookie (read once by the page it comes back to), not in the URL.
      expect(res.headers.get("location"), returnTo).toBe("/#newsletter");
      expect(res.headers.get("set-cookie"), returnTo).toMatch(/lomda_flash=/);
    }
  });
});

describe("the feedback pages show every entry once", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app.stop());

  it("45 entries over three pages, none skipped or repeated", async () => {
    const base = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i < 45; i++) {
      await createFeedback(
        app.db,
        { name: `Entry-${String(i).padStart(2, "0")}` },
        { now: new Date(base + i * 60_000) },
      );
    }
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const html = await (await fetch(`${app.url}/feedback?page=${page}`)).text();
      // The names as rendered in the cards (the hydration payload repeats them: count each once).
      seen.push(...new Set(html.match(/Entry-\d\d/g) ?? []));
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
  });
});

describe.each(DIALECTS)("deciding a registration request on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let jar: CookieJar;
  beforeAll(async () => {
    app = await startApp({}, dialect);
    jar = new CookieJar();
    jar.set("lomda_session", (await createSignedInUser(app.db, "admin")).sessionId);
  });
  afterAll(async () => app.stop());

  const request = async (email: string) => {
    const id = randomUUID();
    await app.db
      .insertInto("registration_requests")
      .values({
        id,
        name: "Twice",
        email,
        phone: "050-1234567",
        message: "",
        locale: "en",
        created_at: new Date().toISOString(),
        status: "pending",
        handled_at: null,
        handled_by: null,
        forward_status: "none",
        forward_attempts: 0,
        forward_error: null,
      })
      .execute();
    return id;
  };
  const decide = (fields: Record<string, string>) =>
    hop(jar, `${app.url}/admin`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams(fields).toString(),
    });
  const grants = async (email: string) =>
    (await app.db.selectFrom("subscriptions").select("id").where("email", "=", email).execute()).length;

  it("grants one subscription however often, or however concurrently, it is approved", async () => {
    const id = await request("twice@example.org");
    expect((await decide({ intent: "approve", id })).status).toBe(200);
    expect((await decide({ intent: "approve", id })).status).toBe(409);
    expect((await decide({ intent: "reject", id })).status).toBe(409);
    expect(await grants("twice@example.org")).toBe(1);

    const racing = await request("race@example.org");
    const answers = await Promise.all(Array.from({ length: 4 }, () => decide({ intent: "approve", id: racing })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await grants("race@example.org")).toBe(1);
  });

  it("a rejected request stays rejected and grants nothing", async () => {
    const id = await request("rejected@example.org");
    expect((await decide({ intent: "reject", id })).status).toBe(200);
    expect((await decide({ intent: "approve", id })).status).toBe(409);
    expect(await grants("rejected@example.org")).toBe(0);
    const status = await app.db
      .selectFrom("registration_requests")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe("rejected");
  });
});
