import type { Kysely } from "kysely";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Database } from "~/lib/db.server";

/**
 * oidc-provider's storage in our database (table idp_payloads), so sign-ins survive a restart and
 * several processes share them.
 */
export function databaseAdapter(db: Kysely<Database>) {
  return class DatabaseAdapter implements Adapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const values = {
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
      };
      await db
        .insertInto("idp_payloads")
        .values({ model: this.model, id, consumed_at: null, ...values })
        .onConflict((oc) => oc.columns(["model", "id"]).doUpdateSet(values))
        .execute();
    }

    private async findWhere(column: "id" | "uid" | "user_code", value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom("idp_payloads")
        .select(["payload", "expires_at", "consumed_at"])
        .where("model", "=", this.model)
        .where(column, "=", value)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at && row.expires_at <= new Date().toISOString()) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(Date.parse(row.consumed_at) / 1000) } : payload;
    }

    find(id: string) {
      return this.findWhere("id", id);
    }

    findByUid(uid: string) {
      return this.findWhere("uid", uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere("user_code", userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable("idp_payloads")
        .set({ consumed_at: new Date().toISOString() })
        .where("model", "=", this.model)
        .where("id", "=", id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom("idp_payloads").where("model", "=", this.model).where("id", "=", id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom("idp_payloads").where("grant_id", "=", grantId).execute();
    }
  };
}

/**
 * Ends an account's sessions at the provider (its "remember me" across sign-ins): after a password
 * change or reset, or when the account is disabled, a browser holding such a session must sign in
 * again rather than come back through /signin without a password. The account id sits inside the
 * stored JSON, so candidates are found by text and then checked parsed.
 */
export async function endProviderSessions(db: Kysely<Database>, accountId: string): Promise<number> {
  let query = db.selectFrom("idp_payloads").select(["id", "payload"]).where("model", "=", "Session");
  // Accounts have UUIDs; an id with LIKE's wildcards in it would be looked for among all sessions.
  if (/^[0-9A-Za-z-]+$/.test(accountId)) query = query.where("payload", "like", `%${accountId}%`);
  const candidates = await query.execute();
  const ids = candidates
    .filter((row) => (JSON.parse(row.payload) as { accountId?: unknown }).accountId === accountId)
    .map((row) => row.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom("idp_payloads").where("model", "=", "Session").where("id", "in", ids).execute();
  return ids.length;
}

/** Housekeeping: removes expired provider state. */
export async function deleteExpiredIdpPayloads(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom("idp_payloads").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
