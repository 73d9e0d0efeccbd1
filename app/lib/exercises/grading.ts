// Grading an exercise (issue 34, decision 0052): the shapes, the limits and the one harness that runs a
// submission against its tests. Isomorphic on purpose: the server's worker threads
// (grader.server.ts → grading.worker.ts) and the browser's Web Worker call the same runJavaScript and
// runSql with the same engines (QuickJS and SQLite, both in WebAssembly), so a pass in one is a pass in
// the other. No Node APIs here; the engines come in as arguments, their packages as types only.
import type { QuickJSContext, QuickJSHandle, QuickJSWASMModule } from "quickjs-emscripten-core";
import type { Database, SqlJsStatic, SqlValue } from "sql.js";

export type ExerciseLanguage = "javascript" | "sql";

/**
 * One test of an exercise.
 * JavaScript: `code` runs after the learner's code, in the same global scope, with `assert` in scope
 * (`assert.ok(v, msg?)`, `assert.equal(a, b, msg?)` (Object.is), `assert.deepEqual(a, b, msg?)`); it
 * fails by throwing. It is the body of an async function, so it may `await` the learner's promises;
 * `setTimeout` runs on a virtual clock (no real waiting): when nothing else is left to run, the
 * earliest timer fires.
 * SQL: `code` is the EXPECTED query, optionally after statements that change the data first (e.g.
 * INSERTs for a hidden test's own rows): the statements run on a fresh copy of the exercise's schema,
 * then the expected query (the last statement) and the learner's query each run on it; the learner's
 * rows must equal the expected rows (see sameRows).
 */
export interface ExerciseTest {
  name: string;
  hidden: boolean;
  code: string;
  /**
   * SQL in the browser only: the teacher's statements already run on the server (prepareSqlTests), so
   * the page gets the rows to match and never the expected query, which would give the answer away.
   */
  expected?: ExpectedRows;
}

/** A SQL test's teacher side, run: the data changes first (run before the learner's query too) and the rows to match. */
export interface ExpectedRows {
  setup: string[];
  columns: string[];
  rows: (string | number | null)[][];
  ordered: boolean;
}

export interface GradeRequest {
  language: ExerciseLanguage;
  code: string;
  tests: ExerciseTest[];
  /** SQL only: the DDL and seed rows every test starts from. */
  schema: string | null;
}

export interface TestOutcome {
  name: string;
  hidden: boolean;
  passed: boolean;
  /** Why it failed (the assertion's or the comparison's message); null when it passed or did not run. */
  message: string | null;
}

export type Verdict = "passed" | "failed" | "error" | "timeout" | "memory" | "too-large";

export interface GradeResult {
  verdict: Verdict;
  tests: TestOutcome[];
  /** JavaScript: what the learner's code printed (console.*); SQL: the learner's rows as a text table. */
  output: string;
  /** The output was cut at MAX_OUTPUT_LENGTH: the page says so (in its own language). */
  outputTruncated: boolean;
  /** Why the code did not run to the end (a syntax error, an exception, a limit), in the engine's words. */
  error: string | null;
  ms: number;
}

/** Longest submission, in UTF-16 code units (String.length), both languages. */
export const MAX_CODE_LENGTH = 20_000;
/** Longest output kept, in code units; the rest is dropped and outputTruncated set. */
export const MAX_OUTPUT_LENGTH = 10_000;
/** Most tests in one exercise; longest test code. */
export const MAX_TESTS = 50;
export const MAX_TEST_CODE_LENGTH = 20_000;
/** Longest SQL schema with its seed rows. */
export const MAX_SCHEMA_LENGTH = 200_000;
/** Wall time for one whole submission (the learner's code and every test), in the engine. */
export const TIME_LIMIT_MS = 2_000;
/** After the time limit, how long the server waits before terminating the worker (SQLite cannot be interrupted). */
export const HARD_KILL_GRACE_MS = 1_000;
/** QuickJS heap for one run of the learner's code. */
export const MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;
/** QuickJS stack: a recursion bomb ends in a RangeError/InternalError, not a crash. */
export const STACK_LIMIT_BYTES = 256 * 1024;
/** SQLite heap (PRAGMA hard_heap_limit) for one database copy. */
export const SQL_HEAP_LIMIT_BYTES = 64 * 1024 * 1024;
/** Most rows a query may return (learner's or expected); more is a failed test, not a huge answer. */
export const MAX_SQL_ROWS = 1_000;
/** Longest message kept from an assertion or an exception. */
const MAX_MESSAGE_LENGTH = 500;

