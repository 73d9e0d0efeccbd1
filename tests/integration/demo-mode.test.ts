import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { runAccountsCommand } from "../../server/accounts-cli.ts";
import {
  authenticateIdpAccount,
  DEMO_PASSWORD,
  disableDemoAccounts,
  seedDemoAccounts,
} from "../../app/models/idp-account.server.ts";
import { spawnServer, startApp, tempDataDir } from "./harness.ts";

type App = Awaited<ReturnType<typeof startApp>>;

/** /signin → the provider → its login page; returns the jar and the login page's URL and HTML. */
async function openLoginPage(app: App) {
  const jar = new CookieJar();
  let res = await hop(jar, `${app.url}/signin`);
  res = await hop(jar, res.headers.get("location")!);
  const login = new URL(res.headers.get("location")!, app.url).href;
  expect(login).toContain("/idp/interaction/");
  const page = await hop(jar, login);
  return { jar, login, html: await page.text() };
}

/** Signs in through the real login page; the jar holds the session afterwards (or not). */
async function signIn(app: App, email: string, password: string) {
  const { jar, login } = await openLoginPage(app);
  let res = await hop(jar, login, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
    body: new URLSearchParams({ email, password }).toString(),
  });
  for (let i = 0; i < 8 && res.status >= 300 && res.status < 400 && !jar.get("lomda_session"); i++) {
    res = await hop(jar, new URL(res.headers.get("location")!, app.url).href);
  }
  return { jar, signedIn: jar.get("lomda_session") !== undefined };
}

describe("a production start without demo mode", () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ LOMDA_DEMO: "0" });
  });
  afterAll(async () => app.stop());

  it("has no demo accounts, shows no password and no banner, and says how to make the first admin", async () => {
    const { html } = await openLoginPage(app);
    expect(html).not.toContain(DEMO_PASSWORD);
    expect(html).not.toContain("admin@lomda.test");
    expect((await signIn(app, "admin@lomda.test", DEMO_PASSWORD)).signedIn).toBe(false);
    for (const path of ["/", "/register", "/?lng=he"]) {
      const page = await (await fetch(`${app.url}${path}`)).text();
      expect(page, path).not.toContain(DEMO_PASSWORD);
      expect(page, path).not.toContain('data-testid="demo-banner"');
    }
    expect(app.logs.some((l) => l.msg.includes("npm run accounts -- create"))).toBe(true);
    expect(JSON.stringify(app.logs)).not.toContain(DEMO_PASSWORD);
  });

  it("disables demo accounts an earlier demo start left in the database; demo mode enables them again", async () => {
    await seedDemoAccounts(app.db);
    expect(await authenticateIdpAccount(app.db, "admin@lomda.test", DEMO_PASSWORD)).toBeDefined();
    expect(await disableDemoAccounts(app.db)).toBe(3);
    expect(await authenticateIdpAccount(app.db, "admin@lomda.test", DEMO_PASSWORD)).toBeUndefined();
    await seedDemoAccounts(app.db);
    expect(await authenticateIdpAccount(app.db, "admin@lomda.test", DEMO_PASSWORD)).toBeDefined();
    await disableDemoAccounts(app.db);
  });

  it("the accounts command makes an admin who signs in and reaches /admin; disable ends it", async () => {
    const lines: string[] = [];
    const io = {
      out: (line: string) => lines.push(line),
      password: async () => "correct horse battery staple",
      embeddedIssuer: `${app.url}/idp`,
    };
    expect(await runAccountsCommand(app.db, ["create", "Owner@School.example", "--admin"], io)).toBe(0);
    expect(await runAccountsCommand(app.db, ["create", "teacher@school.example"], io)).toBe(0);
    expect(await runAccountsCommand(app.db, ["create", "owner@school.example"], io)).toBe(1); // exists
    expect(
      await runAccountsCommand(app.db, ["create", "short@school.example"], { ...io, password: async () => "short" }),
    ).toBe(2);
    expect(
      await runAccountsCommand(app.db, ["create", "common@school.example"], {
        ...io,
        password: async () => "qwerty123456",
      }),
    ).toBe(2);
    expect(lines.at(-1)).toContain("most common");
    expect(await runAccountsCommand(app.db, ["list"], io)).toBe(0);
    expect(lines.join("\n")).toMatch(/owner@school\.example\tadmin\tenabled/);
    expect(lines.join("\n")).toMatch(/teacher@school\.example\t-\tenabled/);
    expect(lines.join("\n")).not.toContain("short@school.example\t");
    expect(lines.join("\n")).not.toContain("common@school.example\t");
    expect(lines.join("\n")).not.toContain("correct horse");

    expect((await signIn(app, "owner@school.example", "wrong password here")).signedIn).toBe(false);
    const owner = await signIn(app, "owner@school.example", "correct horse battery staple");
    expect(owner.signedIn).toBe(true);
    expect((await hop(owner.jar, `${app.url}/admin`)).status).toBe(200);
    const teacher = await signIn(app, "teacher@school.example", "correct horse battery staple");
    expect(teacher.signedIn).toBe(true);
    expect((await hop(teacher.jar, `${app.url}/admin`)).status).toBe(403);

    expect(await runAccountsCommand(app.db, ["disable", "owner@school.example"], io)).toBe(0);
    expect((await hop(owner.jar, `${app.url}/admin`)).status).not.toBe(200); // its session ended
    expect((await signIn(app, "owner@school.example", "correct horse battery staple")).signedIn).toBe(false);
    expect(await runAccountsCommand(app.db, ["enable", "owner@school.example"], io)).toBe(0);
    expect((await signIn(app, "owner@school.example", "correct horse battery staple")).signedIn).toBe(true);
  });
});

