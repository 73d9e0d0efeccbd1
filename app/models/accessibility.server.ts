import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import { site } from "./site";
import { ACCESSIBILITY_REVIEWED, type AccessibilitySettings } from "./accessibility";
import { storedAccessibility } from "./accessibility.schema";
import { readSetting, saveSetting } from "./site-settings.server";

/**
 * The accessibility statement's details that the admin edits (issue 32 point 5), kept as one
 * site setting (site-settings.server.ts).
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

export function accessibilitySettings(db: Db): Promise<AccessibilitySettings> {
  return readSetting(db, SETTING, storedAccessibility, DEFAULT_ACCESSIBILITY);
}

/** Stores the admin's details (site-settings.server.ts: "unchanged" writes nothing; cached pages follow). */
export function saveAccessibilitySettings(
  db: Kysely<Database>,
  settings: AccessibilitySettings,
  now: Date = new Date(),
): Promise<"changed" | "unchanged"> {
  const value: AccessibilitySettings = {
    coordinatorName: settings.coordinatorName,
    coordinatorEmail: settings.coordinatorEmail,
    coordinatorPhone: settings.coordinatorPhone,
    reviewedOn: settings.reviewedOn,
    gapsEn: settings.gapsEn,
    gapsHe: settings.gapsHe,
  };
  return saveSetting(db, SETTING, value, now);
}
