import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "./en";
import { FRAME_SECTIONS, type Section } from "./sections";

const APP = resolve(import.meta.dirname, "..");
const SECTIONS = new Set(Object.keys(en));

/** The app modules a module imports (`~/…` and relative), server-only ones left out: they run no component. */
function localImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const [, spec] of source.matchAll(/(?:import|export)[^"';]*?from\s+["']([^"']+)["']/g)) {
    if (!spec!.startsWith("~/") && !spec!.startsWith(".")) continue;
    const base = spec!.startsWith("~/") ? join(APP, spec!.slice(2)) : resolve(dirname(file), spec!);
    const path = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find(
      (candidate) => existsSync(candidate) && !candidate.endsWith("/") && /\.tsx?$/.test(candidate),
    );
    if (path && !/\.server\.tsx?$/.test(path) && !path.includes("/i18n/")) found.push(path);
  }
  return found;
}

/** The sections named by literal keys (t("section.key"), and keys written as strings) in a module and what it imports. */
function sectionsUsed(entry: string): Set<string> {
  const used = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, section] of source.matchAll(/["'`]([a-zA-Z0-9]+)\.[a-zA-Z0-9_.]+["'`]/g))
      if (SECTIONS.has(section!)) used.add(section!);
    queue.push(...localImports(file));
  }
  return used;
}

/** The route's `handle.strings`, read from its source (importing it would need the whole app). */
function declared(file: string): Set<string> {
  const match = /export const handle[^=]*=\s*\{\s*strings:\s*\[([^\]]*)\]/.exec(readFileSync(file, "utf8"));
  return new Set([...(match?.[1] ?? "").matchAll(/"([a-zA-Z0-9]+)"/g)].map((m) => m[1]!));
}

describe("each page asks for the string sections its components use", () => {
  const routes = readdirSync(join(APP, "routes"))
    .filter((name) => name.endsWith(".tsx") && !name.endsWith(".test.tsx"))
    .map((name) => join(APP, "routes", name))
    .filter((file) => /^export default function/m.test(readFileSync(file, "utf8")));
  const frame = new Set<string>(FRAME_SECTIONS);
  const rootUses = sectionsUsed(join(APP, "root.tsx"));

  it("the frame covers the root and its chrome", () => {
    expect([...rootUses].filter((s) => !frame.has(s))).toEqual([]);
  });

  it.each(routes.map((file) => [file.slice(APP.length + 1), file]))("%s", (_name, file) => {
    const wanted = new Set([...frame, ...declared(file)]);
    const lacking = [...sectionsUsed(file)].filter((section) => !wanted.has(section as Section)).sort();
    expect(lacking, "add these to the route's `export const handle = { strings: [...] }`").toEqual([]);
  });
});
