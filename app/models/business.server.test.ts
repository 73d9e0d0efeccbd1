import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { fieldErrors } from "~/lib/form-errors";
import { DEFAULT_BUSINESS, validDealerNumber } from "./business";
import { BUSINESS_FORM, businessForm } from "./business.schema";
import { businessDetails, saveBusinessDetails, sellerTerms } from "./business.server";
import { readCatalogueVersion } from "./catalogue-version.server";

const GOOD = {
  legalNameEn: " Dana Levi Code School ",
  legalNameHe: "בית הספר לקוד של דנה לוי",
  dealerKind: "licensed",
  dealerNumber: "31415926-0",
  addressEn: "5 Herzl St, Haifa",
  addressHe: "הרצל 5, חיפה",
  email: "billing@school.example",
  phone: "+972 4-555-0199",
  vatPercent: "18",
};

const errorsOf = (post: Record<string, string>) => {
  const parsed = businessForm.safeParse(post);
  return parsed.success ? {} : fieldErrors(parsed.error.issues, BUSINESS_FORM);
};

describe("a dealer or company number", () => {
  it("is nine digits whose check digit is right (the Population Registry's and the Registrar's rule)", () => {
    for (const valid of ["516472834", "514029131", "314159260", "000000018", "123456782"])
      expect(validDealerNumber(valid), valid).toBe(true);
    for (const invalid of ["516472835", "123456789", "51647283", "5164728340", "000000000", "51647283a", ""])
      expect(validDealerNumber(invalid), invalid).toBe(false);
    expect(validDealerNumber(DEFAULT_BUSINESS.dealerNumber)).toBe(true);
  });
});

describe("the business details form", () => {
  it("takes the details trimmed, the number without its dashes and spaces, the rate as a number", () => {
    expect(businessForm.parse(GOOD)).toEqual({
      ...GOOD,
      legalNameEn: "Dana Levi Code School",
      dealerNumber: "314159260",
      vatPercent: 18,
    });
    expect(businessForm.parse({ ...GOOD, vatPercent: "17.5" }).vatPercent).toBe(17.5);
    expect(businessForm.parse({ ...GOOD, dealerKind: "exempt", vatPercent: "0" })).toMatchObject({
      dealerKind: "exempt",
      vatPercent: 0,
    });
  });

  it("refuses each bad field with its own message", () => {
    expect(
      errorsOf({
        legalNameEn: "",
        legalNameHe: "x".repeat(121),
        dealerKind: "partnership",
        dealerNumber: "516472835",
        addressEn: " ",
        addressHe: "",
        email: "billing at school",
        phone: "call us",
        vatPercent: "18%",
      }),
    ).toEqual({
      legalNameEn: "adminBusiness.errors.legalNameEn",
      legalNameHe: "adminBusiness.errors.legalNameHe",
      dealerKind: "adminBusiness.errors.dealerKind",
      dealerNumber: "adminBusiness.errors.dealerNumber",
      addressEn: "adminBusiness.errors.address",
      addressHe: "adminBusiness.errors.address",
      email: "adminBusiness.errors.email",
      phone: "adminBusiness.errors.phone",
      vatPercent: "adminBusiness.errors.vat",
    });
    expect(errorsOf({ ...GOOD, vatPercent: "51" })).toEqual({ vatPercent: "adminBusiness.errors.vat" });
    expect(errorsOf({ ...GOOD, vatPercent: "-1" })).toEqual({ vatPercent: "adminBusiness.errors.vat" });
  });

  it("asks an exempt dealer for no VAT, and a licensed dealer or a company for a rate", () => {
    expect(errorsOf({ ...GOOD, dealerKind: "exempt" })).toEqual({ vatPercent: "adminBusiness.errors.vatExempt" });
    expect(errorsOf({ ...GOOD, vatPercent: "0" })).toEqual({ vatPercent: "adminBusiness.errors.vatMissing" });
    expect(errorsOf({ ...GOOD, dealerKind: "company", vatPercent: "0.00" })).toEqual({
      vatPercent: "adminBusiness.errors.vatMissing",
    });
  });
});

describe.each(DIALECTS)("the business details on %s", (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { seed: false });
  });
  afterAll(async () => t.destroy());

  it("are the demo's until saved, then the admin's; a save bumps the public pages' version, a repeat changes nothing", async () => {
    expect(await businessDetails(t.db)).toEqual(DEFAULT_BUSINESS);
    const before = await readCatalogueVersion(t.db);
    const details = businessForm.parse(GOOD);
    expect(await saveBusinessDetails(t.db, details)).toBe("changed");
    expect(await businessDetails(t.db)).toEqual(details);
    expect(await readCatalogueVersion(t.db)).toBeGreaterThan(before);
    const after = await readCatalogueVersion(t.db);
    expect(await saveBusinessDetails(t.db, details)).toBe("unchanged");
    expect(await readCatalogueVersion(t.db)).toBe(after);
  });

  it("read a row written by hand leniently: a bad field falls back to its default", async () => {
    await t.db
      .updateTable("site_settings")
      .set({ value: JSON.stringify({ legalNameEn: "Hand Made Ltd", dealerNumber: "123", vatPercent: "lots" }) })
      .where("key", "=", "business_details")
      .execute();
    expect(await businessDetails(t.db)).toEqual({ ...DEFAULT_BUSINESS, legalNameEn: "Hand Made Ltd" });
    await t.db.updateTable("site_settings").set({ value: "{not json" }).where("key", "=", "business_details").execute();
    expect(await businessDetails(t.db)).toEqual(DEFAULT_BUSINESS);
  });
});

describe("the terms a page states before a purchase", () => {
  it("name the seller in the page's language, the VAT prices include, and the fee's cap in the prices' currencies", () => {
    const en = sellerTerms(DEFAULT_BUSINESS, "en", ["USD"]);
    expect(en).toMatchObject({
      legalName: "Lomda Ltd",
      dealerKind: "company",
      dealerNumber: "516472834",
      vat: "18%",
      days: 14,
      percent: "5%",
      caps: [
        { currency: "ILS", cap: "₪100" },
        { currency: "USD", cap: "$20" },
      ],
    });
    const he = sellerTerms({ ...DEFAULT_BUSINESS, dealerKind: "exempt", vatPercent: 0 }, "he", ["ILS", "ILS"]);
    expect(he).toMatchObject({ legalName: "לומדה בע״מ", vat: null, caps: [{ currency: "ILS" }] });
    expect(he.caps[0]!.cap).toContain("100");
  });
});
