import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layering of docs/architecture.md#the-layers is encoded in .oxlintrc.json. Here the project's own lint
 * configuration runs over a small tree of files that break (and keep) each rule, so that the rules
 * are known to bite: routes → components → ui; routes → models → lib → db.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const OXLINT = join(ROOT, "node_modules/.bin/oxlint");

/** One file per rule, each breaking it once. */
const VIOLATIONS: Record<string, string> = {
  "app/lib/imports-a-model.server.ts": `import { findUserById } from "~/models/user.server";\nexport const f = findUserById;\n`,
  "app/lib/reads-request-context.server.ts": `import { requestContext } from "~/context.server";\nexport const c = requestContext;\n`,
  "app/models/imports-a-component.server.ts": `import { CourseCard } from "~/components/course/course-card";\nexport const c = CourseCard;\n`,
  "app/components/course/imports-a-server-module.tsx": `import type { Viewer } from "~/models/access.server";\nexport type V = Viewer;\n`,
  "app/components/course/imports-a-route.tsx": `import Home from "~/routes/home";\nexport const h = Home;\n`,
  "app/components/ui/knows-the-app.tsx": `import { Logo } from "~/components/layout/logo";\nexport const l = Logo;\n`,
  "app/routes/imports-another-route.tsx": `import About from "./about";\nexport default About;\n`,
  "app/models/imports-react-router.server.ts": `import { redirect } from "react-router";\nexport const r = redirect;\n`,
  "app/models/imports-react-router-dev.server.ts": `import { route } from "@react-router/dev/routes";\nexport const r = route;\n`,
  "app/routes/imports-the-root.tsx": `import { Layout } from "~/root";\nexport const l = Layout;\n`,
  "app/routes/account/imports-another-folder.tsx": `import { x } from "../checkout/shared.server";\nexport const y = x;\n`,
  "app/routes/account/imports-another-folder-by-alias.tsx": `import { x } from "~/routes/checkout/shared.server";\nexport const y = x;\n`,
  "app/i18n/imports-lib.ts": `import { loadConfig } from "~/lib/env.server";\nexport const l = loadConfig;\n`,
  "app/models/climbs-up.server.ts": `import { openDatabase } from "../lib/db.server";\nexport const o = openDatabase;\n`,
  "db/imports-app.ts": `import { openDatabase } from "../app/lib/db.server.ts";\nexport const o = openDatabase;\n`,
  "server/imports-tests.ts": `import { startApp } from "../tests/integration/harness.ts";\nexport const s = startApp;\n`,
};

/** Two modules that import each other (through the ~/ alias, as app/ code does). */
const CYCLE: Record<string, string> = {
  "app/models/cycle-a.server.ts": `import { b } from "~/models/cycle-b.server";\nexport const a = () => b();\n`,
  "app/models/cycle-b.server.ts": `import { a } from "./cycle-a.server";\nexport const b = () => a();\n`,
};

/** The layers in their direction. */
const ALLOWED: Record<string, string> = {
  // The one gateway to db/ from app/.
  "app/lib/db.server.ts": `import type { Database } from "../../db/schema.ts";\nexport type D = Database;\n`,
  "app/routes/allowed-route.tsx": `import type { Route } from "./+types/allowed-route";\nimport { CourseCard } from "~/components/course/course-card";\nimport { findUserById } from "~/models/user.server";\nimport { helper } from "./allowed-route-helper.server";\nexport const a = [CourseCard, findUserById, helper];\nexport type R = Route.LoaderArgs;\n`,
  "app/routes/account/allowed-folder-route.tsx": `import type { Route } from "./+types/allowed-folder-route";\nimport { data } from "react-router";\nimport { servicesOf } from "~/context.server";\nimport { useTranslation } from "~/i18n/use-translation";\nimport { passHeaders } from "~/lib/http";\nimport { shared } from "./account-form.server";\nexport const a = [data, servicesOf, useTranslation, passHeaders, shared];\nexport type R = Route.LoaderArgs;\n`,
  "app/components/course/allowed-component.tsx": `import { Stars } from "~/components/ui/stars";\nimport type { CourseView } from "~/models/catalogue.types";\nexport const a = Stars;\nexport type C = CourseView;\n`,
  "app/models/allowed-model.server.ts": `import { openDatabase } from "~/lib/db.server";\nimport type { Database } from "~/lib/db.server";\nexport const a = openDatabase;\nexport type D = Database;\n`,
  "app/components/ui/allowed-ui.tsx": `import { Stars } from "./stars";\nimport { direction } from "~/i18n/locale";\nexport const a = [Stars, direction];\n`,
};

let dir: string;
let reported: Map<string, string[]>;
let cycles: string[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "lomda-lint-"));
  copyFileSync(join(ROOT, ".oxlintrc.json"), join(dir, ".oxlintrc.json"));
  copyFileSync(join(ROOT, "tsconfig.json"), join(dir, "tsconfig.json"));
  for (const [path, text] of Object.entries({ ...VIOLATIONS, ...CYCLE, ...ALLOWED })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const run = spawnSync(OXLINT, ["--format", "json", "-c", ".oxlintrc.json", "."], { cwd: dir, encoding: "utf8" });
  const { diagnostics } = JSON.parse(run.stdout) as {
    diagnostics: { code: string; message: string; filename: string }[];
  };
  reported = new Map();
  cycles = diagnostics.filter((d) => d.code === "import(no-cycle)").map((d) => d.filename);
  for (const d of diagnostics) {
    if (d.code !== "eslint(no-restricted-imports)") continue;
    reported.set(d.filename, [...(reported.get(d.filename) ?? []), d.message]);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the layering lint rules", () => {
  it.each(Object.keys(VIOLATIONS))("refuse %s", (file) => {
    expect(reported.get(file), `${file} should be reported`).toHaveLength(1);
  });

  it("refuse an import cycle", () => {
    expect(cycles.sort()).toEqual(Object.keys(CYCLE).sort());
  });

  it.each(Object.keys(ALLOWED))("accept %s", (file) => {
    expect(reported.get(file), `${file} should pass`).toBeUndefined();
  });
});