/** The first problem with a request's size, or null. Checked by the server before a worker sees it. */
export function tooLarge(request: GradeRequest): string | null {
  if (request.code.length > MAX_CODE_LENGTH)
    return `The code is longer than ${MAX_CODE_LENGTH} characters (${request.code.length}).`;
  if (request.tests.length > MAX_TESTS) return `More than ${MAX_TESTS} tests.`;
  if (request.tests.some((t) => t.code.length > MAX_TEST_CODE_LENGTH))
    return `A test is longer than ${MAX_TEST_CODE_LENGTH} characters.`;
  if ((request.schema?.length ?? 0) > MAX_SCHEMA_LENGTH)
    return `The schema is longer than ${MAX_SCHEMA_LENGTH} characters.`;
  return null;
}

/** A result for a request that did not run (too large, limits hit before any test, the server busy). */
export function resultWithout(
  request: Pick<GradeRequest, "tests">,
  verdict: Verdict,
  error: string,
  ms = 0,
  output = "",
  outputTruncated = false,
): GradeResult {
  return {
    verdict,
    tests: request.tests.map((t) => ({ name: t.name, hidden: t.hidden, passed: false, message: null })),
    output,
    outputTruncated,
    error,
    ms,
  };
}

/** Collects output up to MAX_OUTPUT_LENGTH. */
class Output {
  text = "";
  truncated = false;
  add(line: string) {
    if (this.truncated) return;
    const room = MAX_OUTPUT_LENGTH - this.text.length;
    const piece = `${line}\n`;
    if (piece.length > room) {
      this.text += piece.slice(0, room);
      this.truncated = true;
    } else this.text += piece;
  }
}

function clip(message: string): string {
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;
}

/**
 * The JavaScript harness: evaluated in a fresh QuickJS context BEFORE the learner's code, it keeps its
 * own references to the built-ins it uses, so nothing the learner redefines afterwards (assert,
 * console, Object.prototype, Reflect, JSON, Function.prototype.call…) changes how a test is judged.
 * It hands the host functions, never placed on the global object: describe(thrown) turns what
 * the learner's code (evaluated by the host as a global script, so its const and class declarations
 * are globals the tests see) threw into a string; test(source) wraps a test's code in
 * `async function (assert) {…}` and starts it; running() says whether it is still waiting, and
 * outcome() gives null when it went well or what was thrown as a string; tick() fires the earliest
 * timer (0: none left, 1: fired, a string: what its callback threw). The host runs the promise jobs
 * and the timers between calls. Only primitives cross to the host, so no learner object (a lying
 * toJSON, a getter) is ever read there.
 * A test passes only when the host gets null back from outcome(); what the code prints goes to a
 * separate channel (print) and cannot pass a test.
 */
