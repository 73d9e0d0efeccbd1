import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { saveLessonCaptions } from "../../app/models/lesson-captions.server.ts";
import { createLesson, createPayment, createVideoList, setLessonVideo } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { quizzes } from "../../content/quizzes.ts";
import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

// Issue 15: nothing on any page may be wider than a phone. Every page kind at 360 px, in both
// languages; one page per language, reused from page to page (the signed-in pages last).
test.use({ viewport: { width: 360, height: 740 }, reducedMotion: "reduce" });

/** The question with the widest line of code, across the quizzes: the hardest case for the card. */
const widest = quizzes
  .flatMap((quiz) => quiz.questions.map((question, index) => ({ quiz: quiz.key, index, code: question.code ?? "" })))
  .sort(
    (a, b) =>
      Math.max(...b.code.split("\n").map((l) => l.length)) - Math.max(...a.code.split("\n").map((l) => l.length)),
  )[0]!;

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/courses",
  "/courses/mern",
  "/cources/programming",
  "/courses/mern/express",
  "/cources/programming/java",
  "/course/mern-express",
  "/order",
  "/order?course=mern-express",
  "/Payments",
  "/checkout/cancel?course=mern-express",
  "/test",
  "/test/react",
  "/library",
  "/feedback",
  "/contact",
  "/register",
  "/team",
  "/testimonial",
  "/terms",
  "/privacy",
  "/accessibility",
  "/account/forgot",
  "/account/signup",
];

/** What is wider than the viewport: the document, and every element that is not inside a box that scrolls or clips. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      problems.push(`document scrollWidth ${document.documentElement.scrollWidth} > ${width}`);
    }
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== "visible") return true;
      }
      return false;
    };
    const rtl = document.documentElement.dir === "rtl";
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      // Not shown (a closed menu, a hover dropdown) or visually hidden (1 px, like a skip link).
      if (box.width <= 1 || box.height <= 1 || !el.checkVisibility({ visibilityProperty: true })) continue;
      // Wholly past the start edge (a form's honeypot field): out of sight, and no scrolling reaches it.
      if (rtl ? box.left >= width : box.right <= 0) continue;
      if ((box.right > width + 0.5 || box.left < -0.5) && !clipped(el)) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : ""}.${String(el.getAttribute("class") ?? "").slice(0, 60)}`;
        problems.push(`${name}: ${Math.round(box.left)}…${Math.round(box.right)}`);
      }
    }
    return problems.slice(0, 10);
  });
}

/** `errorPage`: the root's error boundary, which has no hydration marker. */
async function expectFits(page: Page, path: string, errorPage = false) {
  await page.goto(path);
  if (!errorPage) await waitForHydration(page);
  expect(await overflow(page), `${path} at 360 px`).toEqual([]);
}

