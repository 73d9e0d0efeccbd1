import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashBuildInputs } from "../../scripts/build-inputs.ts";

/** The hash the tests compare with build/'s stamp before they use the build (decision 0036). */
describe("the build's inputs hash", () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "lomda-inputs-"));
    write("app/root.tsx", "export default 1;\n");
    write("app/root.test.tsx", "// a test\n");
    write("server/app.ts", "export {};\n");
    write("package-lock.json", "{}\n");
    write("tests/integration/x.test.ts", "// a test\n");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("changes with a source's content, a new source and the lock file, not with tests or modification times", () => {
    const built = hashBuildInputs(root);
    expect(hashBuildInputs(root)).toBe(built);

    write("app/root.test.tsx", "// another test\n");
    write("tests/integration/x.test.ts", "// another test\n");
    write("server/app.ts", "export {};\n"); // rewritten as it was: a new mtime, the same content
    expect(hashBuildInputs(root)).toBe(built);

    write("app/root.tsx", "export default 2;\n");
    expect(hashBuildInputs(root)).not.toBe(built);
    write("app/root.tsx", "export default 1;\n");
    expect(hashBuildInputs(root)).toBe(built);

    write("app/routes/new.tsx", "export default 3;\n");
    expect(hashBuildInputs(root)).not.toBe(built);
    rmSync(join(root, "app/routes"), { recursive: true });

    write("package-lock.json", '{"lockfileVersion":3}\n');
    expect(hashBuildInputs(root)).not.toBe(built);
  });
});
