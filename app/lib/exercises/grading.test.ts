// The shared harness (grading.ts) run in this process, as the browser's Worker will run it: passing
// and failing exercises in both languages, the messages a learner sees, and the SQL comparison rule.
import variant from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";
import initSqlJs, { type SqlJsStatic } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import {
  engineSpent,
  hasTopLevelOrderBy,
  MAX_CODE_LENGTH,
  MAX_OUTPUT_LENGTH,
  prepareSqlTests,
  runJavaScript,
  runSql,
  sameRows,
  type ExerciseTest,
  type GradeRequest,
} from "./grading.ts";

let quickjs: QuickJSWASMModule;
let SQL: SqlJsStatic;
beforeAll(async () => {
  [quickjs, SQL] = await Promise.all([newQuickJSWASMModuleFromVariant(variant), initSqlJs()]);
});

const fizzTests: ExerciseTest[] = [
  { name: "3 is Fizz", hidden: false, code: 'assert.equal(fizz(3), "Fizz")' },
  { name: "15 is FizzBuzz", hidden: false, code: 'assert.equal(fizz(15), "FizzBuzz", "15 should be FizzBuzz")' },
  {
    name: "the first five",
    hidden: true,
    code: 'assert.deepEqual([1, 2, 3, 4, 5].map(fizz), ["1", "2", "Fizz", "4", "Buzz"])',
  },
];
const js = (code: string, tests = fizzTests): GradeRequest => ({ language: "javascript", code, tests, schema: null });
const goodFizz = `function fizz(n) {
  if (n % 15 === 0) return "FizzBuzz";
  if (n % 3 === 0) return "Fizz";
  if (n % 5 === 0) return "Buzz";
  return String(n);
}
console.log("checked", fizz(15), [1, "a"], { n: 2 });`;

describe("JavaScript", () => {
  it("passes a right answer, with its console output", () => {
    const result = runJavaScript(quickjs, js(goodFizz));
    expect(result.verdict).toBe("passed");
    expect(result.tests).toEqual(
      fizzTests.map((t) => ({ name: t.name, hidden: t.hidden, passed: true, message: null })),
    );
    expect(result.output).toBe('checked FizzBuzz [1, "a"] {n: 2}\n');
    expect(result.error).toBeNull();
  });

  it("fails a wrong answer and says which test failed and why", () => {
    const result = runJavaScript(quickjs, js(goodFizz.replace('"FizzBuzz"', '"Fizz"')));
    expect(result.verdict).toBe("failed");
    expect(result.tests.map((t) => [t.passed, t.message])).toEqual([
      [true, null],
      [false, "15 should be FizzBuzz"],
      [true, null],
    ]);
    const off = runJavaScript(quickjs, js("const fizz = (n) => String(n);"));
    expect(off.tests.map((t) => t.message)).toEqual([
      'expected "Fizz", got "3"',
      "15 should be FizzBuzz",
      'expected ["1", "2", "Fizz", "4", "Buzz"], got ["1", "2", "3", "4", "5"]',
    ]);
  });

  it("reports an exception in a test, and a syntax error or a throw in the code as an error", () => {
    expect(runJavaScript(quickjs, js("function fizz(n) { return n.nope.deeper }")).tests[0]!.message).toMatch(
      /^TypeError: /,
    );
    const syntax = runJavaScript(quickjs, js("function fizz(n) { return n +* 2 }"));
    expect(syntax.verdict).toBe("error");
    expect(syntax.error).toMatch(/^SyntaxError/);
    expect(syntax.tests.every((t) => !t.passed && t.message === null)).toBe(true);
    const thrown = runJavaScript(quickjs, js('throw new RangeError("no")'));
    expect([thrown.verdict, thrown.error]).toEqual(["error", "RangeError: no"]);
  });

  it("runs each test on its own copy of the code: one test's leftovers do not reach another", () => {
    const counter = "let calls = 0; function fizz(n) { calls++; return calls === 1 ? 'Fizz' : 'no' }";
    const tests: ExerciseTest[] = [
      { name: "a", hidden: false, code: 'assert.equal(fizz(3), "Fizz")' },
      { name: "b", hidden: false, code: 'assert.equal(fizz(3), "Fizz")' },
    ];
    expect(runJavaScript(quickjs, js(counter, tests)).verdict).toBe("passed");
  });

  it("marks an engine spent once it had to keep a runtime it could not free", async () => {
    const own = await newQuickJSWASMModuleFromVariant(variant);
    expect(runJavaScript(own, js(goodFizz)).verdict).toBe("passed");
    expect(engineSpent(own)).toBe(false);
    expect(runJavaScript(own, js("while (true) {}")).verdict).toBe("timeout");
    expect(engineSpent(own)).toBe(true);
  });

  it("refuses code over the size limit without running it", () => {
    const result = runJavaScript(quickjs, js(`// ${"x".repeat(MAX_CODE_LENGTH)}`));
    expect(result.verdict).toBe("too-large");
    expect(result.output).toBe("");
  });

  it("cuts long output and says so", () => {
    const result = runJavaScript(quickjs, js(`${goodFizz}\nfor (let i = 0; i < 20000; i++) console.log("spam", i);`));
    expect(result.verdict).toBe("passed");
    expect(result.outputTruncated).toBe(true);
    expect(result.output.length).toBe(MAX_OUTPUT_LENGTH);
  });
});

