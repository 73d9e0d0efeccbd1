import { describe, expect, it } from "vitest";
import { isVerified } from "./callback";
import { ADMIN_EMAIL_NOT_VERIFIED } from "~/models/viewer.server";
import { requireAdmin } from "~/routes/admin/guard.server";
import { VISITOR } from "~/models/access.server";
import { en } from "~/i18n/en";
import { he } from "~/i18n/he";

describe("email_verified and admin rights (issue 13)", () => {
  it("sends a visitor to sign in and back to the same admin page, query included", () => {
    let thrown: unknown;
    try {
      requireAdmin(VISITOR, new Request("http://lomda.test/admin/payments.data?before=5&_routes=x"));
    } catch (e) {
      thrown = e;
    }
    expect((thrown as Response).headers.get("location")).toBe(
      `/register?returnTo=${encodeURIComponent("/admin/payments?before=5")}`,
    );
  });

  it("accepts email_verified as true or the string true, nothing else", () => {
    expect(isVerified(true)).toBe(true);
    expect(isVerified("true")).toBe(true);
    for (const value of [false, "false", undefined, null, 1, "yes"]) expect(isVerified(value)).toBe(false);
  });

  it("an admin whose email is not verified gets a 403 that says why (translated), not a bare Forbidden", () => {
    const viewer = {
      ...VISITOR,
      user: { id: "u", subject: "s", name: "A", email: "boss@lomda.test", picture: null },
      isAuthenticated: true,
      role: "learner" as const,
    };
    const thrown = (v: typeof viewer) => {
      try {
        requireAdmin(v, new Request("http://lomda.test/admin"));
      } catch (e) {
        return e;
      }
    };
    expect(thrown(viewer)).toMatchObject({ data: { reason: "admin_only" }, init: { status: 403 } });
    expect(thrown({ ...viewer, adminEmailUnverified: true })).toMatchObject({
      data: { reason: ADMIN_EMAIL_NOT_VERIFIED },
      init: { status: 403 },
    });
    expect(en.forbidden.adminEmailNotVerified).toContain("email_verified");
    expect(he.forbidden.adminEmailNotVerified).toContain("email_verified");
  });
});