export const JAVASCRIPT_HARNESS = String.raw`(function (print) {
  "use strict";
  const globalEval = eval;
  const ObjectCtor = Object, ReflectObj = Reflect, ArrayCtor = Array, StringCtor = String;
  const is = ObjectCtor.is, objectKeys = ObjectCtor.keys, getPrototypeOf = ObjectCtor.getPrototypeOf;
  const freeze = ObjectCtor.freeze, create = ObjectCtor.create, defineProperty = ObjectCtor.defineProperty;
  const isArray = ArrayCtor.isArray, apply = ReflectObj.apply, jsonStringify = JSON.stringify;
  const ObjectProto = ObjectCtor.prototype, DateProto = Date.prototype, getTime = DateProto.getTime;
  const hasOwn = ObjectCtor.prototype.hasOwnProperty;
  const failures = new WeakSet(), weakAdd = WeakSet.prototype.add, weakHas = WeakSet.prototype.has;
  const promiseThen = Promise.prototype.then, splice = ArrayCtor.prototype.splice, NumberCtor = Number;
  const LIMIT = 200;

  function inspect(value, depth) {
    const type = typeof value;
    if (type === "string") return apply(jsonStringify, undefined, [value]);
    if (type === "number") return is(value, -0) ? "-0" : StringCtor(value);
    if (type === "bigint") return StringCtor(value) + "n";
    if (type === "undefined" || type === "boolean" || value === null) return StringCtor(value);
    if (type === "symbol") return "Symbol()";
    if (type === "function") return "[Function]";
    if (depth > 2) return isArray(value) ? "[…]" : "{…}";
    let text = "";
    if (isArray(value)) {
      text = "[";
      for (let i = 0; i < value.length; i++) {
        if (text.length > LIMIT) return text + "…]";
        text += (i ? ", " : "") + inspect(value[i], depth + 1);
      }
      return text + "]";
    }
    if (getPrototypeOf(value) === DateProto) return "Date(" + StringCtor(apply(getTime, value, [])) + ")";
    const keys = objectKeys(value);
    text = "{";
    for (let i = 0; i < keys.length; i++) {
      if (text.length > LIMIT) return text + "…}";
      text += (i ? ", " : "") + keys[i] + ": " + inspect(value[keys[i]], depth + 1);
    }
    return text + "}";
  }

  function show(value) {
    const text = inspect(value, 0);
    return text.length > LIMIT ? text.slice(0, LIMIT) + "…" : text;
  }

  function deepEqual(a, b, depth) {
    if (is(a, b)) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    if (depth > 100) return false;
    if (isArray(a) !== isArray(b)) return false;
    if (isArray(a)) {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i], depth + 1)) return false;
      return true;
    }
    const protoA = getPrototypeOf(a), protoB = getPrototypeOf(b);
    if (protoA !== protoB) return false;
    if (protoA === DateProto) return is(apply(getTime, a, []), apply(getTime, b, []));
    if (protoA !== ObjectProto && protoA !== null) return false;
    const keysA = objectKeys(a), keysB = objectKeys(b);
    if (keysA.length !== keysB.length) return false;
    for (let i = 0; i < keysA.length; i++) {
      const key = keysA[i];
      if (!apply(hasOwn, b, [key]) || !deepEqual(a[key], b[key], depth + 1)) return false;
    }
    return true;
  }

  function fail(message, fallback) {
    const error = create(null);
    error.message = message === undefined ? fallback() : StringCtor(message);
    apply(weakAdd, failures, [error]);
    throw error;
  }

  const assert = freeze(create(null, {
    ok: { value: freeze(function ok(value, message) {
      if (!value) fail(message, () => "expected a truthy value, got " + show(value));
    }) },
    equal: { value: freeze(function equal(actual, expected, message) {
      if (!is(actual, expected)) fail(message, () => "expected " + show(expected) + ", got " + show(actual));
    }) },
    deepEqual: { value: freeze(function deepEqual_(actual, expected, message) {
      if (!deepEqual(actual, expected, 0)) fail(message, () => "expected " + show(expected) + ", got " + show(actual));
    }) },
  }));

  function describe(thrown) {
    if (typeof thrown === "object" && thrown !== null && apply(weakHas, failures, [thrown])) return thrown.message;
    try {
      if (typeof thrown === "object" && thrown !== null) {
        const name = thrown.name, message = thrown.message;
        if (typeof message === "string") return (typeof name === "string" ? name + ": " : "") + message;
      }
      return "threw " + show(thrown);
    } catch (e) {
      return "threw a value that cannot be shown";
    }
  }

  function format(args) {
    let line = "";
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      line += (i ? " " : "") + (typeof arg === "string" ? arg : show(arg));
    }
    return line;
  }
  const log = print ? function () { print(format(arguments)); } : function () {};
  defineProperty(globalThis, "console", {
    value: freeze({ log: log, info: log, warn: log, error: log, debug: log }),
    writable: true, configurable: true, enumerable: false,
  });

  // Timers on a virtual clock: the host fires the earliest when nothing else is left to run.
  const timers = [];
  let clock = 0, lastTimer = 0;
  function setTimeout(fn, delay) {
    if (typeof fn !== "function") throw new TypeError("setTimeout needs a function");
    const args = [];
    for (let i = 2; i < arguments.length; i++) args[args.length] = arguments[i];
    const ms = NumberCtor(delay);
    const timer = create(null);
    timer.id = ++lastTimer;
    timer.at = clock + (ms > 0 ? ms : 0);
    timer.fn = fn;
    timer.args = args;
    timers[timers.length] = timer;
    return timer.id;
  }
  function clearTimeout(id) {
    for (let i = 0; i < timers.length; i++)
      if (timers[i].id === id) {
        apply(splice, timers, [i, 1]);
        return;
      }
  }
  for (const [name, value] of [["setTimeout", setTimeout], ["clearTimeout", clearTimeout]])
    defineProperty(globalThis, name, { value: freeze(value), writable: true, configurable: true, enumerable: false });
  function tick() {
    if (timers.length === 0) return 0;
    let next = 0;
    for (let i = 1; i < timers.length; i++)
      if (timers[i].at < timers[next].at || (timers[i].at === timers[next].at && timers[i].id < timers[next].id))
        next = i;
    const timer = timers[next];
    apply(splice, timers, [next, 1]);
    clock = timer.at;
    try {
      apply(timer.fn, undefined, timer.args);
      return 1;
    } catch (e) {
      return describe(e);
    }
  }

  // The running test's result: undefined while it waits, then null (passed) or what it threw.
  let result;
  function test(source) {
    result = undefined;
    let promise;
    try {
      const fn = globalEval("(async function (assert) {\"use strict\";\n" + source + "\n})");
      promise = apply(fn, undefined, [assert]);
    } catch (e) {
      result = describe(e);
      return;
    }
    apply(promiseThen, promise, [
      function () { result = null; },
      function (e) { result = describe(e); },
    ]);
  }
  function running() { return result === undefined; }
  function outcome() { return result; }
  return [describe, test, running, outcome, tick];
})`;

