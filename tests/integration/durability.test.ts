import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { spawnServer, tempDataDir } from "./harness.ts";

/**
 * docs/security.md#data: kill -9 during a stream of writes; after a restart the database is intact and
 * every acknowledged row is there (SQLite in WAL with synchronous=FULL).
 */
describe("durability", () => {
  it("keeps every acknowledged feedback post across a kill -9", async () => {
    const data = tempDataDir();
    // Behind a "proxy" so each request can come from its own address: the rate limit must not end the stream early.
    const env = {
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: data.dir,
      DATABASE_URL: `file:${data.dir}/d.db`,
      TRUST_PROXY: "1",
    };
    const first = spawnServer(env);
    const url = await first.ready;
    await (await fetch(`${url}/api/feedback`)).arrayBuffer(); // warm up: the first request loads the app
    const acknowledged: string[] = [];
    let interrupted = 0;
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop && i < 500; i++) {
        const comment = `w${w}-n${i}`;
        try {
          const res = await fetch(`${url}/api/feedback`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `10.${w}.${i >> 8}.${i & 255}` },
            body: JSON.stringify({ name: "Durable", comment, rating: 3 }),
          });
          if (res.status === 201) acknowledged.push(comment);
          else if (res.status === 429) break;
        } catch {
          interrupted++; // the server is gone mid-request
          break;
        }
      }
    });
    // Kill it in the middle of the stream: once a good number of writes have been acknowledged.
    await expect.poll(() => acknowledged.length, { timeout: 15_000, interval: 20 }).toBeGreaterThanOrEqual(50);
    first.child.kill("SIGKILL");
    stop = true;
    await Promise.all(writers);
    await first.exited;
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(interrupted).toBeGreaterThan(0); // the kill came in the middle of the stream

    const check = new Database(`${data.dir}/d.db`);
    expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    const stored = new Set(
      (check.prepare("select comment from feedback").all() as { comment: string }[]).map((r) => r.comment),
    );
    check.close();
    for (const comment of acknowledged) expect(stored.has(comment), comment).toBe(true);

    const second = spawnServer(env);
    const again = await second.ready;
    const list = (await (await fetch(`${again}/api/feedback`)).json()) as unknown[];
    expect(list.length).toBeGreaterThan(0);
    second.child.kill("SIGTERM");
    await second.exited;
    data.cleanup();
  });
});
