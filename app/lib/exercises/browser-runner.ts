// Runs an exercise in the browser (issue 34, decision 0058): one Web Worker, started on the first Run
// and kept for the next ones, terminated when a run outlives TIME_LIMIT_MS + HARD_KILL_GRACE_MS (the
// same bound as the server's pool) or when its engine is spent; a fresh one takes the next run.
import {
  HARD_KILL_GRACE_MS,
  resultWithout,
  TIME_LIMIT_MS,
  timedOut,
  type GradeRequest,
  type GradeResult,
} from "./grading.ts";
import type { RunMessage, RunReply } from "./browser-run.worker.ts";

let worker: Worker | null = null;
let nextId = 1;

function start(): Worker {
  return new Worker(new URL("./browser-run.worker.ts", import.meta.url), { type: "module", name: "exercise-run" });
}

function retire(which: Worker) {
  which.terminate();
  if (worker === which) worker = null;
}

/** One run; resolves with the harness's result, a timeout, or an error result if the worker fails. */
export function runInBrowser(
  request: GradeRequest,
  limitMs = TIME_LIMIT_MS + HARD_KILL_GRACE_MS,
): Promise<GradeResult> {
  const current = (worker ??= start());
  const id = nextId++;
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let startedAt = 0;
    const done = (result: GradeResult, spent: boolean) => {
      clearTimeout(timer);
      current.removeEventListener("message", onMessage);
      current.removeEventListener("error", onError);
      if (spent) retire(current);
      resolve(result);
    };
    const onMessage = ({ data }: MessageEvent<RunReply>) => {
      if (data.id !== id) return;
      if ("started" in data) {
        startedAt = performance.now();
        timer = setTimeout(() => done(timedOut(request, Math.round(performance.now() - startedAt)), true), limitMs);
      } else done(data.result, data.spent);
    };
    const onError = (event: Event) => {
      event.preventDefault();
      done(resultWithout(request, "error", "The code could not be run in this browser."), true);
    };
    current.addEventListener("message", onMessage);
    current.addEventListener("error", onError);
    current.postMessage({ id, request } satisfies RunMessage);
  });
}