type Stop = "timeout" | "memory" | null;

/**
 * Engines that leaked a runtime (see Sandbox.dispose) or aborted: the caller replaces them before the
 * next submission (the server retires the worker thread; the browser's Worker is started afresh).
 */
const spentEngines = new WeakSet<QuickJSWASMModule>();

/** Whether this QuickJS module should be replaced before it grades again. */
export function engineSpent(quickjs: QuickJSWASMModule): boolean {
  return spentEngines.has(quickjs);
}

/** One fresh runtime and context with the harness loaded; the handles the host keeps. */
interface Sandbox {
  context: QuickJSContext;
  describe: QuickJSHandle;
  test: QuickJSHandle;
  running: QuickJSHandle;
  outcome: QuickJSHandle;
  tick: QuickJSHandle;
  stopped: () => Stop;
  /** Set after a stack overflow or a limit: QuickJS may have left objects it cannot free. */
  dirty: boolean;
  dispose: () => void;
}

function newSandbox(quickjs: QuickJSWASMModule, deadline: number, output: Output | null): Sandbox {
  let timedOut = false;
  const runtime = quickjs.newRuntime({
    memoryLimitBytes: MEMORY_LIMIT_BYTES,
    maxStackSizeBytes: STACK_LIMIT_BYTES,
    interruptHandler: () => {
      if (Date.now() > deadline) timedOut = true;
      return timedOut;
    },
  });
  const context = runtime.newContext();
  // Only the first run's output is kept: the tests' runs print nowhere (console.* does nothing there).
  const print = output
    ? context.newFunction("print", (line) => {
        if (context.typeof(line) === "string") output.add(context.getString(line));
      })
    : context.undefined;
  const harness = context.evalCode(JAVASCRIPT_HARNESS, "harness.js").unwrap();
  const pair = context.callFunction(harness, context.undefined, print).unwrap();
  const [describe, test, running, outcome, tick] = [0, 1, 2, 3, 4].map((i) => context.getProp(pair, i)) as [
    QuickJSHandle,
    QuickJSHandle,
    QuickJSHandle,
    QuickJSHandle,
    QuickJSHandle,
  ];
  for (const handle of [pair, harness, print]) handle.dispose();
  const sandbox: Sandbox = {
    context,
    describe,
    test,
    running,
    outcome,
    tick,
    stopped: () => (timedOut ? "timeout" : null),
    dirty: false,
    dispose: () => {
      // QuickJS asserts that a freed runtime holds no objects, and after a stack overflow or an
      // out-of-memory it may still hold some: the assertion would abort the whole module. Such a
      // runtime is left as it is (its memory goes with the module) and the module marked spent.
      if (sandbox.dirty) {
        spentEngines.add(quickjs);
        return;
      }
      try {
        for (const handle of [describe, test, running, outcome, tick]) handle.dispose();
        context.dispose();
        runtime.dispose();
      } catch (error) {
        spentEngines.add(quickjs);
        throw error;
      }
    },
  };
  return sandbox;
}

interface Ran {
  stop: Stop;
  message: string | null;
}

/** The harness's answer (null, or a string saying what was thrown), or the limit that stopped it. */
function answer(sandbox: Sandbox, result: ReturnType<QuickJSContext["callFunction"]>): Ran {
  const { context } = sandbox;
  if (result.error) {
    // Uncatchable (the interrupt) or thrown by the harness itself (out of memory while describing).
    const stop = sandbox.stopped() ?? "memory";
    result.error.dispose();
    sandbox.dirty = true;
    return { stop, message: null };
  }
  const value = result.value;
  const message = context.typeof(value) === "string" ? context.getString(value) : null;
  value.dispose();
  if (sandbox.stopped()) {
    sandbox.dirty = true;
    return { stop: "timeout", message: null };
  }
  if (message !== null && /out of memory/i.test(message)) {
    sandbox.dirty = true;
    return { stop: "memory", message: null };
  }
  if (message !== null && /stack|recursion/i.test(message)) sandbox.dirty = true;
  return { stop: null, message: message === null ? null : clip(message) };
}

