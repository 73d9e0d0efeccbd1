// The browser's Run (issue 34): a Web Worker with the same engines and the same harness as the
// server's grader (grading.ts), so what passes here passes on Submit. Each engine is loaded the
// first time its language runs. The page terminates this worker when a run outlives the time limit
// (browser-runner.ts): a loop that QuickJS's interrupt missed or a SQLite query that never ends.
// Nothing here earns progress: only the server's grade counts.
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";
import quickjsVariant from "@jitl/quickjs-wasmfile-release-sync";
import quickjsWasm from "@jitl/quickjs-wasmfile-release-sync/wasm?url";
import initSqlJs, { type SqlJsStatic } from "sql.js";
import sqlWasm from "sql.js/dist/sql-wasm-browser.wasm?url";
import { engineSpent, resultWithout, runJavaScript, runSql, type GradeRequest, type GradeResult } from "./grading.ts";

export interface RunMessage {
  id: number;
  request: GradeRequest;
}
export type RunReply =
  /** The engine is loaded and the run begins now: the page's kill timer starts here, not before the download. */
  { id: number; started: true } | { id: number; result: GradeResult; spent: boolean };

let quickjs: Promise<QuickJSWASMModule> | undefined;
let sqlite: Promise<SqlJsStatic> | undefined;

function loadQuickJS() {
  quickjs ??= newQuickJSWASMModuleFromVariant(newVariant(quickjsVariant, { wasmLocation: quickjsWasm }));
  return quickjs;
}
function loadSqlite() {
  sqlite ??= initSqlJs({ locateFile: () => sqlWasm });
  return sqlite;
}

self.onmessage = async ({ data }: MessageEvent<RunMessage>) => {
  const { id, request } = data;
  const reply = (message: RunReply) => self.postMessage(message);
  try {
    if (request.language === "sql") {
      const SQL = await loadSqlite();
      reply({ id, started: true });
      reply({ id, result: runSql(SQL, request), spent: false });
    } else {
      const engine = await loadQuickJS();
      reply({ id, started: true });
      reply({ id, result: runJavaScript(engine, request), spent: engineSpent(engine) });
    }
  } catch {
    reply({ id, result: resultWithout(request, "error", "The code could not be run in this browser."), spent: true });
  }
};
