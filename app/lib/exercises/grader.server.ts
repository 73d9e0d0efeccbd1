// The server's grader (issue 34, decision 0052): a pool of worker threads, each running QuickJS and
// sql.js (grading.worker.ts), so a submission never runs on the thread that answers requests. Three
// limits stop hostile code: QuickJS's memory cap and interrupt handler inside the engine, SQLite's
// heap limit, and, the last resort, terminating the worker when a request outlives TIME_LIMIT_MS +
// HARD_KILL_GRACE_MS (an SQLite query cannot be interrupted); a fresh worker takes its place.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import {
  HARD_KILL_GRACE_MS,
  resultWithout,
  TIME_LIMIT_MS,
  tooLarge,
  type ExerciseTest,
  type GradeRequest,
  type GradeResult,
  type Verdict,
} from "./grading.ts";
import type { WorkerReply, WorkerRequest } from "./grading.worker.ts";

export interface Grader {
  grade(request: GradeRequest): Promise<GradeResult>;
  /**
   * A SQL exercise's visible tests with their teacher queries already run (the browser's Run gets
   * rows, never the expected query); [] when they cannot be run. Not for learners' code.
   */
  prepareSql(request: GradeRequest): Promise<ExerciseTest[]>;
  close(): Promise<void>;
}

export interface GraderOptions {
  /** Worker threads (default: half the CPUs, at least 1, at most 4): grading never takes every core. */
  workers?: number;
  /** When a worker is terminated: after this long on one request (default TIME_LIMIT_MS + HARD_KILL_GRACE_MS). */
  timeoutMs?: number;
  /** V8 heap of each worker (its old generation); the engines' own limits are in grading.ts. */
  memoryBytes?: number;
  /** Submissions that may wait for a worker (default 100); one more is answered "busy" at once. */
  maxWaiting?: number;
}

export const DEFAULT_WORKER_MEMORY_BYTES = 128 * 1024 * 1024;
export const DEFAULT_MAX_WAITING = 100;
export const BUSY_MESSAGE = "The grader is busy: too many submissions are waiting. Try again in a moment.";

/**
 * Where the worker's code is. Built (`npm run build`): build/server/grading-worker.js, an entry of the
 * server bundle of its own (vite.config.ts), beside index.js or one folder up from a chunk. From
 * source (Vitest, `npm run dev`): grading.worker.ts beside this file, run by Node's type stripping.
 */
export function workerFile(here = import.meta.url): URL {
  const candidates = [
    new URL("./grading-worker.js", here),
    new URL("../grading-worker.js", here),
    new URL("./grading.worker.ts", here),
  ];
  const found = candidates.find((url) => existsSync(fileURLToPath(url)));
  if (!found)
    throw new Error(`The grading worker is missing (looked for ${candidates.map((u) => u.pathname).join(", ")})`);
  return found;
}

type Job =
  | { kind: "grade"; request: GradeRequest; resolve: (result: GradeResult) => void }
  | { kind: "prepare"; request: GradeRequest; resolve: (tests: ExerciseTest[]) => void };

/** Why a job ended without the worker's answer (a limit, a crash, the pool closing). */
interface Failure {
  verdict: Verdict;
  message: string;
  ms?: number;
}

function fail(job: Job, failure: Failure) {
  if (job.kind === "grade") job.resolve(resultWithout(job.request, failure.verdict, failure.message, failure.ms));
  else job.resolve([]);
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  started: number;
}