/** Evaluates the learner's code as a global script; what it threw is described by the harness. */
function runCode(sandbox: Sandbox, code: string): Ran {
  const { context } = sandbox;
  const result = context.evalCode(code, "solution.js", { type: "global" });
  if (!result.error) {
    result.value.dispose();
    if (sandbox.stopped()) {
      sandbox.dirty = true;
      return { stop: "timeout", message: null };
    }
    return { stop: null, message: null };
  }
  if (sandbox.stopped()) {
    result.error.dispose();
    sandbox.dirty = true;
    return { stop: "timeout", message: null };
  }
  const described = context.callFunction(sandbox.describe, context.undefined, result.error);
  result.error.dispose();
  return answer(sandbox, described);
}

/**
 * Runs what is left to run: the promise jobs, then the earliest timer, again and again, until `done`
 * says to stop, nothing is left, or a limit stops it. A timer's callback that throws ends it with
 * what it threw.
 */
function drain(sandbox: Sandbox, done: () => boolean): Ran {
  const { context } = sandbox;
  for (;;) {
    const jobs = context.runtime.executePendingJobs();
    if (jobs.error) {
      // A job threw past the harness: the interrupt, or out of memory.
      jobs.error.dispose();
      sandbox.dirty = true;
      return { stop: sandbox.stopped() ?? "memory", message: null };
    }
    if (sandbox.stopped()) {
      sandbox.dirty = true;
      return { stop: "timeout", message: null };
    }
    if (done()) return { stop: null, message: null };
    const fired = context.callFunction(sandbox.tick, context.undefined);
    if (fired.error) return answer(sandbox, fired);
    const kind = context.typeof(fired.value);
    if (kind === "string") return answer(sandbox, fired);
    const any = context.getNumber(fired.value) === 1;
    fired.value.dispose();
    if (!any) return { stop: null, message: null };
  }
}

/** Whether the harness's running test still waits (a promise not settled yet). */
function testRunning(sandbox: Sandbox): boolean {
  const { context } = sandbox;
  const result = context.callFunction(sandbox.running, context.undefined);
  if (result.error) {
    result.error.dispose();
    return false;
  }
  const running = context.dump(result.value) === true;
  result.value.dispose();
  return running;
}

/** Runs one test's code through the harness, and its awaits and timers to their end. */
function runTest(sandbox: Sandbox, source: string): Ran {
  const { context } = sandbox;
  const arg = context.newString(source);
  const started = context.callFunction(sandbox.test, context.undefined, arg);
  arg.dispose();
  if (started.error) return answer(sandbox, started);
  started.value.dispose();
  const drained = drain(sandbox, () => !testRunning(sandbox));
  if (drained.stop) return drained;
  if (testRunning(sandbox))
    return {
      stop: null,
      message: drained.message ?? "The test never finished: it awaits a promise that never settles.",
    };
  return answer(sandbox, context.callFunction(sandbox.outcome, context.undefined));
}

/** The result of a run stopped from outside (its worker terminated) at the time limit. */
export function timedOut(request: Pick<GradeRequest, "tests">, ms: number): GradeResult {
  return resultWithout(request, "timeout", limitMessage("timeout"), ms);
}

function limitMessage(stop: "timeout" | "memory"): string {
  return stop === "timeout"
    ? `Stopped after ${TIME_LIMIT_MS} ms: the time limit (an endless loop?).`
    : `Stopped: more than ${MEMORY_LIMIT_BYTES / 1024 / 1024} MB of memory.`;
}

/**
 * Grades a JavaScript submission in QuickJS. The learner's code runs once on its own (its output is
 * what the page shows), then once more before each test in a fresh runtime, so tests cannot see one
 * another's leftovers. One deadline covers all of it; the first limit hit ends the grading.
 * Synchronous: the caller is a worker that can be terminated if even this does not return.
 */
