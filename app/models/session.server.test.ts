import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createUser } from "../../tests/support/factories.ts";
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  findActiveSession,
  hashSessionId,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from "./session.server";
import { upsertUserFromProvider } from "./user.server";

describe.each(DIALECTS)("sessions on %s", (dialect) => {
  let t: TestDb;
  let userId: string;
  const start = new Date("2026-01-10T10:00:00.000Z");

  beforeAll(async () => {
    t = await createTestDb(dialect);
    userId = (await createUser(t.db, { issuer: "https://idp.test", subject: "u1", email: "A@Example.com" })).id;
  });
  afterAll(async () => t.destroy());

  it("stores only the hash of a 256-bit random id", async () => {
    const { id } = await createSession(t.db, userId, { now: start });
    expect(Buffer.from(id, "base64url")).toHaveLength(32);
    const rows = await t.db.selectFrom("sessions").select("id_hash").execute();
    expect(rows.map((r) => r.id_hash)).toContain(hashSessionId(id));
    expect(rows.map((r) => r.id_hash)).not.toContain(id);
  });

  it("finds a live session and refuses unknown or malformed ids", async () => {
    const { id } = await createSession(t.db, userId, { now: start });
    const found = await findActiveSession(t.db, id, new Date(start.getTime() + 1000));
    expect(found?.userId).toBe(userId);
    expect(await findActiveSession(t.db, "x".repeat(43), start)).toBeUndefined();
    expect(await findActiveSession(t.db, "short", start)).toBeUndefined();
    expect(await findActiveSession(t.db, "' or 1=1 --".padEnd(43, "a"), start)).toBeUndefined();
  });

  it("ends a session after the idle lifetime, and activity extends it", async () => {
    const { id } = await createSession(t.db, userId, { now: start });
    const almostIdle = new Date(start.getTime() + SESSION_IDLE_MS - 60_000);
    expect(await findActiveSession(t.db, id, almostIdle)).toBeDefined(); // touches last_seen_at
    const laterStillActive = new Date(almostIdle.getTime() + SESSION_IDLE_MS - 60_000);
    expect(await findActiveSession(t.db, id, laterStillActive)).toBeDefined();
    const idle = new Date(laterStillActive.getTime() + SESSION_IDLE_MS);
    expect(await findActiveSession(t.db, id, idle)).toBeUndefined();
    // The expired row is gone, not just ignored.
    expect(
      await t.db.selectFrom("sessions").select("id_hash").where("id_hash", "=", hashSessionId(id)).execute(),
    ).toEqual([]);
  });

  it("ends a session at its absolute lifetime even when active", async () => {
    const { id } = await createSession(t.db, userId, { now: start });
    let now = start.getTime();
    while (now + SESSION_IDLE_MS / 2 < start.getTime() + SESSION_ABSOLUTE_MS) {
      now += SESSION_IDLE_MS / 2;
      const alive = await findActiveSession(t.db, id, new Date(now));
      expect(alive).toBeDefined();
    }
    expect(await findActiveSession(t.db, id, new Date(start.getTime() + SESSION_ABSOLUTE_MS))).toBeUndefined();
  });

  it("deletes a session at logout and sweeps expired ones", async () => {
    const { id } = await createSession(t.db, userId, { now: start });
    await deleteSession(t.db, id);
    expect(await findActiveSession(t.db, id, start)).toBeUndefined();

    const old = await createSession(t.db, userId, { now: new Date("2020-01-01T00:00:00Z") });
    const removed = await deleteExpiredSessions(t.db, start);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await findActiveSession(t.db, old.id, start)).toBeUndefined();
  });

  it("keys users by issuer and subject, updating the profile on a later sign-in", async () => {
    const again = await upsertUserFromProvider(t.db, { issuer: "https://idp.test", subject: "u1", name: "Ada" });
    expect(again.id).toBe(userId);
    expect(again.name).toBe("Ada");
    const other = await upsertUserFromProvider(t.db, { issuer: "https://other.test", subject: "u1" });
    expect(other.id).not.toBe(userId);
  });

  it("keeps data across a reopen (a restart)", async () => {
    const { id } = await createSession(t.db, userId, { now: new Date() });
    const reopened = t.reopen();
    try {
      expect((await findActiveSession(reopened.db, id))?.userId).toBe(userId);
    } finally {
      await reopened.close();
    }
  });
});
