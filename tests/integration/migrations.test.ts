import { describe, expect, it } from "vitest";
import { createTestDb, DIALECTS } from "../setup/databases.ts";

describe.each(DIALECTS)("migrations on %s", (dialect) => {
  it("migrate a second database (on PostgreSQL, a second schema) while the first holds its tables", async () => {
    const first = await createTestDb(dialect);
    try {
      const second = await createTestDb(dialect);
      expect(await second.db.selectFrom("idp_accounts").select("is_admin").execute()).toEqual([]);
      await second.destroy();
    } finally {
      await first.destroy();
    }
  });
});