export function runJavaScript(quickjs: QuickJSWASMModule, request: GradeRequest, now = Date.now): GradeResult {
  const started = now();
  const large = tooLarge(request);
  if (large) return resultWithout(request, "too-large", large);
  const deadline = started + TIME_LIMIT_MS;
  const output = new Output();
  const finish = (verdict: Verdict, tests: TestOutcome[], error: string | null): GradeResult => ({
    verdict,
    tests,
    output: output.text,
    outputTruncated: output.truncated,
    error,
    ms: now() - started,
  });

  // Loading the harness itself can meet the deadline (a previous run ended just before it).
  const open = (out: Output | null): Sandbox | null => {
    try {
      return newSandbox(quickjs, deadline, out);
    } catch (error) {
      if (now() > deadline) return null;
      throw error;
    }
  };
  const first = open(output);
  if (!first) return finish("timeout", notRun(request), limitMessage("timeout"));
  let ran: Ran;
  try {
    ran = runCode(first, request.code);
    // Promise callbacks and timers the code queued (console.log in a .then) run now, under the same deadline.
    if (!ran.stop && !ran.message) ran = drain(first, () => false);
  } finally {
    first.dispose();
  }
  if (ran.stop) return finish(ran.stop, notRun(request), limitMessage(ran.stop));
  if (ran.message) return finish("error", notRun(request), ran.message);

  const outcomes: TestOutcome[] = [];
  for (const [index, test] of request.tests.entries()) {
    if (now() > deadline) {
      const rest = request.tests.slice(index).map((t) => outcome(t, false, null));
      return finish("timeout", [...outcomes, ...rest], limitMessage("timeout"));
    }
    const sandbox = open(null);
    if (!sandbox) {
      const rest = request.tests.slice(index).map((t) => outcome(t, false, null));
      return finish("timeout", [...outcomes, ...rest], limitMessage("timeout"));
    }
    let result: Ran;
    try {
      result = runCode(sandbox, request.code);
      if (!result.stop && !result.message) result = runTest(sandbox, test.code);
    } finally {
      sandbox.dispose();
    }
    if (result.stop) {
      const rest = request.tests.slice(index).map((t) => outcome(t, false, null));
      return finish(result.stop, [...outcomes, ...rest], limitMessage(result.stop));
    }
    outcomes.push(outcome(test, result.message === null, result.message));
  }
  return finish(outcomes.every((o) => o.passed) ? "passed" : "failed", outcomes, null);
}

function outcome(test: ExerciseTest, passed: boolean, message: string | null): TestOutcome {
  return { name: test.name, hidden: test.hidden, passed, message };
}

function notRun(request: Pick<GradeRequest, "tests">): TestOutcome[] {
  return request.tests.map((t) => outcome(t, false, null));
}

// ---------------------------------------------------------------------------------------------------
// SQL

/** Words a learner's query may not contain (outside strings and quoted names): nothing but a query. */
const FORBIDDEN_SQL = /^(attach|detach|pragma|vacuum)$/i;

/** The SQL's words and punctuation, without comments, string literals and quoted names. */
export function sqlTokens(sql: string): string[] {
  const tokens: string[] = [];
  const pattern =
    /--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?|\[[^\]]*\]?|[A-Za-z_][A-Za-z0-9_$]*|[0-9.]+|\S/g;
  for (const match of sql.matchAll(pattern)) {
    const token = match[0];
    if (token.startsWith("--") || token.startsWith("/*")) continue;
    if (/^['"`[]/.test(token)) tokens.push("?");
    else tokens.push(token);
  }
  return tokens;
}

/** Whether a query's own rows are ordered: an ORDER BY outside every parenthesis. */
export function hasTopLevelOrderBy(sql: string): boolean {
  let depth = 0;
  const tokens = sqlTokens(sql);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === "(") depth++;
    else if (token === ")") depth--;
    else if (depth === 0 && /^order$/i.test(token) && /^by$/i.test(tokens[i + 1] ?? "")) return true;
  }
  return false;
}

interface Rows {
  columns: string[];
  rows: SqlValue[][];
}

class TooManyRows extends Error {}
class TimeUp extends Error {}

/** A query's rows, at most MAX_SQL_ROWS, the deadline looked at between rows. */
function query(db: Database, sql: string, pastDeadline: () => boolean): Rows {
  const statement = db.prepare(sql);
  try {
    const rows: SqlValue[][] = [];
    while (statement.step()) {
      if (pastDeadline()) throw new TimeUp();
      if (rows.length >= MAX_SQL_ROWS) throw new TooManyRows(`more than ${MAX_SQL_ROWS} rows`);
      rows.push(statement.get());
    }
    return { columns: statement.getColumnNames(), rows };
  } finally {
    statement.free();
  }
}

/** The statements of a piece of SQL, as text (SQLite splits them, so no string or comment fools it). */
function statements(db: Database, sql: string): string[] {
  const texts: string[] = [];
  for (const statement of db.iterateStatements(sql)) {
    texts.push(statement.getSQL());
    statement.free();
  }
  return texts;
}

