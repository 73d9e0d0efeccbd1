import type { Plugin } from "vite";

/** The grader's worker thread, as the server build names it (app/lib/exercises/grader.server.ts finds it). */
export const GRADING_WORKER_FILE = "grading-worker.js";

/**
 * Emits the exercise grader's worker (app/lib/exercises/grading.worker.ts) as a file of its own in
 * the server build, build/server/grading-worker.js (decision 0052). A second entry in rollupOptions
 * would not do: React Router names every server entry after its one server build file (index.js,
 * index2.js…); an emitted chunk keeps the name given here.
 */
export function gradingWorker(): Plugin {
  return {
    name: "lomda-grading-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      this.emitFile({ type: "chunk", id: "./app/lib/exercises/grading.worker.ts", fileName: GRADING_WORKER_FILE });
    },
  };
}
