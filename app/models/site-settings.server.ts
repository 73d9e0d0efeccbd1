import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "~/lib/db.server";
import { bumpCatalogueVersion } from "./catalogue-version.server";

/**
 * Details the admin edits as one whole (the accessibility statement's, the business's): one
 * site_settings row holding them as JSON, so a save is one write and a reader never sees half of one.
 */

type Db = Pick<Kysely<Database>, "selectFrom">;

/**
 * The details stored under `key`, each field over its default; the defaults when nothing is stored
 * or what is stored cannot be read (a row from a later version, say): a page never fails for it.
 */
export async function readSetting<T extends object>(
  db: Db,
  key: string,
  stored: z.ZodType<Partial<T>>,
  defaults: T,
): Promise<T> {
  const row = await db.selectFrom("site_settings").select("value").where("key", "=", key).executeTakeFirst();
  if (!row) return defaults;
  let json: unknown;
  try {
    json = JSON.parse(row.value);
  } catch {
    return defaults;
  }
  const parsed = stored.safeParse(json);
  if (!parsed.success) return defaults;
  const settings = { ...defaults };
  for (const [field, value] of Object.entries(parsed.data))
    if (value !== undefined) Object.assign(settings, { [field]: value });
  return settings;
}

/**
 * Stores the admin's details under `key`; "unchanged" when they are what is stored already (nothing
 * written, no audit line). `value` lists its fields in a fixed order, so equal details are equal
 * text. The catalogue's version is bumped in the same transaction: visitors' pages are cached by the
 * public content version (decision 0017), and this is how an edit reaches them, in this process at
 * once and in another within its next check.
 */
export async function saveSetting(
  db: Kysely<Database>,
  key: string,
  value: object,
  now: Date = new Date(),
): Promise<"changed" | "unchanged"> {
  const text = JSON.stringify(value);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("site_settings").select("value").where("key", "=", key).executeTakeFirst();
    if (row?.value === text) return "unchanged";
    await trx
      .insertInto("site_settings")
      .values({ key, value: text, updated_at: now.toISOString() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: text, updated_at: now.toISOString() }))
      .execute();
    await bumpCatalogueVersion(trx);
    return "changed";
  });
}
