import { sql, type Kysely } from "kysely";

/**
 * Sessions no longer keep the provider's ID token. It was kept only to name the person to the
 * provider at sign-out (id_token_hint), which put it in a URL — the browser's history, the
 * provider's and every proxy's access log. Sign-out now names the client instead (client_id), so
 * the tokens already kept are forgotten (issue 29). The column stays for a release: a process of
 * the version before, still running during a rolling restart, writes it (docs/deploy.md, §6).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update sessions set id_token = null`.execute(db);
}

export async function down(): Promise<void> {
  // Forgotten tokens cannot come back; nothing reads them.
}
