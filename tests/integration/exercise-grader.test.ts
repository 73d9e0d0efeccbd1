import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerFile } from "../../app/lib/exercises/grader.server.ts";
import { DIALECTS } from "../setup/databases.ts";
import { startApp } from "./harness.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * Decision 0052: the built server (what `npm start` runs) grades in build/server/grading-worker.js,
 * the worker the build emits; Vitest's source modules use grading.worker.ts beside grader.server.ts.
 */
describe("where the grading worker is", () => {
  it("is the built file for the built server, and the source file for the sources", () => {
    const built = workerFile(pathToFileURL(join(ROOT, "build/server/index.js")).href);
    expect(fileURLToPath(built)).toBe(join(ROOT, "build/server/grading-worker.js"));
    expect(fileURLToPath(workerFile())).toBe(join(ROOT, "app/lib/exercises/grading.worker.ts"));
    expect(existsSync(join(ROOT, "build/server/grading.worker.ts"))).toBe(false);
  });
});

describe.each(DIALECTS)("grading through a running app's services on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({}, dialect);
  });
  afterAll(async () => app?.stop());

  it("grades JavaScript and SQL in the built worker, and stops a loop while / still answers", async () => {
    const { grader } = app.services;
    const loop = grader.grade({
      language: "javascript",
      code: "while (true) {}",
      tests: [{ name: "never", hidden: false, code: "assert.ok(true)" }],
      schema: null,
    });
    const [js, sql, home] = await Promise.all([
      grader.grade({
        language: "javascript",
        code: "const double = (xs) => xs.map((x) => x * 2);",
        tests: [{ name: "doubles", hidden: false, code: "assert.deepEqual(double([1, 2]), [2, 4])" }],
        schema: null,
      }),
      grader.grade({
        language: "sql",
        code: "select count(*) from t",
        tests: [{ name: "counts", hidden: false, code: "select 2" }],
        schema: "create table t (x); insert into t values (1), (2);",
      }),
      fetch(`${app.url}/`),
    ]);
    expect(js.verdict).toBe("passed");
    expect(sql.verdict).toBe("passed");
    expect(home.status).toBe(200);
    expect((await loop).verdict).toBe("timeout");
  });

  it("grades a posted submission through the test-only route the benchmark uses", async () => {
    const post = (body: string) =>
      fetch(`${app.url}/__test/grade`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body,
      });
    const request = {
      language: "javascript",
      code: "const add = (a, b) => a - b;",
      tests: [{ name: "adds", hidden: false, code: "assert.equal(add(2, 2), 4)" }],
      schema: null,
    };
    const res = await post(new URLSearchParams({ request: JSON.stringify(request) }).toString());
    expect(res.status).toBe(200);
    const result = (await res.json()) as { verdict: string; tests: { message: string }[] };
    expect([result.verdict, result.tests[0]!.message]).toEqual(["failed", "expected 4, got 0"]);
    expect((await post("request=%7Bnope")).status).toBe(400);
  });
});
