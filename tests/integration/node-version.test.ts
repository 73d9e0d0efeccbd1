import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

describe("starting on too old a Node", () => {
  it("stops with a clear message instead of crashing in the native database driver", () => {
    // Node 20 (this machine's own) would segfault in better-sqlite3; pretend to be it.
    const pretendNode20 =
      'data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"20.20.2"}})';
    const run = spawnSync(process.execPath, ["--import", pretendNode20, "server.js"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Lomda needs Node.js 24 or newer; this is Node.js 20.20.2.");
    expect(run.stderr).toContain("npm start");
  });
});
