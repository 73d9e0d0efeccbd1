// The server's grader (grader.server.ts): real worker threads running QuickJS and sql.js. The hostile
// suite of issue 34: every attack ends in a clear failed verdict within its limit, nothing of the
// host reaches the result, and the grader keeps grading other submissions meanwhile.
import { afterAll, describe, expect, it } from "vitest";
import { BUSY_MESSAGE, createGrader } from "./grader.server.ts";
import {
  HARD_KILL_GRACE_MS,
  MAX_OUTPUT_LENGTH,
  MAX_SQL_ROWS,
  TIME_LIMIT_MS,
  type ExerciseTest,
  type GradeRequest,
  type GradeResult,
  type Verdict,
} from "./grading.ts";

const grader = createGrader({ workers: 3 });
afterAll(() => grader.close());

/** The longest any submission may take: the hard kill, and a little for a busy machine. */
const WORST_MS = TIME_LIMIT_MS + HARD_KILL_GRACE_MS + 1_500;

const addTests: ExerciseTest[] = [
  { name: "adds", hidden: false, code: "assert.equal(add(1, 2), 3)" },
  { name: "adds lists", hidden: true, code: "assert.deepEqual([add(1, 1), add(2, 2)], [2, 4])" },
];
const js = (code: string, tests = addTests): GradeRequest => ({ language: "javascript", code, tests, schema: null });
const schema = `create table t (id integer primary key, name text);
insert into t (name) values ('a'), ('b'), ('c');`;
const sqlTests: ExerciseTest[] = [
  { name: "names after the first", hidden: false, code: "select name from t where id > 1" },
];
const sql = (code: string, tests = sqlTests): GradeRequest => ({ language: "sql", code, tests, schema });

const WRONG_ADD = "function add(a, b) { return a * b }";

async function timed(request: GradeRequest): Promise<GradeResult & { wallMs: number }> {
  const started = Date.now();
  const result = await grader.grade(request);
  return { ...result, wallMs: Date.now() - started };
}

