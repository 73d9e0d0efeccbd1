// `npm run build`: React Router's production build, then a stamp of the sources it was built from,
// which the tests compare with the sources before they use build/ (scripts/build-inputs.ts).
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { BUILD_STAMP, hashBuildInputs } from "./build-inputs.ts";

const ROOT = resolve(import.meta.dirname, "..");
// Hashed before building: a file saved during the build leaves the stamp older than the sources.
const inputs = hashBuildInputs();
// No stamp while build/ is being rewritten: a build that fails part-way leaves none.
rmSync(BUILD_STAMP, { force: true });
const build = spawnSync(
  process.execPath,
  [join(ROOT, "node_modules/.bin/react-router"), "build", ...process.argv.slice(2)],
  {
    cwd: ROOT,
    stdio: "inherit",
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);
writeFileSync(BUILD_STAMP, `${inputs}\n`);
