// One grading worker thread (decision 0052): loads QuickJS and SQLite (both WebAssembly) once, then
// grades one request at a time with the shared harness (grading.ts). The pool in grader.server.ts
// terminates this thread if a request outlives its time limit (an SQLite query cannot be interrupted)
// and starts a fresh one. Nothing of the host is handed to the engines: they see only the request.
import { parentPort } from "node:worker_threads";
import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import variant from "@jitl/quickjs-wasmfile-release-sync";
import initSqlJs from "sql.js";
import {
  engineSpent,
  prepareSqlTests,
  resultWithout,
  runJavaScript,
  runSql,
  type ExerciseTest,
  type GradeRequest,
  type GradeResult,
} from "./grading.ts";

/** Grade a submission, or run a SQL exercise's visible tests' teacher queries for the browser's Run. */
export interface WorkerRequest {
  id: number;
  kind: "grade" | "prepare";
  request: GradeRequest;
}
export interface WorkerReply {
  id: number;
  result: GradeResult | ExerciseTest[];
  /** The engine may be left in a bad state (an exception outside the learner's code): replace this worker. */
  retire: boolean;
}

const port = parentPort;
if (!port) throw new Error("grading.worker.ts runs as a worker thread");

const [quickjs, SQL] = await Promise.all([newQuickJSWASMModuleFromVariant(variant), initSqlJs()]);

port.on("message", ({ id, kind, request }: WorkerRequest) => {
  let reply: WorkerReply;
  if (kind === "prepare") {
    port.postMessage({ id, result: prepareSqlTests(SQL, request), retire: false } satisfies WorkerReply);
    return;
  }
  try {
    const result = request.language === "sql" ? runSql(SQL, request) : runJavaScript(quickjs, request);
    // A QuickJS module that had to keep a runtime it could not free is not used again.
    reply = { id, result, retire: engineSpent(quickjs) };
  } catch {
    // E.g. QuickJS refusing to free a runtime an out-of-memory left dirty. Say nothing of the host.
    reply = { id, result: resultWithout(request, "error", "The grader failed on this submission."), retire: true };
  }
  port.postMessage(reply);
});
port.postMessage("ready");
