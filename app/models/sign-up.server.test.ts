import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import {
  checkConfirmToken,
  checkAccountToken,
  confirmEmailWithToken,
  createAccountToken,
  setPasswordWithToken,
} from "./account-tokens.server";
import { checkIdpCredentials, createIdpAccount, findIdpAccountByEmail } from "./idp-account.server";
import { removeExpiredRows } from "./housekeeping.server";
import {
  confirmEmailByAdmin,
  newConfirmationToken,
  setSignUpOpen,
  signUp,
  signUpOpen,
  UNCONFIRMED_KEEP_MS,
} from "./sign-up.server";

const PASSWORD = "violet tram harbour 42";
const input = (email: string, password = PASSWORD) => ({ email, password, name: "Yael Bar", termsVersion: "t1" });

describe.each(DIALECTS)("sign-up on %s", (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("a sign-up waits for its confirmation: the right password says so, and signs in only after", async () => {
    const result = await signUp(t.db, input(" New@Example.org "));
    expect(result.status).toBe("pending");
    if (result.status !== "pending") return;
    expect(result.account).toMatchObject({ email: "new@example.org", email_verified_at: null, terms_version: "t1" });
    expect((await checkIdpCredentials(t.db, "new@example.org", PASSWORD)).status).toBe("unconfirmed");
    expect((await checkIdpCredentials(t.db, "new@example.org", "wrong password here")).status).toBe("invalid");
    expect(await checkConfirmToken(t.db, result.token)).toEqual({
      accountId: result.account.id,
      email: "new@example.org",
    });
    // Only for the account whose password was given.
    const other = await createIdpAccount(t.db, { email: "other@example.org", password: PASSWORD, name: "O" });
    expect(await confirmEmailWithToken(t.db, result.token, other)).toBeUndefined();
    expect(await confirmEmailWithToken(t.db, result.token, result.account.id)).toBeDefined();
    expect((await checkIdpCredentials(t.db, "new@example.org", PASSWORD)).status).toBe("ok");
    // Used: once only.
    expect(await confirmEmailWithToken(t.db, result.token, result.account.id)).toBeUndefined();
    expect(await checkConfirmToken(t.db, result.token)).toBeNull();
  });

  it("an address with a confirmed account is left as it was", async () => {
    await createIdpAccount(t.db, { email: "taken@example.org", password: PASSWORD, name: "Owner" });
    const before = await findIdpAccountByEmail(t.db, "taken@example.org");
    const result = await signUp(t.db, input("taken@example.org", "an attacker's passphrase"));
    expect(result.status).toBe("exists");
    expect(await findIdpAccountByEmail(t.db, "taken@example.org")).toEqual(before);
  });

  it("signing up again before confirming: the newest password, and the earlier links void", async () => {
    const first = await signUp(t.db, input("again@example.org"));
    const second = await signUp(t.db, input("again@example.org", "the second passphrase"));
    if (first.status !== "pending" || second.status !== "pending") throw new Error("expected pending");
    expect(second.account.id).toBe(first.account.id);
    expect(await checkConfirmToken(t.db, first.token)).toBeNull();
    expect(await checkConfirmToken(t.db, second.token)).not.toBeNull();
    expect((await checkIdpCredentials(t.db, "again@example.org", PASSWORD)).status).toBe("invalid");
    expect((await checkIdpCredentials(t.db, "again@example.org", "the second passphrase")).status).toBe("unconfirmed");
  });

  it("a confirmation link sets no password, and a password link confirms the address", async () => {
    const result = await signUp(t.db, input("links@example.org"));
    if (result.status !== "pending") throw new Error("expected pending");
    expect(await checkAccountToken(t.db, result.token)).toEqual({ ok: false });
    expect(await setPasswordWithToken(t.db, result.token, "a new passphrase entirely")).toBeUndefined();
    const reset = await createAccountToken(t.db, result.account.id, "reset");
    expect(await setPasswordWithToken(t.db, reset, "a new passphrase entirely")).toBeDefined();
    expect((await checkIdpCredentials(t.db, "links@example.org", "a new passphrase entirely")).status).toBe("ok");
  });

  it("the admin confirms by hand, or makes a new link for one still waiting", async () => {
    const result = await signUp(t.db, input("hand@example.org"));
    if (result.status !== "pending") throw new Error("expected pending");
    expect(await newConfirmationToken(t.db, result.account.id)).not.toBeNull();
    expect(await confirmEmailByAdmin(t.db, result.account.id)).toBe(true);
    expect(await confirmEmailByAdmin(t.db, result.account.id)).toBe(false);
    expect(await newConfirmationToken(t.db, result.account.id)).toBeNull();
    expect((await checkIdpCredentials(t.db, "hand@example.org", PASSWORD)).status).toBe("ok");
  });

  it("housekeeping forgets sign-ups never confirmed after a week, and keeps the rest", async () => {
    const old = new Date("2026-01-01T00:00:00.000Z");
    await signUp(t.db, input("stale@example.org"), old);
    await signUp(t.db, input("fresh@example.org"), new Date(old.getTime() + UNCONFIRMED_KEEP_MS));
    const counts = await removeExpiredRows(t.db, new Date(old.getTime() + UNCONFIRMED_KEEP_MS + 1000));
    expect(counts.unconfirmed_sign_ups).toBe(1);
    expect(await findIdpAccountByEmail(t.db, "stale@example.org")).toBeUndefined();
    expect(await findIdpAccountByEmail(t.db, "fresh@example.org")).toBeDefined();
    // Confirmed accounts stay, however old.
    expect(await findIdpAccountByEmail(t.db, "taken@example.org")).toBeDefined();
  });

  it("the switch: open by default, closed and opened again, each a change once", async () => {
    expect(await signUpOpen(t.db)).toBe(true);
    expect(await setSignUpOpen(t.db, false)).toBe(true);
    expect(await setSignUpOpen(t.db, false)).toBe(false);
    expect(await signUpOpen(t.db)).toBe(false);
    expect(await setSignUpOpen(t.db, true)).toBe(true);
    expect(await signUpOpen(t.db)).toBe(true);
  });
});