describe("JavaScript: async tests and timers", () => {
  const fetchTests: ExerciseTest[] = [
    { name: "resolves to the user", hidden: false, code: 'assert.equal((await fetchName(1)), "Ada")' },
    {
      name: "rejects an unknown id",
      hidden: false,
      code: 'let message = "";\ntry { await fetchName(9); } catch (e) { message = e.message; }\nassert.equal(message, "no user 9")',
    },
  ];
  const good = `const users = { 1: "Ada" };
function fetchName(id) {
  return new Promise((resolve, reject) =>
    setTimeout(() => (id in users ? resolve(users[id]) : reject(new Error("no user " + id))), 5000),
  );
}
setTimeout(() => console.log("later"), 10);
Promise.resolve().then(() => console.log("soon"));`;

  it("awaits the learner's promises, on a virtual clock: five seconds of timers take no time", () => {
    const result = runJavaScript(quickjs, js(good, fetchTests));
    expect(result.verdict).toBe("passed");
    expect(result.output).toBe("soon\nlater\n");
    expect(result.ms).toBeLessThan(1_000);
  });

  it("fails an awaited wrong answer with its message", () => {
    const result = runJavaScript(quickjs, js(good.replace('"no user "', '"unknown "'), fetchTests));
    expect(result.verdict).toBe("failed");
    expect(result.tests.map((t) => t.message)).toEqual([null, 'expected "no user 9", got "unknown 9"']);
  });

  it("fails a test whose promise never settles, and one whose timer's callback throws", () => {
    const result = runJavaScript(
      quickjs,
      js(
        "function wait() { return new Promise(() => {}); }\nfunction boom() { setTimeout(() => { throw new RangeError('late'); }, 1); return new Promise(() => {}); }",
        [
          { name: "never", hidden: false, code: "await wait()" },
          { name: "boom", hidden: false, code: "await boom()" },
        ],
      ),
    );
    expect(result.tests.map((t) => t.message)).toEqual([
      "The test never finished: it awaits a promise that never settles.",
      "RangeError: late",
    ]);
  });

  it("stops timers that schedule each other forever at the time limit", () => {
    const result = runJavaScript(quickjs, js("function again() { setTimeout(again, 0); }\nagain();", fetchTests));
    expect(result.verdict).toBe("timeout");
  });

  it("clears a timer, and the learner's own setTimeout replaces the harness's only for the learner", () => {
    const result = runJavaScript(
      quickjs,
      js("const t = setTimeout(() => console.log('never'), 5); clearTimeout(t); globalThis.setTimeout = () => 0;", [
        { name: "cleared", hidden: false, code: "assert.ok(true)" },
      ]),
    );
    expect(result.verdict).toBe("passed");
    expect(result.output).toBe("");
  });
});

const schema = `
create table authors (id integer primary key, name text not null);
create table books (id integer primary key, author_id integer references authors(id), title text, price real);
insert into authors (name) values ('Amos'), ('Leah'), ('Dan');
insert into books (author_id, title, price) values (1, 'A', 10), (1, 'B', 12.5), (2, 'C', 7), (3, 'D', 30);`;
const sqlTests: ExerciseTest[] = [
  {
    name: "books per author",
    hidden: false,
    code: "select a.name, count(*) from authors a join books b on b.author_id = a.id group by a.name",
  },
  {
    name: "with a new author",
    hidden: true,
    code: `insert into authors (name) values ('Noa'); insert into books (author_id, title, price) values (4, 'E', 1), (4, 'F', 2);
      select a.name, count(*) from authors a join books b on b.author_id = a.id group by a.name`,
  },
];
const sql = (code: string, tests = sqlTests): GradeRequest => ({ language: "sql", code, tests, schema });

