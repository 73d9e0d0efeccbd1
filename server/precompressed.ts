import { existsSync, readdirSync } from "node:fs";
import { extname, join, relative } from "node:path";
import type { NextFunction, Request, Response } from "express";
import { isClientAbort } from "../app/lib/error-reporting.server.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".wasm": "application/wasm",
};

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Which encodings the client takes, best first (q=0 refuses one). */
function accepted(header: string | undefined): ("br" | "gzip")[] {
  if (!header) return [];
  const refuses = (name: string) => new RegExp(`(^|,)\\s*${name}\\s*;\\s*q=0(\\.0*)?\\s*(,|$)`).test(header);
  const takes = (name: string) => new RegExp(`(^|,)\\s*(${name}|\\*)\\s*(;|,|$)`).test(header) && !refuses(name);
  return (["br", "gzip"] as const).filter(takes);
}

/**
 * Serves the `.br` / `.gz` files written at build time (scripts/vite-precompress.ts) for the files
 * under `dir`, as the client accepts them: no compression work per request. Which variants exist
 * is read once at start, so a request costs no lookup on disk. Anything else falls through to the
 * static files (and, for other responses, the compression middleware, which leaves these alone).
 */
export function precompressedFiles(dir: string, headers: Record<string, string>) {
  const variants = new Map<string, Set<"br" | "gzip">>();
  for (const file of filesUnder(dir)) {
    const match = /^(.*)\.(br|gz)$/.exec(file);
    if (!match) continue;
    const path = `/${relative(dir, match[1]!).split("\\").join("/")}`;
    const set = variants.get(path) ?? new Set();
    set.add(match[2] === "br" ? "br" : "gzip");
    variants.set(path, set);
  }
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const available = variants.get(req.path);
    if (!available) return next();
    res.setHeader("Vary", "Accept-Encoding");
    const encoding = accepted(req.get("accept-encoding")).find((e) => available.has(e));
    if (!encoding) return next();
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Type", TYPES[extname(req.path)] ?? "application/octet-stream");
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.sendFile(join(dir, `${req.path}.${encoding === "br" ? "br" : "gz"}`), { dotfiles: "deny" }, (error) => {
      // A client that went away is no error (Express ignores it too when given no callback; D-L17).
      if (error && !res.headersSent && !isClientAbort(error)) next(error);
    });
  };
}
