import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Submission } from "../../db/schema.ts";
import { DIALECTS } from "../setup/databases.ts";
import { startApp } from "./harness.ts";

type App = Awaited<ReturnType<typeof startApp>>;

/** A form service that counts what it gets, answering after a moment (so two senders would overlap). */
async function countingFormService(answer: 200 | 500) {
  const received: { name: string }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c));
    req.on("end", () => {
      received.push(JSON.parse(body) as { name: string });
      setTimeout(() => {
        if (answer === 500)
          res.writeHead(500, { "content-type": "application/json" }).end('{"success":false,"message":"Service down"}');
        else res.writeHead(200, { "content-type": "application/json" }).end('{"success":true}');
      }, 20);
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/submit`,
    received,
    close: () => server.close(),
  };
}

/** A row as an earlier process left it in the outbox. */
async function pendingRow(db: Kysely<Database>, name: string, overrides: Partial<Submission> = {}) {
  const now = new Date().toISOString();
  await db
    .insertInto("contact_messages")
    .values({
      id: randomUUID(),
      name,
      email: "left@example.org",
      phone: "050-1234567",
      message: "Sent before the restart",
      locale: "en",
      created_at: now,
      status: "pending",
      handled_at: null,
      handled_by: null,
      forward_status: "pending",
      forward_attempts: 0,
      forward_error: null,
      forward_next_at: now,
      forward_claimed_until: null,
      ...overrides,
    })
    .execute();
}

const statuses = async (db: Kysely<Database>) =>
  (await db.selectFrom("contact_messages").select(["name", "forward_status", "forward_attempts"]).execute()).sort(
    (a, b) => a.name.localeCompare(b.name),
  );

describe.each(DIALECTS)("the forwarding outbox on %s", (dialect) => {
  let owner: App; // holds the database; forwarding not configured, so it sends nothing
  beforeAll(async () => {
    owner = await startApp({}, dialect);
  });
  afterAll(async () => owner.stop());

  it("a process started later sends what an earlier one left pending (even mid-send when it died)", async () => {
    const forms = await countingFormService(200);
    const past = new Date(Date.now() - 60_000).toISOString();
    await pendingRow(owner.db, "a-never-tried");
    await pendingRow(owner.db, "b-retry-due", {
      forward_attempts: 1,
      forward_error: "500: down",
      forward_next_at: past,
    });
    await pendingRow(owner.db, "c-died-mid-send", { forward_claimed_until: past });
    const later = await startApp({ FORMS_FORWARD_URL: forms.url }, dialect, { sharing: owner });
    try {
      await expect
        .poll(async () => (await statuses(owner.db)).map((r) => r.forward_status), { timeout: 5000 })
        .toEqual(["sent", "sent", "sent"]);
      expect((await statuses(owner.db)).map((r) => r.forward_attempts)).toEqual([1, 2, 1]);
      expect(forms.received.map((r) => r.name).sort()).toEqual(["a-never-tried", "b-retry-due", "c-died-mid-send"]);
    } finally {
      await later.stop();
      forms.close();
      await owner.db.deleteFrom("contact_messages").execute();
    }
  });

  it("two processes working the outbox never send the same row twice", async () => {
    const forms = await countingFormService(200);
    const names = Array.from({ length: 30 }, (_, i) => `row-${String(i).padStart(2, "0")}`);
    for (const name of names) await pendingRow(owner.db, name);
    const env = { FORMS_FORWARD_URL: forms.url };
    const [one, two] = await Promise.all([
      startApp(env, dialect, { sharing: owner }),
      startApp(env, dialect, { sharing: owner }),
    ]);
    try {
      await expect
        .poll(async () => (await statuses(owner.db)).filter((r) => r.forward_status === "sent").length, {
          timeout: 10_000,
        })
        .toBe(30);
      expect(forms.received.map((r) => r.name).sort()).toEqual(names);
      expect((await statuses(owner.db)).every((r) => r.forward_attempts === 1)).toBe(true);
      // Both did some of the work (each claims rows one by one).
      const senders = [one, two].map((app) => app.logs.filter((l) => l.msg === "submission forwarded").length);
      expect(senders[0]! + senders[1]!).toBe(30);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
      forms.close();
      await owner.db.deleteFrom("contact_messages").execute();
    }
  });

  it("a target that keeps failing ends as failed, attempts and error recorded, with the backoff kept", async () => {
    const forms = await countingFormService(500);
    await pendingRow(owner.db, "doomed");
    const app = await startApp({ FORMS_FORWARD_URL: forms.url }, dialect, { sharing: owner });
    try {
      await expect.poll(async () => (await statuses(owner.db))[0]!.forward_status, { timeout: 5000 }).toBe("failed");
      const row = await owner.db.selectFrom("contact_messages").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ forward_attempts: 4, forward_next_at: null, forward_claimed_until: null });
      expect(row.forward_error).toContain("Service down");
      expect(forms.received).toHaveLength(4);
      const tries = app.logs.filter((l) => String(l.msg).startsWith("forwarding failed"));
      expect(tries.map((l) => l.msg)).toEqual([
        "forwarding failed; will retry",
        "forwarding failed; will retry",
        "forwarding failed; will retry",
        "forwarding failed for good",
      ]);
      // The test delays are 100, 200, 300 ms between attempts: the retries wait for them.
      const times = tries.map((l) => Date.parse(String(l.time)));
      expect(times[3]! - times[0]!).toBeGreaterThanOrEqual(600);
    } finally {
      await app.stop();
      forms.close();
      await owner.db.deleteFrom("contact_messages").execute();
    }
  });
});
