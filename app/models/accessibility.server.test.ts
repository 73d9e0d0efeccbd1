import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { ACCESSIBILITY_FORM, accessibilityForm } from "./accessibility.schema";
import { accessibilitySettings, DEFAULT_ACCESSIBILITY, saveAccessibilitySettings } from "./accessibility.server";
import { readCatalogueVersion } from "./catalogue-version.server";
import { fieldErrors } from "~/lib/form-errors";

const GOOD = {
  coordinatorName: "  Noa Peretz ",
  coordinatorEmail: "access@school.example",
  coordinatorPhone: "+972 3-555-0100",
  reviewedOn: "2026-11-20",
  gapsEn: "The course PDFs are not tagged.\r\n\r\nAsk us for a Word copy.",
  gapsHe: "קובצי ה־PDF של הקורסים אינם מתויגים.",
};

/** The form's errors for a post, as the admin's page would show them. */
const errorsOf = (post: Record<string, string>) => {
  const parsed = accessibilityForm.safeParse(post);
  return parsed.success ? {} : fieldErrors(parsed.error.issues, ACCESSIBILITY_FORM);
};

describe("the accessibility statement's form", () => {
  it("takes the admin's details, trimmed, with paragraphs' line ends made plain", () => {
    expect(accessibilityForm.parse(GOOD)).toEqual({
      ...GOOD,
      coordinatorName: "Noa Peretz",
      gapsEn: "The course PDFs are not tagged.\n\nAsk us for a Word copy.",
    });
    // No phone line, no further gaps: both may be left empty.
    expect(accessibilityForm.parse({ ...GOOD, coordinatorPhone: "", gapsEn: "", gapsHe: "" })).toMatchObject({
      coordinatorPhone: "",
      gapsEn: "",
    });
  });

  it("refuses each bad field with its own message", () => {
    expect(
      errorsOf({
        coordinatorName: " ",
        coordinatorEmail: "not an address",
        coordinatorPhone: "call me",
        reviewedOn: "2026-02-30",
        gapsEn: "x".repeat(2001),
        gapsHe: "א".repeat(2001),
      }),
    ).toEqual({
      coordinatorName: "adminAccessibility.errors.name",
      coordinatorEmail: "adminAccessibility.errors.email",
      coordinatorPhone: "adminAccessibility.errors.phone",
      reviewedOn: "adminAccessibility.errors.reviewedOn",
      gapsEn: "adminAccessibility.errors.gaps",
      gapsHe: "adminAccessibility.errors.gaps",
    });
    // A review that has not happened yet, a date in another shape, a name too long.
    const future = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(errorsOf({ ...GOOD, reviewedOn: future })).toEqual({ reviewedOn: "adminAccessibility.errors.reviewedOn" });
    expect(errorsOf({ ...GOOD, reviewedOn: "20/11/2026" })).toEqual({
      reviewedOn: "adminAccessibility.errors.reviewedOn",
    });
    expect(errorsOf({ ...GOOD, coordinatorName: "n".repeat(101) })).toEqual({
      coordinatorName: "adminAccessibility.errors.name",
    });
    // Fields missing altogether (a crafted post) are refused at the fields that must be filled.
    expect(errorsOf({})).toEqual({
      coordinatorName: "adminAccessibility.errors.name",
      coordinatorEmail: "adminAccessibility.errors.email",
      reviewedOn: "adminAccessibility.errors.reviewedOn",
    });
  });
});

describe.each(DIALECTS)("the accessibility statement's details on %s", (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("reads the defaults until the admin saves: the school's email and phone, no name, the statement's date", async () => {
    expect(await accessibilitySettings(t.db)).toEqual({
      coordinatorName: "",
      coordinatorEmail: "hello@lomda.co.il",
      coordinatorPhone: DEFAULT_ACCESSIBILITY.coordinatorPhone,
      reviewedOn: "2026-11-27",
      gapsEn: "",
      gapsHe: "",
    });
  });

  it("saves the details in one row, reads them back, and bumps the public content's version only on a change", async () => {
    const input = accessibilityForm.parse(GOOD);
    const before = await readCatalogueVersion(t.db);
    expect(await saveAccessibilitySettings(t.db, input)).toBe("changed");
    expect(await readCatalogueVersion(t.db)).toBe(before + 1);
    expect(await accessibilitySettings(t.db)).toEqual(input);
    // The same details again: nothing written, the cached pages stay.
    expect(await saveAccessibilitySettings(t.db, input)).toBe("unchanged");
    expect(await readCatalogueVersion(t.db)).toBe(before + 1);
    const rows = await t.db.selectFrom("site_settings").select("key").where("key", "like", "accessibility%").execute();
    expect(rows).toEqual([{ key: "accessibility_statement" }]);

    const next = { ...input, coordinatorEmail: "a11y@school.example", coordinatorPhone: "" };
    expect(await saveAccessibilitySettings(t.db, next)).toBe("changed");
    expect(await accessibilitySettings(t.db)).toEqual(next);
    expect(await readCatalogueVersion(t.db)).toBe(before + 2);
  });

  it("falls back to the default of any field a hand-edited row spoils, and to all of them for a row that is not JSON", async () => {
    const write = (value: string) =>
      t.db.updateTable("site_settings").set({ value }).where("key", "=", "accessibility_statement").execute();
    await write(JSON.stringify({ coordinatorName: "Noa", coordinatorEmail: 7, reviewedOn: "yesterday" }));
    expect(await accessibilitySettings(t.db)).toEqual({ ...DEFAULT_ACCESSIBILITY, coordinatorName: "Noa" });
    await write("{not json");
    expect(await accessibilitySettings(t.db)).toEqual(DEFAULT_ACCESSIBILITY);
    await write("42");
    expect(await accessibilitySettings(t.db)).toEqual(DEFAULT_ACCESSIBILITY);
  });
});
