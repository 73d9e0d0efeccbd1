import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Built files worth compressing (images other than SVG are compressed already). */
export const PRECOMPRESSED = /\.(js|mjs|css|svg|json|txt|webmanifest|wasm)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible client file
 * at build time, so the server sends them as they are instead of compressing a 200 kB script on
 * every request (issue 16). Files under 1 kB are left alone: compression would not pay.
 */
export function precompress(): Plugin {
  return {
    name: "lomda-precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options) {
      if (!options.dir) return;
      for (const file of filesUnder(options.dir)) {
        if (!PRECOMPRESSED.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
