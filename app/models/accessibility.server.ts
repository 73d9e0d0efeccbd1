import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import { site } from "./site";
import { ACCESSIBILITY_REVIEWED, type AccessibilitySettings } from "./accessibility";
import { storedAccessibility } from "./accessibility.schema";
import { bumpCatalogueVersion } from "./catalogue-version.server";

/**
 * The accessibility statement's details that the admin edits (issue 32 point 5): one site_settings
 * row holding them as JSON, so a save is one write and a reader never sees half of one.
 */
const SETTING = "accessibility_statement";

type Db = Pick<Kysely<Database>, "selectFrom">;

/**
 * Until the admin saves: the school's own email and phone (content/site.ts), no name (the page then
 * names the role), the date the default statement was written, nothing added to its known gaps.
 */
export const DEFAULT_ACCESSIBILITY: AccessibilitySettings = {
  coordinatorName: "",
  coordinatorEmail: site.email,
  coordinatorPhone: site.phone,
  reviewedOn: ACCESSIBILITY_REVIEWED,
  gapsEn: "",
  gapsHe: "",
};

export async function accessibilitySettings(db: Db): Promise<AccessibilitySettings> {
  const row = await db.selectFrom("site_settings").select("value").where("key", "=", SETTING).executeTakeFirst();
  if (!row) return DEFAULT_ACCESSIBILITY;
  let json: unknown;
  try {
    json = JSON.parse(row.value);
  } catch {
    return DEFAULT_ACCESSIBILITY;
  }
  const stored = storedAccessibility.safeParse(json);
  if (!stored.success) return DEFAULT_ACCESSIBILITY;
  const settings = { ...DEFAULT_ACCESSIBILITY };
  for (const [key, value] of Object.entries(stored.data) as [keyof AccessibilitySettings, string | undefined][])
    if (value !== undefined) settings[key] = value;
  return settings;
}

/**
 * Stores the admin's details; "unchanged" when they are what is stored already (nothing written, no
 * audit line). The catalogue's version is bumped in the same transaction: visitors' pages are cached
 * by the public content version (decision 0017), and this is how an edit reaches them, in this
 * process at once and in another within its next check — as the online-checkout switch does.
 */
export async function saveAccessibilitySettings(
  db: Kysely<Database>,
  settings: AccessibilitySettings,
  now: Date = new Date(),
): Promise<"changed" | "unchanged"> {
  const value = JSON.stringify({
    coordinatorName: settings.coordinatorName,
    coordinatorEmail: settings.coordinatorEmail,
    coordinatorPhone: settings.coordinatorPhone,
    reviewedOn: settings.reviewedOn,
    gapsEn: settings.gapsEn,
    gapsHe: settings.gapsHe,
  } satisfies AccessibilitySettings);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("site_settings").select("value").where("key", "=", SETTING).executeTakeFirst();
    if (row?.value === value) return "unchanged";
    await trx
      .insertInto("site_settings")
      .values({ key: SETTING, value, updated_at: now.toISOString() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now.toISOString() }))
      .execute();
    await bumpCatalogueVersion(trx);
    return "changed";
  });
}
