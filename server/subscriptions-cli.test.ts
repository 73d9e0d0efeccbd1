import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSubscriptions } from "../app/models/subscription.server.ts";
import { createTestDb, DIALECTS, type TestDb } from "../tests/setup/databases.ts";
import { runSubscriptionsCommand } from "./subscriptions-cli.ts";

describe.each(DIALECTS)("the subscriptions command on %s", (dialect) => {
  let t: TestDb;
  const now = new Date("2026-03-01T12:00:00.000Z");
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => t.destroy());

  it("the command line grants, lists and revokes, and refuses bad input", async () => {
    const lines: string[] = [];
    const out = (l: string) => lines.push(l);
    expect(await runSubscriptionsCommand(t.db, ["grant", "cli@example.org", "--until", "2026-12-31"], out, now)).toBe(
      0,
    );
    expect(lines.at(-1)).toBe("Granted a subscription to cli@example.org until 2026-12-31.");
    // It ends with that day in Israel (UTC+2 in December), where the school is.
    expect((await listSubscriptions(t.db, now)).find((s) => s.email === "cli@example.org")?.endsAt).toBe(
      "2026-12-31T21:59:59.000Z",
    );
    expect(await runSubscriptionsCommand(t.db, ["list"], out, now)).toBe(0);
    expect(lines.some((l) => l.startsWith("cli@example.org\tactive"))).toBe(true);
    expect(await runSubscriptionsCommand(t.db, ["revoke", "cli@example.org"], out, now)).toBe(0);
    expect((await listSubscriptions(t.db, now)).find((s) => s.email === "cli@example.org")?.active).toBe(false);
    expect(await runSubscriptionsCommand(t.db, ["revoke", "cli@example.org"], out, now)).toBe(1);
    expect(await runSubscriptionsCommand(t.db, ["grant", "not-an-email"], out, now)).toBe(2);
    expect(await runSubscriptionsCommand(t.db, ["grant", "x@example.org", "--until", "31/12/2026"], out, now)).toBe(2);
    expect(await runSubscriptionsCommand(t.db, ["grant", "x@example.org", "--until", "2020-01-01"], out, now)).toBe(2);
    // Not on the calendar: refused, not rolled into March.
    expect(await runSubscriptionsCommand(t.db, ["grant", "x@example.org", "--until", "2027-02-30"], out, now)).toBe(2);
    expect(await runSubscriptionsCommand(t.db, ["destroy"], out, now)).toBe(2);
    expect((await listSubscriptions(t.db, now)).some((s) => s.email === "x@example.org")).toBe(false);
  });
});
