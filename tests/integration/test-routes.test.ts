import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "./harness.ts";

/**
 * The test-only routes (app/routes.ts, testRoute) are in every build, since the tests run the
 * production one; a process started without LOMDA_TEST_ROUTES=1 leaves them out of its route table
 * (server/route-table.ts, decision 0035): it neither serves nor announces them.
 */
const ASSETS_DIR = resolve(import.meta.dirname, "../../build/client/assets");

describe.each(["0", "1"])("the test-only routes with LOMDA_TEST_ROUTES=%s", (flag) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({ LOMDA_TEST_ROUTES: flag });
  });
  afterAll(async () => app.stop());

  const on = flag === "1";

  it(on ? "are served" : "are the site's 404 page", async () => {
    const failure = await fetch(`${app.url}/__test/throw`);
    expect(failure.status).toBe(on ? 500 : 404);
    const session = await fetch(`${app.url}/__test/session`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: "email=admin%40lomda.test",
    });
    if (on) {
      expect(session.status).toBe(204);
      expect(session.headers.get("set-cookie")).toContain("lomda_session=");
      return;
    }
    // As any unknown address answers: the not-found page, and a post to it refused with no session.
    const unknown = await fetch(`${app.url}/no/such/page`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: "email=admin%40lomda.test",
    });
    expect(session.status).toBe(unknown.status);
    expect(session.headers.get("set-cookie")).toBeNull();
    expect(await failure.text()).toContain((await (await fetch(`${app.url}/no/such/page`)).text()).slice(0, 40));
  });

  it(on ? "are in the browser's route manifest" : "are not in the browser's route manifest", async () => {
    // The build's whole manifest file is named after its version, which /__manifest asks for.
    const version = readdirSync(ASSETS_DIR)
      .map((file) => /^manifest-([0-9a-f]+)\.js$/.exec(file)?.[1])
      .find(Boolean);
    expect(version).toBeTruthy();
    const res = await fetch(`${app.url}/__manifest?version=${version}&paths=/__test/slow-page,/about`);
    expect(res.status).toBe(200);
    const ids = Object.keys((await res.json()) as Record<string, unknown>);
    expect(ids).toContain("routes/about");
    expect(ids.some((id) => id.startsWith("test:"))).toBe(on);
  });
});
