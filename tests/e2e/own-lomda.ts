import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { expect } from "./fixtures.ts";

const ROOT = resolve(import.meta.dirname, "../..");

export interface OwnLomda {
  stop(): Promise<void>;
}

/**
 * A Lomda of a spec's own, for a setting the shared test servers do not have (Cardcom payments, a
 * LemonLDAP::NG-like provider): the built server.js on `port`, its data folder emptied first and
 * its database a SQLite file in it (`file:./<dataDir>/lomda.db`). Resolves once /healthz answers;
 * the server's output is the message when it does not.
 */
export async function startOwnLomda(options: {
  port: number;
  dataDir: string;
  env: Record<string, string>;
}): Promise<OwnLomda> {
  const url = `http://127.0.0.1:${options.port}`;
  rmSync(resolve(ROOT, options.dataDir), { recursive: true, force: true });
  const lomda = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATABASE_URL: `file:./${options.dataDir}/lomda.db`,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
      RENDER_BUDGET: "100000/100000",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  lomda.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  lomda.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (lomda.exitCode !== null) return;
    const exited = new Promise((ok) => lomda.once("exit", ok));
    lomda.kill("SIGTERM");
    await exited;
  };
  try {
    await expect
      .poll(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status, {
        timeout: 60_000,
        message: output,
      })
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
