import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../../tests/setup/databases.ts";
import { databaseAdapter, deleteExpiredIdpPayloads } from "./adapter.server";

describe.each(DIALECTS)("the embedded provider's storage on %s", (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => t.destroy());

  it("keeps, finds, consumes and destroys provider state, and a restart keeps it", async () => {
    const Sessions = databaseAdapter(t.db);
    const sessions = new Sessions("Session");
    await sessions.upsert("s1", { accountId: "acc-1", uid: "uid-1", grantId: "g-1" }, 3600);
    expect(await sessions.find("s1")).toMatchObject({ accountId: "acc-1" });
    expect(await sessions.findByUid("uid-1")).toMatchObject({ accountId: "acc-1" });
    // Another model with the same id is another row.
    const Codes = databaseAdapter(t.db);
    expect(await new Codes("AuthorizationCode").find("s1")).toBeUndefined();

    const reopened = t.reopen();
    try {
      const Again = databaseAdapter(reopened.db);
      expect(await new Again("Session").find("s1")).toMatchObject({ accountId: "acc-1" });
    } finally {
      await reopened.close();
    }

    const codes = new Codes("AuthorizationCode");
    await codes.upsert("c1", { grantId: "g-1" }, 60);
    await codes.consume("c1");
    expect((await codes.find("c1"))?.consumed).toBeTypeOf("number");
    await sessions.revokeByGrantId("g-1");
    expect(await codes.find("c1")).toBeUndefined();
    expect(await sessions.find("s1")).toBeUndefined();
  });

  it("treats expired state as gone and sweeps it", async () => {
    const Model = databaseAdapter(t.db);
    const interactions = new Model("Interaction");
    await interactions.upsert("i1", { uid: "i1" }, 1);
    // One second and a bit later, by the clock the adapter reads (only Date is faked, not timers).
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 1100);
      expect(await interactions.find("i1")).toBeUndefined();
      await deleteExpiredIdpPayloads(t.db);
    } finally {
      vi.useRealTimers();
    }
    const left = await t.db.selectFrom("idp_payloads").select("id").where("id", "=", "i1").execute();
    expect(left).toEqual([]);
  });
});