function showValue(value: SqlValue): string {
  if (value === null) return "NULL";
  if (value instanceof Uint8Array) return `x'${Array.from(value, (b) => b.toString(16).padStart(2, "0")).join("")}'`;
  if (typeof value === "string") return `'${value}'`;
  return String(value);
}

function sameValue(a: SqlValue, b: SqlValue): boolean {
  if (a instanceof Uint8Array && b instanceof Uint8Array)
    return a.length === b.length && a.every((byte, i) => byte === b[i]);
  return Object.is(a, b) || (typeof a === "number" && a === b);
}

function rowKey(row: SqlValue[]): string {
  return JSON.stringify(row.map((v) => (v instanceof Uint8Array ? { blob: Array.from(v) } : v)));
}

/**
 * The rule (decision 0052): the learner's rows equal the expected rows when they have the same number
 * of columns (matched by position; names do not matter) and the same rows, each value equal as SQLite
 * returns it (integers and reals as numbers, so 2 = 2.0; text; blobs byte for byte; NULL = NULL). The
 * order of the rows matters only when the expected query has a top-level ORDER BY; otherwise both
 * lists are compared sorted.
 * Returns null when equal, else what differs.
 */
export function sameRows(expected: Rows, actual: Rows, ordered: boolean): string | null {
  if (expected.columns.length !== actual.columns.length)
    return `expected ${expected.columns.length} column(s), got ${actual.columns.length}`;
  if (expected.rows.length !== actual.rows.length)
    return `expected ${expected.rows.length} row(s), got ${actual.rows.length}`;
  const sort = (rows: SqlValue[][]) =>
    ordered ? rows : [...rows].sort((a, b) => (rowKey(a) < rowKey(b) ? -1 : rowKey(a) > rowKey(b) ? 1 : 0));
  const want = sort(expected.rows);
  const got = sort(actual.rows);
  for (let r = 0; r < want.length; r++) {
    for (let c = 0; c < want[r]!.length; c++) {
      const w = want[r]![c]!;
      const g = got[r]![c]!;
      if (!sameValue(w, g))
        return ordered
          ? `row ${r + 1}, column ${c + 1}: expected ${showValue(w)}, got ${showValue(g)}`
          : `expected a row (${want[r]!.map(showValue).join(", ")}), which is missing`;
    }
  }
  return null;
}

function table(rows: Rows): string {
  const lines = [rows.columns.join(" | ")];
  for (const row of rows.rows) lines.push(row.map(showValue).join(" | "));
  return lines.join("\n");
}

function sqlError(error: unknown): string {
  return clip(error instanceof Error ? error.message : String(error));
}

function isMemoryError(error: unknown): boolean {
  return error instanceof Error && /out of memory|heap limit/i.test(error.message);
}

/** A test's teacher statements on a fresh copy: any changes first, the expected query last. */
function teacherRows(copy: Database, code: string, pastDeadline: () => boolean): Omit<ExpectedRows, "rows"> & Rows {
  const teacher = statements(copy, code);
  const setup = teacher.slice(0, -1);
  for (const statement of setup) copy.exec(statement);
  const expectedSql = teacher.at(-1) ?? "";
  const { columns, rows } = query(copy, expectedSql, pastDeadline);
  return { setup, columns, rows, ordered: hasTopLevelOrderBy(expectedSql) };
}

/**
 * The visible SQL tests as the browser's Run gets them: each teacher query already run (on the
 * server's grader), so the page holds the rows to match, not the query. A test whose own query
 * fails, or whose rows hold a blob (not plain data for the page), is left out: Submit still grades it.
 */
export function prepareSqlTests(SQL: SqlJsStatic, request: GradeRequest, now = Date.now): ExerciseTest[] {
  const deadline = now() + TIME_LIMIT_MS;
  const pastDeadline = () => now() > deadline;
  const base = new SQL.Database();
  const opened: Database[] = [base];
  try {
    base.exec(`PRAGMA hard_heap_limit=${SQL_HEAP_LIMIT_BYTES}`);
    if (request.schema) base.exec(request.schema);
    const image = base.export();
    const prepared: ExerciseTest[] = [];
    for (const test of request.tests) {
      if (test.hidden) continue;
      try {
        const copy = new SQL.Database(image);
        opened.push(copy);
        copy.exec(`PRAGMA hard_heap_limit=${SQL_HEAP_LIMIT_BYTES}`);
        const expected = teacherRows(copy, test.code, pastDeadline);
        const { rows } = expected;
        if (rows.some((row) => row.some((value) => value instanceof Uint8Array))) continue;
        prepared.push({
          name: test.name,
          hidden: false,
          code: "",
          expected: { ...expected, rows: rows as ExpectedRows["rows"] },
        });
      } catch (error) {
        if (error instanceof TimeUp) break;
      }
    }
    return prepared;
  } catch {
    return [];
  } finally {
    for (const db of opened) db.close();
  }
}