describe("SQL", () => {
  it("passes a right query in any row order, and shows its rows", () => {
    const result = runSql(
      SQL,
      sql(
        "SELECT name, COUNT(b.id) AS n FROM books b JOIN authors ON authors.id = b.author_id GROUP BY 1 ORDER BY 2 DESC",
      ),
    );
    expect(result.verdict).toBe("passed");
    expect(result.output.split("\n")[0]).toBe("name | n");
    expect(result.output).toContain("'Amos' | 2");
  });

  it("fails a query that misses the hidden test's rows, saying what is missing", () => {
    const result = runSql(
      SQL,
      sql("select a.name, count(*) from authors a join books b on b.author_id = a.id where a.id < 4 group by a.name"),
    );
    expect(result.verdict).toBe("failed");
    expect(result.tests.map((t) => [t.passed, t.message])).toEqual([
      [true, null],
      [false, "expected 4 row(s), got 3"],
    ]);
  });

  it("compares the order only when the expected query has an ORDER BY of its own", () => {
    const ordered: ExerciseTest[] = [
      { name: "cheapest first", hidden: false, code: "select title from books order by price" },
    ];
    const wrong = runSql(SQL, sql("select title from books order by price desc", ordered));
    expect(wrong.tests[0]!.message).toBe("row 1, column 1: expected 'C', got 'D'");
    expect(runSql(SQL, sql("select title from books order by price", ordered)).verdict).toBe("passed");
    const unordered: ExerciseTest[] = [
      { name: "titles", hidden: false, code: "select title from (select title from books order by price)" },
    ];
    expect(runSql(SQL, sql("select title from books order by title desc", unordered)).verdict).toBe("passed");
  });

  it("stops a query at the deadline between its rows", () => {
    let clock = 0;
    const slow = () => (clock += 50); // every look at the clock: 50 ms later
    const rows = "with recursive n(i) as (select 1 union all select i + 1 from n where i < 500) select i from n";
    const result = runSql(SQL, sql(rows), slow);
    expect([result.verdict, result.error]).toEqual(["timeout", expect.stringMatching(/^Stopped after 2000 ms/)]);
  });

  it("reports a query error and refuses more than one statement", () => {
    const broken = runSql(SQL, sql("select nope from books"));
    expect([broken.verdict, broken.error]).toEqual(["error", "no such column: nope"]);
    expect(runSql(SQL, sql("select 1; select 2")).error).toBe("Write exactly one query (one statement).");
  });

  it("states the comparison rule: columns by position, numbers as numbers, NULLs and blobs", () => {
    const rows = (...r: (number | string | null | Uint8Array)[][]) => ({
      columns: r[0]!.map((_, i) => `c${i}`),
      rows: r,
    });
    expect(sameRows(rows([1, "a"]), { columns: ["x", "y"], rows: [[1, "a"]] }, false)).toBeNull();
    expect(sameRows(rows([2]), rows([2.0]), true)).toBeNull();
    expect(sameRows(rows([null]), rows([null]), true)).toBeNull();
    expect(sameRows(rows([1]), rows(["1"]), true)).toBe("row 1, column 1: expected 1, got '1'");
    expect(sameRows(rows([new Uint8Array([1, 2])]), rows([new Uint8Array([1, 2])]), true)).toBeNull();
    expect(sameRows(rows([1], [2]), rows([2], [1]), false)).toBeNull();
    expect(sameRows(rows([1], [2]), rows([2], [1]), true)).toBe("row 1, column 1: expected 1, got 2");
    expect(hasTopLevelOrderBy("select * from t -- order by x")).toBe(false);
    expect(hasTopLevelOrderBy("select 'order by' from t")).toBe(false);
    expect(hasTopLevelOrderBy("select * from (select * from t order by x)")).toBe(false);
    expect(hasTopLevelOrderBy("select * from t ORDER\n BY x")).toBe(true);
  });
});

describe("SQL in the browser: the visible tests prepared on the server", () => {
  const ordered: ExerciseTest = {
    name: "ordered with setup",
    hidden: false,
    code: "insert into authors (name) values ('Zoe'); select name from authors order by name desc",
  };
  const tests = [...sqlTests, ordered];

  it("holds the expected rows and the data changes, never the expected query, and no hidden test", () => {
    const prepared = prepareSqlTests(SQL, sql("", tests));
    expect(prepared.map((t) => t.name)).toEqual(["books per author", "ordered with setup"]);
    for (const test of prepared) {
      expect(test.code).toBe("");
      expect(test.hidden).toBe(false);
      expect(JSON.stringify(test)).not.toMatch(/select|group by/i);
    }
    expect(prepared[0]!.expected).toEqual({
      setup: [],
      columns: ["name", "count(*)"],
      rows: [
        ["Amos", 2],
        ["Dan", 1],
        ["Leah", 1],
      ],
      ordered: false,
    });
    expect(prepared[1]!.expected).toMatchObject({
      setup: ["insert into authors (name) values ('Zoe');"],
      rows: [["Zoe"], ["Leah"], ["Dan"], ["Amos"]],
      ordered: true,
    });
  });

  it("gives the same verdicts and messages with prepared tests as with the teacher's queries", () => {
    const visible = tests.filter((t) => !t.hidden);
    const prepared = prepareSqlTests(SQL, sql("", tests));
    for (const code of [
      "select a.name, count(*) from authors a join books b on b.author_id = a.id group by a.name",
      "select name, 1 from authors",
      "select name from authors order by name",
      "select name from authors order by name desc",
      "select nope from authors",
    ]) {
      const withQueries = runSql(SQL, sql(code, visible));
      const withRows = runSql(SQL, sql(code, prepared));
      expect({ ...withRows, ms: 0 }).toEqual({ ...withQueries, ms: 0 });
    }
  });

  it("leaves out a test whose own query fails, or whose rows hold a blob", () => {
    const prepared = prepareSqlTests(
      SQL,
      sql("", [
        { name: "broken", hidden: false, code: "select nope from nowhere" },
        { name: "blob", hidden: false, code: "select x'00ff'" },
        { name: "fine", hidden: false, code: "select 1" },
      ]),
    );
    expect(prepared.map((t) => t.name)).toEqual(["fine"]);
  });
});
