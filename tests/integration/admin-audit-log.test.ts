import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveReview } from "../../app/models/review.server.ts";
import { DIALECTS } from "../setup/databases.ts";
import { createAccount, createFeedback, createSignedInUser, createSubscription } from "../support/factories.ts";
import { startApp } from "./harness.ts";

/**
 * The admin audit log records what an admin changed, and only that (issue 30): hiding a hidden
 * card, revoking a revoked subscription or deleting a deleted card answers as before but writes no
 * "moderated", "revoked" or "deleted" line.
 */
describe.each(DIALECTS)("the admin audit log on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    app = await startApp({}, dialect);
    admin = await createSignedInUser(app.db, "admin");
  });
  afterAll(async () => app?.stop());

  const post = (path: string, form: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  /** The audit lines with this message about this row. */
  const lines = (msg: string, about: Record<string, unknown>) =>
    app.logs.filter((l) => l.msg === msg && Object.entries(about).every(([k, v]) => l[k] === v));

  it("logs a feedback card hidden, shown and deleted once each, however often it is asked", async () => {
    const card = await createFeedback(app.db);
    const about = { feedbackId: card.id, adminId: admin.user.id };
    expect((await post("/admin", { intent: "hide", id: card.id })).status).toBe(200);
    expect((await post("/admin", { intent: "hide", id: card.id })).status).toBe(200);
    expect(lines("admin: feedback moderated", about)).toHaveLength(1);
    expect((await post("/admin", { intent: "show", id: card.id })).status).toBe(200);
    expect(lines("admin: feedback moderated", about)).toHaveLength(2);
    expect((await post("/admin", { intent: "delete-feedback", id: card.id })).status).toBe(200);
    expect((await post("/admin", { intent: "delete-feedback", id: card.id })).status).toBe(404);
    expect(lines("admin: feedback deleted", about)).toHaveLength(1);
  });

  it("logs a subscription revoked once: revoking it again changes nothing", async () => {
    const learner = await createSignedInUser(app.db, "learner");
    const subscription = await createSubscription(app.db, { user: learner.user });
    const about = { subscriptionId: subscription, adminId: admin.user.id };
    expect((await post("/admin", { intent: "revoke", id: subscription })).status).toBe(200);
    expect((await post("/admin", { intent: "revoke", id: subscription })).status).toBe(404);
    expect(lines("admin: subscription revoked", about)).toHaveLength(1);
  });

  it("logs an account disabled once, and enabled once", async () => {
    const account = await createAccount(app.db);
    const about = { accountId: account.id, adminId: admin.user.id };
    for (const intent of ["disable-account", "disable-account"])
      expect((await post("/admin", { intent, email: account.email })).status).toBe(200);
    expect(lines("admin: account disabled or enabled", { ...about, disabled: true })).toHaveLength(1);
    for (const intent of ["enable-account", "enable-account"])
      expect((await post("/admin", { intent, email: account.email })).status).toBe(200);
    expect(lines("admin: account disabled or enabled", { ...about, disabled: false })).toHaveLength(1);
  });

  it("logs a review moderated only when it was shown or hidden by the request", async () => {
    const learner = await createSignedInUser(app.db, "learner");
    const course = await app.db.selectFrom("courses").select("id").limit(1).executeTakeFirstOrThrow();
    await saveReview(app.db, {
      courseId: course.id,
      userId: learner.user.id,
      authorName: null,
      rating: 5,
      comment: "Good.",
    });
    const review = await app.db
      .selectFrom("course_reviews")
      .select("id")
      .where("user_id", "=", learner.user.id)
      .executeTakeFirstOrThrow();
    const about = { review: review.id, by: admin.user.id };
    for (const intent of ["hide", "hide", "show", "show"])
      expect((await post("/admin/reviews", { intent, id: review.id })).status).toBe(200);
    expect(lines("review moderated", about).map((l) => l.intent)).toEqual(["hide", "show"]);
  });
});