for (const locale of ["en", "he"] as const) {
  test(`no page is wider than a 360 px phone (${locale})`, async ({ page, allowConsoleErrors }) => {
    test.setTimeout(120_000);
    // The 404 and 403 pages log their failed document load.
    allowConsoleErrors(/status of (403|404)/);
    const at = (path: string) => (locale === "he" ? `${path}${path.includes("?") ? "&" : "?"}lng=he` : path);
    for (const path of PUBLIC_PAGES) await expectFits(page, at(path));
    await expectFits(page, at("/no-such-page"), true);

    // A question with code, reached by skipping to it (the form post a browser without JavaScript
    // makes); each attempt asks in an order of its own, so skip until it comes (or start again).
    const total = quizzes.find((quiz) => quiz.key === widest.quiz)!.questions.length;
    let attempt = "";
    for (let index = 0; ; index++) {
      const response = await page.request.post(`/test/${widest.quiz}`, {
        form: { attempt, index: String(index) },
        maxRedirects: 0,
      });
      attempt = new URL(response.headers().location!, "http://lomda.invalid").searchParams.get("attempt") ?? attempt;
      if (index === total - 1) {
        [attempt, index] = ["", -1];
        continue;
      }
      const html = await (await page.request.get(`/test/${widest.quiz}?attempt=${attempt}`)).text();
      const code = /data-testid="question-code"[^>]*><code>([\s\S]*?)<\/code>/.exec(html)?.[1];
      const unescaped = code
        ?.replaceAll("&quot;", '"')
        .replaceAll("&#x27;", "'")
        .replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
        .replaceAll("&amp;", "&");
      if (unescaped === widest.code) break;
    }
    await expectFits(page, at(`/test/${widest.quiz}?attempt=${attempt}`));
    await expect(page.getByTestId("question-code")).toBeVisible();
    // Next stays on screen and pressable.
    const next = page.getByRole("button", { name: locale === "he" ? "הבא" : "Next" });
    await next.scrollIntoViewIfNeeded();
    const box = (await next.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    const step = Number(/\d+/.exec((await page.getByTestId("question-progress").textContent())!)![0]);
    await next.click();
    // Questions come in an order of each attempt's own: the one with the widest code may be the last,
    // and then Next finishes the quiz.
    if (step < total) await expect(page.getByTestId("question-progress")).toContainText(`${step + 1} `);
    else await expect(page.getByTestId("quiz-result")).toBeVisible();

    // A learner: the profile, and the refusal at /admin.
    await startSession(page, DEMO_EMAILS.learner);
    // With a note on the profile (issue 32): a long unbroken word and a time stamp.
    const noteId = `phone-note-${locale}-${randomUUID().slice(0, 8)}`;
    await withE2eDatabase(async (db) => {
      const learner = await db
        .selectFrom("users")
        .select("id")
        .where("email", "=", DEMO_EMAILS.learner)
        .executeTakeFirstOrThrow();
      const lesson = await db.selectFrom("lessons").select("id").orderBy("id").executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await db
        .insertInto("lesson_notes")
        .values({
          id: noteId,
          user_id: learner.id,
          lesson_id: lesson.id,
          position_seconds: 3725,
          body: `https://example.org/${"a-very-long-unbroken-address".repeat(4)} ${locale === "he" ? "הערה בעברית" : "A note"}`,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    await expectFits(page, at("/profile"));
    await expect(page.getByTestId("profile-notes").getByTestId("note")).not.toHaveCount(0);
    await withE2eDatabase((db) => db.deleteFrom("lesson_notes").where("id", "=", noteId).execute());
    await expectFits(page, at("/account/details"));
    // The cancellation page (issue 33), as a buyer of their own sees it: a purchase to cancel, one past
    // its 14 days, and a subscription that renews.
    const buyer = `phone-buyer-${locale}-${randomUUID().slice(0, 8)}@lomda.test`;
    expect((await page.request.post("/__test/account", { form: { email: buyer, name: "Phone Buyer" } })).status()).toBe(
      204,
    );
    await startSession(page, buyer);
    await withE2eDatabase(async (db) => {
      const user = await db.selectFrom("users").select("id").where("email", "=", buyer).executeTakeFirstOrThrow();
      const course = await db
        .selectFrom("courses")
        .select("id")
        .where("slug", "=", "fullstack-nodejs")
        .executeTakeFirstOrThrow();
      await createPayment(db, user, { courseId: course.id, amountCents: 1_999_900, currency: "ILS" });
      await createPayment(db, user, { interval: "year", at: new Date(Date.now() - 40 * 86_400_000) });
      const now = Date.now();
      await db
        .insertInto("subscriptions")
        .values({
          id: randomUUID(),
          user_id: user.id,
          email: null,
          starts_at: new Date(now - 86_400_000).toISOString(),
          ends_at: new Date(now + 30 * 86_400_000).toISOString(),
          granted_by: "payment",
          revoked_at: null,
          revoked_by: null,
          note: null,
          created_at: new Date(now).toISOString(),
          provider_subscription_id: `sub_phone_${randomUUID()}`,
          cancel_at_period_end: 0,
        })
        .execute();
    });
    await expectFits(page, at("/cancel"));
    await expect(page.getByTestId("cancel-purchase")).toHaveCount(1);
    await expect(page.getByTestId("cancel-renewals")).toBeVisible();
    await startSession(page, DEMO_EMAILS.learner);
    await expectFits(page, at("/admin"), true);
    // An admin: the admin pages, the payments page with a payment listed (its table is the widest part).
    await withE2eDatabase(async (db) => {
      const course = await db
        .selectFrom("courses")
        .select("id")
        .where("slug", "=", "mern-react")
        .executeTakeFirstOrThrow();
      const ref = `pi_phone_${locale}`;
      await db
        .insertInto("payments")
        .values({
          id: randomUUID(),
          user_id: null,
          kind: "course",
          course_id: course.id,
          plan_interval: null,
          amount_cents: 24900,
          currency: "USD",
          provider: "stripe",
          provider_ref: ref,
          provider_payment_id: ref,
          provider_subscription_id: null,
          status: "paid",
          created_at: new Date().toISOString(),
          refunded_at: null,
        })
        .onConflict((oc) => oc.column("provider_ref").doNothing())
        .execute();
    });
    await startSession(page, DEMO_EMAILS.admin);
    // A course granted to the admin (who sees everything anyway): the courses-owned table has a row too.
    const adminUserId = await withE2eDatabase(async (db) => {
      const admin = await db
        .selectFrom("users")
        .select("id")
        .where("email", "=", DEMO_EMAILS.admin)
        .executeTakeFirstOrThrow();
      const course = await db
        .selectFrom("courses")
        .select("id")
        .where("slug", "=", "mern-react")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("course_access")
        .values({
          id: randomUUID(),
          user_id: admin.id,
          course_id: course.id,
          granted_by: `admin:${admin.id}`,
          payment_id: null,
          granted_at: new Date().toISOString(),
          revoked_at: null,
          revoked_by: null,
        })
        .execute();
      return admin.id;
    });
    // An existing catalogue's editor: its cover choice and upload form beside the details.
    const mernId = await withE2eDatabase(
      async (db) =>
        (await db.selectFrom("catalogues").select("id").where("slug", "=", "mern").executeTakeFirstOrThrow()).id,
    );
    for (const path of [
      "/admin",
      `/admin/learners/${adminUserId}`,
      "/admin/courses",
      "/admin/courses/new-catalogue",
      `/admin/courses/catalogue/${mernId}`,
      "/admin/courses/new-list",
      "/admin/courses/new-quiz",
      "/admin/payments",
      "/admin/certificates",
      "/admin/reviews",
      "/admin/accessibility",
      "/admin/business",
      "/admin/cancellations",
      "/admin/coupons",
      "/courses/mern/express",
    ])
      await expectFits(page, at(path));
  });
}

// Issue 32: a lesson's page — its player with its controls, the transcript open (a long line, an
// address, code), the learner's notes and the list's lessons open — fits a 320 px phone, in both
// languages, and is accessible so.
test("a captioned lesson's page with its transcript, notes and lessons open fits a 320 px phone (en, he)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const slug = `phone-captions-${randomUUID().slice(0, 8)}`;
  await withE2eDatabase(async (db) => {
    const listId = await createVideoList(db, { slug, titleEn: "Captions on a phone", allFree: "on" });
    const lessonId = await createLesson(db, listId, {
      slug: "sorting",
      titleEn: "Sorting",
      youtube: "e2ePhone001",
      duration: "0:12",
    });
    await createLesson(db, listId, {
      slug: "searching",
      titleEn: "Searching a sorted array with Array.prototype.findLastIndex",
      youtube: "e2ePhone002",
      duration: "11:30",
    });
    await setLessonVideo(db, slug, 0, { videoFile: "lesson-sample.mp4" });
    const vtt = (lines: string[]) =>
      new TextEncoder().encode(
        `WEBVTT\n\n${lines.map((text, i) => `00:0${i * 3}.000 --> 00:0${i * 3 + 3}.000\n${text}`).join("\n\n")}\n`,
      );
    await saveLessonCaptions(
      db,
      lessonId,
      "en",
      vtt([
        "Calling `Array.prototype.toSorted((left, right) => left.localeCompare(right))` keeps the original.",
        "https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/toSorted",
      ]),
    );
    await saveLessonCaptions(
      db,
      lessonId,
      "he",
      vtt([
        "הקריאה ל-`Array.prototype.toSorted((left, right) => left.localeCompare(right))` שומרת על המקור.",
        "https://developer.mozilla.org/he/docs/Web/JavaScript/Reference/Global_Objects/Array/toSorted",
      ]),
    );
  });
  await startSession(page, DEMO_EMAILS.learner);
  for (const [lng, show] of [
    ["en", "Show transcript"],
    ["he", "הצגת התמלול"],
  ] as const) {
    // The server sees the new list within a second (its lesson's file and captions a moment after it).
    await expect
      .poll(async () => (await (await page.request.get(`/lesson/${slug}/sorting`)).text()).includes("/captions/"))
      .toBe(true);
    await page.goto(`/lesson/${slug}/sorting?lng=${lng}`);
    await waitForHydration(page);
    // On a phone the list's lessons are folded under the lesson until asked for.
    const lessons = page.getByTestId("lesson-curriculum");
    await expect(lessons.getByRole("list")).toBeHidden();
    await page.getByTestId("lesson-curriculum-toggle").click();
    await expect(lessons.getByRole("link", { name: /Searching a sorted array/ })).toBeVisible();
    await page.getByRole("button", { name: show }).click();
    await expect(page.getByTestId("transcript").getByRole("button")).toHaveCount(2);
    await page.getByTestId("notes-toggle").click();
    expect(await overflow(page), `${lng} at 320 px`).toEqual([]);
    await expectAccessible(page);
  }
});