/**
 * Grades a SQL submission with sql.js. The learner's code must be one query; every test gets fresh
 * copies of the schema. A query that never ends cannot be interrupted in SQLite: the caller's worker
 * is terminated then (grader.server.ts; the browser's Worker likewise), and this function also
 * checks the deadline between rows.
 */
export function runSql(SQL: SqlJsStatic, request: GradeRequest, now = Date.now): GradeResult {
  const started = now();
  const large = tooLarge(request);
  if (large) return resultWithout(request, "too-large", large);
  const deadline = started + TIME_LIMIT_MS;
  const elapsed = () => now() - started;
  const pastDeadline = () => now() > deadline;
  const base = new SQL.Database();
  const opened: Database[] = [base];
  const fresh = (image: Uint8Array) => {
    const db = new SQL.Database(image);
    db.exec(`PRAGMA hard_heap_limit=${SQL_HEAP_LIMIT_BYTES}`);
    opened.push(db);
    return db;
  };
  try {
    base.exec(`PRAGMA hard_heap_limit=${SQL_HEAP_LIMIT_BYTES}`);
    try {
      if (request.schema) base.exec(request.schema);
    } catch (error) {
      return resultWithout(request, "error", `The exercise's schema failed: ${sqlError(error)}`, elapsed());
    }
    const image = base.export();

    const learner = request.code.trim();
    const forbidden = sqlTokens(learner).find((t) => FORBIDDEN_SQL.test(t));
    if (forbidden)
      return resultWithout(request, "error", `${forbidden.toUpperCase()} is not allowed: write one query.`, elapsed());
    const parts = (() => {
      try {
        return statements(base, learner);
      } catch (error) {
        return sqlError(error);
      }
    })();
    if (typeof parts === "string") return resultWithout(request, "error", parts, elapsed());
    if (parts.length !== 1)
      return resultWithout(request, "error", "Write exactly one query (one statement).", elapsed());

    let output = "";
    let outputTruncated = false;
    const outcomes: TestOutcome[] = [];
    for (const [index, test] of request.tests.entries()) {
      if (now() > deadline) {
        const rest = request.tests.slice(index).map((t) => outcome(t, false, null));
        return {
          ...resultWithout(request, "timeout", limitMessage("timeout"), elapsed()),
          tests: [...outcomes, ...rest],
        };
      }
      let expected: Omit<ExpectedRows, "rows"> & Rows;
      try {
        expected = test.expected ?? teacherRows(fresh(image), test.code, pastDeadline);
      } catch (error) {
        if (error instanceof TimeUp) throw error;
        outcomes.push(outcome(test, false, `The test's own query failed: ${sqlError(error)}`));
        continue;
      }
      let actual: Rows;
      try {
        const copy = fresh(image);
        for (const statement of expected.setup) copy.exec(statement);
        actual = query(copy, learner, pastDeadline);
      } catch (error) {
        if (error instanceof TimeUp) throw error;
        if (isMemoryError(error))
          return {
            ...resultWithout(request, "memory", "Stopped: the query used too much memory.", elapsed()),
            tests: [...outcomes, ...notRun({ tests: request.tests.slice(index) })],
          };
        if (index === 0 && !(error instanceof TooManyRows))
          return resultWithout(request, "error", sqlError(error), elapsed());
        outcomes.push(outcome(test, false, sqlError(error)));
        continue;
      }
      if (index === 0) {
        const text = table(actual);
        outputTruncated = text.length > MAX_OUTPUT_LENGTH;
        output = outputTruncated ? text.slice(0, MAX_OUTPUT_LENGTH) : text;
      }
      const difference = sameRows(expected, actual, expected.ordered);
      outcomes.push(outcome(test, difference === null, difference));
    }
    return {
      verdict: outcomes.every((o) => o.passed) ? "passed" : "failed",
      tests: outcomes,
      output,
      outputTruncated,
      error: null,
      ms: elapsed(),
    };
  } catch (error) {
    if (error instanceof TimeUp) return resultWithout(request, "timeout", limitMessage("timeout"), elapsed());
    if (isMemoryError(error))
      return resultWithout(request, "memory", "Stopped: the query used too much memory.", elapsed());
    return resultWithout(request, "error", sqlError(error), elapsed());
  } finally {
    for (const db of opened) db.close();
  }
}
