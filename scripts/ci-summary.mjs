// Adds up the JSON reports of Vitest and Playwright and prints "N passed, M failed" as the last
// line (the line CI reads). A runner that left no report counts as one failure; so does a failed
// typecheck or lint. Exits non-zero when anything failed.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [dir, typecheckOk, testStatus, lintOk = "1"] = process.argv.slice(2);
let passed = 0;
let failed = 0;

function read(name) {
  const file = join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

const vitest = read("vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0 ? 1 : 0);
  console.log(
    `vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed (${vitest.numTotalTests} total)`,
  );
} else {
  failed += 1;
  console.log("vitest: no report (the runner did not finish)");
}

const playwright = read("playwright.json");
if (playwright) {
  const s = playwright.stats;
  passed += s.expected;
  failed += s.unexpected + s.flaky;
  const errors = playwright.errors?.length ?? 0;
  failed += errors;
  console.log(`playwright: ${s.expected} passed, ${s.unexpected} failed, ${s.flaky} flaky, ${errors} errors`);
} else {
  failed += 1;
  console.log("playwright: no report (the runner did not finish or did not start)");
}

if (typecheckOk !== "1") {
  failed += 1;
  console.log("typecheck: failed");
}
if (lintOk !== "1") {
  failed += 1;
  console.log("lint: failed");
}
if (testStatus !== "0" && failed === 0) failed += 1; // npm test failed in a way no report shows

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