export function createGrader(options: GraderOptions = {}): Grader {
  const size = Math.max(1, options.workers ?? Math.min(4, Math.max(1, Math.floor(availableParallelism() / 2))));
  const timeoutMs = options.timeoutMs ?? TIME_LIMIT_MS + HARD_KILL_GRACE_MS;
  const memoryMb = Math.max(16, Math.round((options.memoryBytes ?? DEFAULT_WORKER_MEMORY_BYTES) / 1024 / 1024));
  const maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
  // Looked up now, so a build without the worker fails at start rather than at the first submission.
  const file = workerFile();
  const waiting: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(file, {
      // No environment, no arguments, no stdin: the engines see nothing of the host, and the
      // worker's own heap is capped (WebAssembly memory is capped by the engines' limits).
      env: {},
      argv: [],
      execArgv: [],
      stdin: false,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 16 },
    });
    worker.unref();
    const slot: Slot = {
      worker,
      job: null,
      timer: null,
      started: 0,
      ready: new Promise((resolve, reject) => {
        const onMessage = (message: unknown) => {
          if (message === "ready") {
            worker.off("message", onMessage);
            resolve();
          }
        };
        worker.on("message", onMessage);
        worker.once("error", reject);
      }),
    };
    slot.ready.catch(() => {});
    worker.on("message", (message: WorkerReply | "ready") => {
      if (message === "ready" || !slot.job) return;
      const job = slot.job;
      finish(slot);
      if (job.kind === "grade") job.resolve(message.result as GradeResult);
      else job.resolve(message.result as ExerciseTest[]);
      if (message.retire) replace(slot, null);
      else next(slot);
    });
    worker.on("error", (error: Error & { code?: string }) => {
      const job = slot.job;
      const memory = error.code === "ERR_WORKER_OUT_OF_MEMORY";
      replace(
        slot,
        job
          ? {
              verdict: memory ? "memory" : "error",
              message: memory
                ? "Stopped: the submission used too much memory."
                : "The grader failed on this submission.",
              ms: Date.now() - slot.started,
            }
          : null,
      );
    });
    worker.on("exit", () => {
      // An exit we did not ask for (replace() removes the slot first): answer its job, start another.
      if (slots.includes(slot))
        replace(slot, slot.job ? { verdict: "error", message: "The grader failed on this submission." } : null);
    });
    return slot;
  }

  function finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /** Ends a worker (its job answered with `failure`) and puts a fresh one in its place. */
  function replace(slot: Slot, failure: Failure | null) {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    const job = slot.job;
    finish(slot);
    if (job && failure) fail(job, failure);
    void slot.worker.terminate();
    if (closed) {
      slots.splice(index, 1);
      return;
    }
    const fresh = spawn();
    slots[index] = fresh;
    next(fresh);
  }

  function next(slot: Slot) {
    if (slot.job || closed) return;
    const job = waiting.shift();
    if (!job) return;
    slot.job = job;
    void slot.ready.then(
      () => {
        if (slot.job !== job) return;
        slot.started = Date.now();
        slot.timer = setTimeout(
          () =>
            replace(slot, {
              verdict: "timeout",
              message: `Stopped after ${timeoutMs} ms: the time limit (a query or loop that does not end?).`,
              ms: Date.now() - slot.started,
            }),
          timeoutMs,
        );
        const message: WorkerRequest = { id: nextId++, kind: job.kind, request: job.request };
        slot.worker.postMessage(message);
      },
      () => replace(slot, slot.job === job ? { verdict: "error", message: "The grader failed to start." } : null),
    );
  }

  // The workers start with the first submission: a process that grades nothing pays nothing.
  let started = false;

  function enqueue(job: Job) {
    if (!started) {
      started = true;
      for (let i = 0; i < size; i++) slots.push(spawn());
    }
    waiting.push(job);
    const idle = slots.find((s) => !s.job);
    if (idle) next(idle);
  }

  return {
    grade(request) {
      if (closed) return Promise.resolve(resultWithout(request, "error", "The grader is closed."));
      const large = tooLarge(request);
      if (large) return Promise.resolve(resultWithout(request, "too-large", large));
      if (waiting.length >= maxWaiting) return Promise.resolve(resultWithout(request, "error", BUSY_MESSAGE));
      // Only plain data crosses to the worker: a caller's extra properties (a test's `expected`
      // rows among them: the server always runs the teacher's own query) stay here.
      const plain = plainRequest(request);
      return new Promise((resolve) => enqueue({ kind: "grade", request: plain, resolve }));
    },
    prepareSql(request) {
      if (closed || request.language !== "sql" || tooLarge(request) || waiting.length >= maxWaiting)
        return Promise.resolve([]);
      const plain = plainRequest(request);
      return new Promise((resolve) => enqueue({ kind: "prepare", request: plain, resolve }));
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) fail(job, { verdict: "error", message: "The grader is closed." });
      const all = slots.splice(0);
      for (const slot of all) {
        const job = slot.job;
        finish(slot);
        if (job) fail(job, { verdict: "error", message: "The grader is closed." });
      }
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}

function plainRequest(request: GradeRequest): GradeRequest {
  return {
    language: request.language === "sql" ? "sql" : "javascript",
    code: String(request.code),
    tests: request.tests.map((t) => ({ name: String(t.name), hidden: Boolean(t.hidden), code: String(t.code) })),
    schema: request.schema === null ? null : String(request.schema),
  };
}