describe("demo mode (npm start)", () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ LOMDA_DEMO: "1" });
  });
  afterAll(async () => app.stop());

  it("says so on every page, in both languages, and the demo accounts sign in", async () => {
    for (const [path, text] of [
      ["/", "Sign-in accepts demo accounts with a public password."],
      ["/courses", "Sign-in accepts demo accounts with a public password."],
      ["/?lng=he", "הכניסה מקבלת חשבונות הדגמה עם סיסמה פומבית."],
      ["/contact?lng=he", "הכניסה מקבלת חשבונות הדגמה עם סיסמה פומבית."],
    ] as const) {
      const page = await (await fetch(`${app.url}${path}`)).text();
      const banner = /<aside aria-label="([^"]+)" data-testid="demo-banner"[^>]*>(.*?)<\/aside>/s.exec(page);
      expect(banner, path).not.toBeNull();
      expect(banner![1]).toBe(path.includes("he") ? "הדגמה" : "Demo");
      expect(banner![2], path).toContain(text);
    }
    expect((await openLoginPage(app)).html).toContain(DEMO_PASSWORD);
    expect((await signIn(app, "admin@lomda.test", DEMO_PASSWORD)).signedIn).toBe(true);
  });
});

describe("npm run accounts (the real command)", () => {
  it("creates an admin from a piped password or LOMDA_ACCOUNT_PASSWORD, never printing it", async () => {
    const data = tempDataDir();
    const env = { DATA_DIR: data.dir, DATABASE_URL: `file:${data.dir}/lomda.db`, LOG_LEVEL: "warn" };
    try {
      // Piped on stdin, as a script would.
      const child = spawn(process.execPath, ["server.js", "accounts", "create", "owner@school.example", "--admin"], {
        cwd: resolve(import.meta.dirname, "../.."),
        env: { PATH: process.env.PATH ?? "", ...env },
        stdio: ["pipe", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (c: Buffer) => (out += c.toString()));
      child.stderr.on("data", (c: Buffer) => (out += c.toString()));
      child.stdin.end("a piped secret of some length\n");
      const code = await new Promise<number | null>((ok) => child.on("exit", ok));
      expect(code, out).toBe(0);
      expect(out).toContain("Created an admin account for owner@school.example");
      expect(out).not.toContain("a piped secret");

      const second = spawnServer({ ...env, LOMDA_ACCOUNT_PASSWORD: "from the environment" }, [
        "accounts",
        "create",
        "helper@school.example",
      ]);
      expect(await second.exited, second.output()).toBe(0);
      const list = spawnServer(env, ["accounts", "list"]);
      expect(await list.exited).toBe(0);
      expect(list.output()).toMatch(/owner@school\.example\tadmin\tenabled/);
      expect(list.output()).toMatch(/helper@school\.example\t-\tenabled/);
      expect(list.output() + second.output()).not.toContain("from the environment");
    } finally {
      data.cleanup();
    }
  });
});
