import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveReview } from "../../app/models/review.server.ts";
import { createSignedInUser, setLessonVideo } from "../support/factories.ts";
import { shown, startApp } from "./harness.ts";

/**
 * Issue 17: reviews from learners over HTTP — who may write one, bad input, the cards' stars, moderation.
 * Each test has its own learners (and the last its own course), so they pass in any order.
 */
describe("reviews from learners over HTTP", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let admin: string;
  /** The HTML course: one list of one lesson, so one finished lesson is half of it. */
  const coursePath = "/course/fullstack-html";
  beforeAll(async () => {
    app = await startApp();
    // The course's one lesson, with its video and a short known length. Subscribers: the HTML course's
    // one lesson is no free sample (issue 29).
    await setLessonVideo(app.db, "html", 0, { duration: "0:40" });
    admin = (await createSignedInUser(app.db, "admin")).cookie;
  });
  afterAll(async () => app?.stop());

  const get = async (path: string, cookie?: string) =>
    (await fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {} })).text();
  const post = (path: string, cookie: string | undefined, form: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { ...(cookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  /** The reviews this learner has written. */
  const reviewsBy = async (userId: string) =>
    Number(
      (await app.db
        .selectFrom("course_reviews")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirst())!.n,
    );

  it("invites a visitor to sign in, and tells a learner who has not watched enough what to do", async () => {
    const { user, cookie: newcomer } = await createSignedInUser(app.db, "learner");
    expect((await get(coursePath)).includes("Sign in to review this course")).toBe(true);
    expect(await get(coursePath, newcomer)).toContain('data-testid="review-not-yet"');
    const refused = await post(coursePath, newcomer, { intent: "review", rating: "5", comment: "Great!" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You can review a course once you have watched at least half");
    expect((await post(coursePath, undefined, { intent: "review", rating: "5", comment: "Great!" })).status).toBe(403);
    expect(await reviewsBy(user.id)).toBe(0);
  });

  it("takes a review from a learner who watched half a list, refusing bad input with the form's messages", async () => {
    const { user, cookie: dana } = await createSignedInUser(app.db, "subscriber", { name: "Dana Levi" });
    const marker = (await createSignedInUser(app.db, "subscriber")).cookie;
    const lessonRow = await app.db
      .selectFrom("lessons")
      .innerJoin("video_lists", "video_lists.id", "lessons.list_id")
      .select("lessons.id")
      .where("video_lists.slug", "=", "html")
      .executeTakeFirstOrThrow();
    // Marking the lesson complete is not watching it: no review yet.
    expect((await post("/courses/fullstack/html", marker, { intent: "complete", lesson: lessonRow.id })).status).toBe(
      303,
    );
    expect(await get(coursePath, marker)).toContain('data-testid="review-not-yet"');
    expect((await post(coursePath, marker, { intent: "review", rating: "5", comment: "Great!" })).status).toBe(403);
    // Dana watches the course's one lesson: the player's reports as it plays from 0:00 to its end.
    for (const position of ["0", "40"])
      expect(
        (
          await fetch(`${app.url}/api/progress`, {
            method: "POST",
            headers: { cookie: dana },
            body: new URLSearchParams({ lesson: lessonRow.id, position, duration: "40" }),
          })
        ).status,
      ).toBe(200);
    const page = await get(coursePath, dana);
    expect(page).toContain('name="comment"');
    // The form is a chunk of its own in the browser; the server puts it in place, never in a part
    // streamed out of place that only a script shows (components/ui/lazy-on-server.ts).
    expect(page).not.toMatch(/<div hidden id="S:\d+">/);
    for (const [form, message] of [
      [{ intent: "review", rating: "7", comment: "Fine" }, "Choose from 1 to 5 stars."],
      [{ intent: "review", rating: "4", comment: " " }, "Write a few words (at least 3 characters)."],
      [{ intent: "review", rating: "4", comment: "x".repeat(1001) }, "Keep it under 1,000 characters."],
      [{ intent: "other", rating: "4", comment: "Fine" }, "That request was not understood; nothing was saved."],
    ] as const) {
      const response = await post(coursePath, dana, form);
      expect(response.status, message).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const hebrew = await post(`${coursePath}?lng=he`, dana, { intent: "review", rating: "0", comment: "טוב" });
    expect(await hebrew.text()).toContain("בחרו בין כוכב אחד ל־5 כוכבים.");
    expect(await reviewsBy(user.id)).toBe(0);

    const saved = await post(coursePath, dana, { intent: "review", rating: "4", comment: "Clear <b>and</b> short." });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/course/fullstack-html#reviews");
    // "Thank you" rides in the flash cookie, shown once.
    const flash = saved.headers
      .getSetCookie()
      .find((c) => c.startsWith("lomda_flash="))!
      .split(";")[0]!;
    const after = await get(coursePath, `${dana}; ${flash}`);
    expect(shown(after)).toContain("Thank you! Your review is saved.");
    expect(shown(await get(coursePath, dana))).not.toContain("Thank you! Your review is saved.");
    expect(after).toContain("Clear &lt;b&gt;and&lt;/b&gt; short.");
    expect(after).toContain("Dana Levi");
    // Posting again changes the same review.
    await post(coursePath, dana, { intent: "review", rating: "5", comment: "Even better the second time." });
    expect(await reviewsBy(user.id)).toBe(1);
  });

  it("shows the learners' stars on the course card, and the seeded ones again when the admin hides the review", async () => {
    // A course of its own (the CSS one: seeded 4.7 stars from 188 reviews), reviewed through the model.
    const { user, cookie: rina } = await createSignedInUser(app.db, "subscriber", { name: "Rina Cohen" });
    const course = await app.db
      .selectFrom("courses")
      .select("id")
      .where("slug", "=", "fullstack-css")
      .executeTakeFirstOrThrow();
    await saveReview(app.db, {
      courseId: course.id,
      userId: user.id,
      authorName: "Rina Cohen",
      rating: 3,
      comment: "The grid chapter is the one to read.",
    });
    // The app looks at the catalogue again within a second: wait for what it shows.
    const card = async () => shown(await get("/courses/fullstack"));
    await expect.poll(card, { timeout: 5000 }).toContain("Rated 3.0 out of 5, 1 review");
    const id = (
      await app.db.selectFrom("course_reviews").select("id").where("user_id", "=", user.id).executeTakeFirstOrThrow()
    ).id;
    expect((await post("/admin/reviews", rina, { intent: "hide", id })).status).toBe(403);
    expect((await post("/admin/reviews", admin, { intent: "hide", id: "not-an-id" })).status).toBe(400);
    expect(await get("/admin/reviews", admin)).toContain("The grid chapter is the one to read.");
    expect((await post("/admin/reviews", admin, { intent: "hide", id })).status).toBe(200);
    await expect.poll(card, { timeout: 5000 }).toContain("Rated 4.7 out of 5, 188 reviews"); // the seed's figures
    expect(await card()).not.toContain("Rated 3.0 out of 5, 1 review");
    expect(await get("/course/fullstack-css")).not.toContain("The grid chapter is the one to read.");
    // Its author still sees it, marked hidden.
    expect(await get("/course/fullstack-css", rina)).toContain("Your review is hidden by the site");
  });
});
