import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { E2E_PORT } from "../../playwright.config.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

/**
 * `npm run dev` (server/dev.ts): the Express shell with Vite in middleware mode. It runs on a copy
 * of the sources, so editing a translation here cannot disturb the other tests.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const DEV_PORT = E2E_PORT + 30;
const COPIED = [
  "app",
  "server",
  "db",
  "content",
  "public",
  "media",
  "package.json",
  "tsconfig.json",
  "vite.config.ts",
  "scripts",
  "react-router.config.ts",
];

test.describe.configure({ mode: "serial" });

let dir: string;
let dev: ChildProcess;
let output = "";

test.beforeAll(async ({ browser }) => {
  // Starting Vite cold (copying the sources, optimising dependencies) is the slow part, not the test.
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), "lomda-dev-"));
  for (const entry of COPIED) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  dev = spawn(process.execPath, ["--conditions=development", "server/dev.ts"], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(DEV_PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${DEV_PORT}`,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  dev.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${DEV_PORT}/healthz`).catch(() => null))?.status, {
      timeout: 30_000,
      message: output,
    })
    .toBe(200);
  // A cold Vite optimises the browser's dependencies on the first page load, and may redo it
  // (answering 504 to the first copies) once it has seen them all. A developer sees one reload;
  // the test waits for that here, on a page of its own, so the page under test meets a warm server.
  // Vite's reload can abort a navigation in flight (net::ERR_ABORTED); that is the warm-up doing its
  // job, so the loop carries on until two loads in a row have hydrated.
  const warmUp = await browser.newPage();
  let hydrated = 0;
  for (let load = 0; load < 6 && hydrated < 2; load++) {
    try {
      await warmUp.goto(`http://127.0.0.1:${DEV_PORT}/`);
      await warmUp.waitForLoadState("networkidle");
      await waitForHydration(warmUp);
      hydrated++;
    } catch {
      hydrated = 0;
    }
  }
  expect(hydrated, "the dev server never served two hydrated loads in a row").toBe(2);
  await warmUp.close();
});

test.afterAll(() => {
  dev?.kill("SIGTERM");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("an edited translation shows in the open page without a reload, and on the server", async ({ page }) => {
  const strings = join(dir, "app/i18n/en.ts");
  await page.goto(`http://127.0.0.1:${DEV_PORT}/`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn new skills and start your own business");
  await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));

  writeFileSync(
    strings,
    readFileSync(strings, "utf8").replace("Learn new skills and start your own business", "Learn at your own pace"),
  );

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn at your own pace", { timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  const html = await (await fetch(`http://127.0.0.1:${DEV_PORT}/`)).text();
  expect(html).toContain("Learn at your own pace");
});
