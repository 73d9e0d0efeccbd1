// What the benchmarks that run servers share: starting them as children (killed when the benchmark
// ends), waiting until one answers, and reading the CPU time a server has used from outside.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

/** Children started with `start`, ended by `stopAll` (call it on exit). */
const children = [];

/** Starts a server as a child of the benchmark (its stderr shown); returns the child process. */
export function start(command, argv, options) {
  const child = spawn(command, argv, { stdio: ["ignore", "ignore", "inherit"], ...options });
  children.push(child);
  return child;
}

export function stopAll() {
  for (const child of children) child.kill("SIGTERM");
}

/** Resolves once `url` answers below 500; throws after 20 s. */
export async function waitFor(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** Linux's clock tick (USER_HZ), in ms. */
export const TICK_MS = 10;

/**
 * CPU time (user + system, in clock ticks of TICK_MS) that a process and its live children (nginx's
 * worker) have used so far, every thread included (gzip runs on libuv's pool).
 */
export function cpuTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces: utime is the 14th
  // field of the line, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  let ticks = Number(fields[11]) + Number(fields[12]);
  for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean))
    ticks += cpuTicks(child);
  return ticks;
}
