import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The secrets that sign cookies. SESSION_SECRET may list several, comma-separated: the first
 * signs, all verify (rotation). Unset, one is generated once into the data folder and kept, so
 * a restart does not sign everybody out.
 */
export function loadCookieSecrets(sessionSecret: string | undefined, dataDir: string): string[] {
  if (sessionSecret) {
    const secrets = sessionSecret
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (secrets.some((s) => s.length < 32)) {
      throw new Error("SESSION_SECRET: each secret must be at least 32 characters long");
    }
    return secrets;
  }
  const file = join(dataDir, "session-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return [readFileSync(file, "utf8").trim()];
}
