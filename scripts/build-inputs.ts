import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");

/** Written by `npm run build` (scripts/build.ts) beside what it built: the hash of the sources it built from. */
export const BUILD_STAMP = join(ROOT, "build/.inputs-sha256");

/** What the production build is made of: the folders Vite bundles, its configuration and the dependencies. */
const INPUT_FOLDERS = ["app", "server", "db", "content", "public"];
const INPUT_FILES = [
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "scripts/vite-chunking.ts",
  "scripts/vite-precompress.ts",
  "scripts/vite-grading-worker.ts",
];
/** Tests sit beside the code but are not built: changing one leaves the build current. */
const NOT_BUILT = /\.test\.tsx?$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return NOT_BUILT.test(entry.name) ? [] : [path];
  });
}

/**
 * A hash of every input's path and content (content, not modification times: a fresh clone or a
 * branch switch touches every file without changing what is built). About 350 files, a few MB: a
 * few tens of milliseconds.
 */
export function hashBuildInputs(root = ROOT): string {
  const files = [
    ...INPUT_FOLDERS.map((folder) => join(root, folder))
      .filter((folder) => existsSync(folder))
      .flatMap((folder) => filesUnder(folder)),
    ...INPUT_FILES.map((file) => join(root, file)).filter((file) => existsSync(file)),
  ].sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

/** Whether build/ was built from the sources as they are now. */
export function buildIsCurrent(): boolean {
  return existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, "utf8").trim() === hashBuildInputs();
}

/**
 * Before tests run the production build: rebuilds it when it is missing or older than its sources,
 * so a test never passes or fails on code that is no longer there. Costs one hash when current.
 */
export function ensureCurrentBuild(): void {
  if (buildIsCurrent()) return;
  process.stderr.write("The production build is missing or older than its sources: running npm run build first.\n");
  const build = spawnSync(process.execPath, [join(ROOT, "scripts/build.ts"), "--logLevel", "warn"], {
    cwd: ROOT,
    stdio: "inherit",
    // The production build whoever asks: under Vitest NODE_ENV is "test", which made Vite bundle React's
    // development build (its hydration warnings then failed browser tests that pass on `npm run build`'s).
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error("npm run build failed: the tests need a current build");
}
