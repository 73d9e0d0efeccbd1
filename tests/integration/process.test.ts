import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../app/lib/db.server.ts";
import { spawnServer, tempDataDir } from "./harness.ts";

describe("the server process", () => {
  it("refuses to start with an invalid configuration, naming the variable", async () => {
    const data = tempDataDir();
    const proc = spawnServer({ PORT: "not-a-port", LOG_LEVEL: "loud", DATA_DIR: data.dir });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain("PORT:");
    expect(proc.output()).toContain("LOG_LEVEL:");
    data.cleanup();
  });

  it("exits non-zero with a clear message when the port is taken", async () => {
    const data = tempDataDir();
    const env = { PORT: "0", HOST: "127.0.0.1", DATA_DIR: data.dir, DATABASE_URL: `file:${data.dir}/a.db` };
    const first = spawnServer(env);
    const url = await first.ready;
    const port = new URL(url).port;
    const second = spawnServer({ ...env, PORT: port, DATABASE_URL: `file:${data.dir}/b.db` });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`port ${port} is already in use`);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    data.cleanup();
  });

  it("migrates the database with the migrate command (npm run db:migrate) and exits", async () => {
    const data = tempDataDir();
    const dbFile = `${data.dir}/m.db`;
    const proc = spawnServer({ DATA_DIR: data.dir, DATABASE_URL: `file:${dbFile}` }, ["migrate"]);
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toContain("database migrated");
    const database = openDatabase(`file:${dbFile}`);
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      database.db,
    );
    expect(tables.rows.map((r) => r.name)).toEqual(expect.arrayContaining(["users", "sessions", "kysely_migration"]));
    await database.close();
    data.cleanup();
  });

  it("finishes in-flight requests on SIGTERM, then closes and exits 0", async () => {
    const data = tempDataDir();
    const proc = spawnServer({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: data.dir,
      DATABASE_URL: `file:${data.dir}/s.db`,
      LOMDA_TEST_ROUTES: "1",
    });
    const url = await proc.ready;
    const inFlight = fetch(`${url}/__test/slow?ms=1500`);
    // SIGTERM once the server is handling the request (the test route logs when it starts sleeping).
    await expect.poll(() => proc.output(), { timeout: 10_000, interval: 20 }).toContain('"msg":"slow request started"');
    proc.child.kill("SIGTERM");
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("slept 1500 ms");
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toContain("shutting down");
    expect(proc.output()).toContain('"msg":"stopped"');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    data.cleanup();
  });
});