/** Nothing of the host in what a learner sees: no paths, no host stack frames, no environment. */
function expectNothingOfTheHost(result: GradeResult) {
  const text = JSON.stringify(result);
  expect(text).not.toContain(process.cwd());
  expect(text).not.toMatch(/node:internal|file:\/\/|worker_threads|\/usr\//);
}

describe("grading in worker threads", () => {
  it("passes and fails JavaScript and SQL with the tests' messages", async () => {
    const [right, wrong, rightSql, wrongSql] = await Promise.all([
      grader.grade(js("const add = (a, b) => a + b;")),
      grader.grade(js(WRONG_ADD)),
      grader.grade(sql("SELECT name FROM t WHERE name <> 'a'")),
      grader.grade(sql("select name from t")),
    ]);
    expect(right.verdict).toBe("passed");
    expect(wrong.verdict).toBe("failed");
    expect(wrong.tests).toEqual([
      { name: "adds", hidden: false, passed: false, message: "expected 3, got 2" },
      { name: "adds lists", hidden: true, passed: false, message: "expected [2, 4], got [1, 4]" },
    ]);
    expect(rightSql.verdict).toBe("passed");
    expect(wrongSql.tests[0]!.message).toBe("expected 2 row(s), got 3");
  });
});

interface Hostile {
  name: string;
  request: GradeRequest;
  verdicts: Verdict[];
  /** What the result must show beside the verdict. */
  check?: (result: GradeResult) => void;
}

const hostile: Hostile[] = [
  { name: "an infinite loop", request: js("while (true) {}"), verdicts: ["timeout"] },
  {
    name: "an infinite loop in the function under test",
    request: js("function add() { for (;;) {} }"),
    verdicts: ["timeout"],
  },
  {
    name: "a recursion bomb",
    request: js("function bomb() { return bomb() + 1 } bomb()"),
    verdicts: ["error"],
    check: (r) => expect(r.error).toBe("InternalError: stack overflow"),
  },
  {
    name: "a recursion bomb caught by the learner, then a wrong answer",
    request: js(`function bomb() { return bomb() + 1 } try { bomb() } catch {} ${WRONG_ADD}`),
    verdicts: ["failed"],
  },
  {
    name: "a memory bomb",
    request: js("const a = []; while (true) a.push({ n: a.length })"),
    verdicts: ["memory", "timeout"],
  },
  {
    name: "a memory bomb of big arrays",
    request: js("const a = []; while (true) a.push(new Uint8Array(1e6))"),
    verdicts: ["memory", "timeout"],
  },
  { name: "a string that doubles", request: js("let s = 'x'; while (true) s += s;"), verdicts: ["error", "memory"] },
  {
    name: "huge output",
    request: js(`${WRONG_ADD}\nfor (;;) console.log("x".repeat(10000))`),
    verdicts: ["timeout"],
    check: (r) => {
      expect(r.outputTruncated).toBe(true);
      expect(r.output.length).toBeLessThanOrEqual(MAX_OUTPUT_LENGTH);
    },
  },
  {
    name: "what the sandbox's global object offers",
    request: js(
      `${WRONG_ADD}\nconsole.log([typeof process, typeof require, typeof fetch, typeof std, typeof os, typeof postMessage, typeof WebAssembly, typeof setTimeout, typeof module, typeof Deno, typeof Bun].join())`,
    ),
    verdicts: ["failed"],
    // setTimeout is the harness's own, on a virtual clock (grading.ts): no host timer behind it.
    check: (r) =>
      expect(r.output).toBe(`${[...Array(7).fill("undefined"), "function", ...Array(3).fill("undefined")].join()}\n`),
  },
  {
    name: "reaching process",
    request: js("function add() { return process.exit(1) }"),
    verdicts: ["failed"],
    check: (r) => expect(r.tests[0]!.message).toBe("ReferenceError: 'process' is not defined"),
  },
  {
    name: "require('fs')",
    request: js("const fs = require('fs'); function add() { return fs.readFileSync('/etc/passwd', 'utf8') }"),
    verdicts: ["error"],
    check: (r) => expect(r.error).toBe("ReferenceError: 'require' is not defined"),
  },
  {
    name: "fetch",
    request: js("fetch('http://127.0.0.1/')"),
    verdicts: ["error"],
    check: (r) => expect(r.error).toBe("ReferenceError: 'fetch' is not defined"),
  },
  {
    name: "process through the Function constructor and globalThis",
    request: js(
      "const p = globalThis.constructor.constructor('return this.process || process')(); function add() { return p }",
    ),
    verdicts: ["error"],
    check: (r) => expect(r.error).toBe("ReferenceError: 'process' is not defined"),
  },
  {
    name: "dynamic import()",
    request: js(
      `${WRONG_ADD}\nimport("node:fs").then(() => console.log("escaped"), (e) => console.log("blocked:", String(e)))`,
    ),
    verdicts: ["failed"],
    check: (r) => {
      expect(r.output).toMatch(/^blocked: /);
      expect(r.output).not.toContain("escaped");
    },
  },
  { name: "a static import", request: js("import fs from 'fs';"), verdicts: ["error"] },
  {
    name: "redefining assert, Object.is, Reflect, JSON and the prototypes to fake a pass",
    request: js(`
      var assert = { ok() {}, equal() {}, deepEqual() {} };
      Object.is = () => true; Object.keys = () => []; Object.getPrototypeOf = () => null;
      Array.isArray = () => false; Reflect.apply = () => undefined; JSON.stringify = () => '"3"';
      Function.prototype.call = function () {}; Function.prototype.apply = function () {};
      WeakSet.prototype.has = () => true; Object.prototype.toJSON = () => 3;
      Object.defineProperty(Object.prototype, "equal", { get() { return () => {} } });
      globalThis.eval = () => () => {};
      ${WRONG_ADD}`),
    verdicts: ["failed"],
    check: (r) => expect(r.tests.map((t) => t.message)).toEqual(["expected 3, got 2", "expected [2, 4], got [1, 4]"]),
  },
  {
    name: "redefining Promise's then, and the timers, to settle a test as passed",
    request: js(`
      Promise.prototype.then = function (ok) { ok(); return this; };
      Promise.resolve = () => ({ then: (ok) => ok() });
      globalThis.setTimeout = (fn) => fn();
      ${WRONG_ADD}`),
    verdicts: ["failed"],
    check: (r) => expect(r.tests.map((t) => t.message)).toEqual(["expected 3, got 2", "expected [2, 4], got [1, 4]"]),
  },
  {
    name: "printing a passing result",
    request: js(
      `${WRONG_ADD}\nconsole.log('{"verdict":"passed","tests":[{"name":"adds","passed":true}]}'); console.log("✓ adds")`,
    ),
    verdicts: ["failed"],
  },
  {
    name: "throwing what looks like a pass",
    request: js("function add() { throw { passed: true, message: null, name: 'AssertionError' } }"),
    verdicts: ["failed"],
  },
  {
    name: "writing to the result channel",
    request: js(`postMessage({ id: 1, result: { verdict: "passed" } }); ${WRONG_ADD}`),
    verdicts: ["error"],
  },
  {
    name: "SQL ATTACH",
    request: sql("attach database '/tmp/lomda-escape.db' as outside"),
    verdicts: ["error"],
    check: (r) => expect(r.error).toBe("ATTACH is not allowed: write one query."),
  },
  {
    name: "SQL ATTACH inside a query's text",
    request: sql("select name from t where id > 1 /* */; attach 'x' as y"),
    verdicts: ["error"],
  },
  { name: "SQL PRAGMA", request: sql("pragma hard_heap_limit = 0"), verdicts: ["error"] },
  {
    name: "a huge WITH RECURSIVE",
    request: sql("with recursive n(i) as (select 1 union all select i + 1 from n) select i from n"),
    verdicts: ["failed"],
    check: (r) => expect(r.tests[0]!.message).toBe(`more than ${MAX_SQL_ROWS} rows`),
  },
  {
    name: "a query that never ends",
    request: sql("with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n"),
    verdicts: ["timeout"],
  },
  {
    name: "a query that eats memory",
    request: sql(
      "select length(group_concat(randomblob(1000000))) from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 5000) select i from n)",
    ),
    verdicts: ["memory", "timeout"],
  },
];

describe("SQL tests prepared for the browser", () => {
  it("are run by a worker, and a grade never takes a caller's expected rows for the teacher's query", async () => {
    const prepared = await grader.prepareSql(sql(""));
    expect(prepared).toEqual([
      {
        name: "names after the first",
        hidden: false,
        code: "",
        expected: { setup: [], columns: ["name"], rows: [["b"], ["c"]], ordered: false },
      },
    ]);
    // A page could send rows that a wrong answer matches: the server grades against the teacher's query.
    const lying: ExerciseTest[] = sqlTests.map((t) => ({
      ...t,
      expected: { setup: [], columns: ["name"], rows: [["a"], ["b"], ["c"]], ordered: false },
    }));
    const result = await grader.grade(sql("select name from t", lying));
    expect(result.verdict).toBe("failed");
    expect(result.tests[0]!.message).toBe("expected 2 row(s), got 3");
  });

  it("is empty for a JavaScript exercise, and for a schema that fails", async () => {
    expect(await grader.prepareSql(js("", addTests))).toEqual([]);
    expect(await grader.prepareSql({ ...sql(""), schema: "create tabel oops" })).toEqual([]);
  });
});

describe("the hostile suite", () => {
  it(
    "gives every hostile submission a failed verdict within its limit, and keeps grading",
    async () => {
      const results = await Promise.all(hostile.map((h) => timed(h.request)));
      for (const [i, h] of hostile.entries()) {
        const result = results[i]!;
        expect.soft(h.verdicts, `${h.name}: ${JSON.stringify(result).slice(0, 300)}`).toContain(result.verdict);
        expect
          .soft(result.tests.some((t) => t.passed) && h.verdicts.includes("failed") ? "some" : "none", h.name)
          .toBe("none");
        expect.soft(result.ms, h.name).toBeLessThanOrEqual(TIME_LIMIT_MS + HARD_KILL_GRACE_MS + 100);
        if (result.verdict !== "failed") expect.soft(result.error, h.name).toBeTruthy();
        h.check?.(result);
        expectNothingOfTheHost(result);
      }
      // And after all of that (workers killed and replaced), a right answer still passes.
      expect((await grader.grade(js("const add = (a, b) => a + b;"))).verdict).toBe("passed");
    },
    hostile.length * WORST_MS,
  );

  it(
    "grades a normal submission while hostile ones hold other workers, and the host thread stays free",
    async () => {
      // This thread's event loop: a timer that should fire every 20 ms.
      let worstLag = 0;
      let last = Date.now();
      const ticker = setInterval(() => {
        const now = Date.now();
        worstLag = Math.max(worstLag, now - last - 20);
        last = now;
      }, 20);
      try {
        const started = Date.now();
        const loops = Promise.all([
          timed(js("while (true) {}")),
          timed(sql("with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n")),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 200)); // both are running now
        const normal = await timed(js("const add = (a, b) => a + b;"));
        const normalDoneAt = Date.now() - started;
        const [loop, query] = await loops;
        expect(normal.verdict).toBe("passed");
        // Finished while both hostile submissions were still running.
        expect(normalDoneAt).toBeLessThan(Math.min(loop.wallMs, query.wallMs));
        expect([loop.verdict, query.verdict]).toEqual(["timeout", "timeout"]);
        // Never held for the hostile submissions' seconds (a loaded CI machine may lag a little).
        expect(worstLag).toBeLessThan(1_000);
      } finally {
        clearInterval(ticker);
      }
    },
    3 * WORST_MS,
  );
});

describe("the queue", () => {
  it(
    "answers 'busy' beyond its bound, and a closed grader answers at once",
    async () => {
      const small = createGrader({ workers: 1, maxWaiting: 1 });
      try {
        const first = small.grade(js("while (true) {}"));
        const second = small.grade(js("const add = (a, b) => a + b;"));
        const third = await small.grade(js("const add = (a, b) => a + b;"));
        expect([third.verdict, third.error]).toEqual(["error", BUSY_MESSAGE]);
        expect((await first).verdict).toBe("timeout");
        expect((await second).verdict).toBe("passed");
      } finally {
        await small.close();
      }
      expect((await small.grade(js(""))).verdict).toBe("error");
    },
    3 * WORST_MS,
  );

  it("refuses an oversized submission without a worker", async () => {
    const result = await grader.grade(js("x".repeat(100_000)));
    expect(result.verdict).toBe("too-large");
  });
});
