import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { startApp } from "./harness.ts";

/** The process schedules housekeeping: shortly after start, then every interval, under a shared lease. */
describe.each(DIALECTS)("scheduled housekeeping on %s", (dialect) => {
  let owner: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    owner = await startApp({}, dialect, { background: { housekeepingFirstMs: 60 * 60_000 } });
  });
  afterAll(async () => owner.stop());

  it("runs a round soon after start, logs what it removed per table, and one of two processes does it", async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 60 * 60_000).toISOString();
    await owner.db
      .insertInto("captcha_used")
      .values([
        { challenge_id: "spent-long-ago", expires_at: past },
        { challenge_id: "spent-just-now", expires_at: future },
      ])
      .execute();
    const background = { housekeepingFirstMs: 0, housekeepingEveryMs: 60 * 60_000 };
    const [one, two] = await Promise.all([
      startApp({}, dialect, { sharing: owner, background }),
      startApp({}, dialect, { sharing: owner, background }),
    ]);
    const rounds = () => [...one.logs, ...two.logs].filter((l) => l.msg === "housekeeping: removed expired rows");
    try {
      await expect.poll(() => rounds().length, { timeout: 5000 }).toBe(1);
      expect(rounds()[0]!.removed).toMatchObject({ captcha_used: 1, sessions: 0 });
      const left = await owner.db.selectFrom("captcha_used").select("challenge_id").execute();
      expect(left.map((r) => r.challenge_id)).toEqual(["spent-just-now"]);
      // The other process's first round found the lease held and did nothing.
      const lease = await owner.db.selectFrom("leases").selectAll().executeTakeFirstOrThrow();
      expect(lease.name).toBe("housekeeping");
      expect(Date.parse(lease.expires_at)).toBeGreaterThan(Date.now() + 50 * 60_000);
    } finally {
      await Promise.all([one.stop(), two.stop()]); // waits for any round still running
    }
    expect(rounds().length).toBe(1);
  });
});
