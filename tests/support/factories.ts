import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, IdpAccount, Submission, User } from "../../db/schema.ts";
import { ensureAccountForApproval } from "../../app/models/account-tokens.server.ts";
import type { NewCoupon } from "../../app/models/coupons.server.ts";
import { createCatalogue as storeCatalogue } from "../../app/models/course-builder/catalogue.server.ts";
import { createCourse as storeCourse } from "../../app/models/course-builder/course.server.ts";
import { createLesson as storeLesson } from "../../app/models/course-builder/lesson.server.ts";
import { createVideoList as storeVideoList } from "../../app/models/course-builder/list.server.ts";
import { createQuestion as storeQuestion } from "../../app/models/course-builder/question.server.ts";
import { createQuiz as storeQuiz } from "../../app/models/course-builder/quiz.server.ts";
import type { FeedbackInput } from "../../app/models/feedback.schema.ts";
import { bumpCatalogueVersion } from "../../app/models/catalogue-version.server.ts";
import { createFeedback as storeFeedback, type FeedbackItem } from "../../app/models/feedback.server.ts";
import { createSession as storeSession } from "../../app/models/session.server.ts";
import type { SubmissionInput } from "../../app/models/submission.schema.ts";
import { storeSubmission, type SubmissionKind } from "../../app/models/submission.server.ts";
import { grantSubscription } from "../../app/models/subscription.server.ts";
import { recordCheckout } from "../../app/models/billing.server.ts";
import { saveProgress } from "../../app/models/progress.server.ts";
import { upsertUserFromProvider, type ProviderProfile } from "../../app/models/user.server.ts";

/**
 * Small factories for model and integration tests: each makes one row through the real model
 * function, with defaults that are valid and unique (so tests sharing a database do not collide).
 * Pass only what the test is about.
 */

/** The issuer of users made here: no real provider, so never confused with a signed-in demo account. */
export const TEST_ISSUER = "https://test.idp";
/** The admin email the app's default configuration (embedded provider, no ADMIN_EMAILS) trusts. */
export const DEFAULT_ADMIN_EMAIL = "admin@lomda.test";

export function uniqueId(prefix = "t"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}`;
}

/** A user as a sign-in would leave it: keyed by (issuer, subject), verified email by default. */
export async function createUser(
  db: Kysely<Database>,
  overrides: Partial<ProviderProfile> & { now?: Date } = {},
): Promise<User> {
  const { now, ...profile } = overrides;
  const subject = profile.subject ?? uniqueId("user");
  return upsertUserFromProvider(
    db,
    {
      issuer: TEST_ISSUER,
      email: `${subject}@example.org`,
      emailVerified: true,
      name: "Test Person",
      ...profile,
      subject,
    },
    now,
  );
}

/** A subscription for a user (by id) or, with `email`, for whoever signs in with that verified email. */
export async function createSubscription(
  db: Kysely<Database>,
  target: { user: Pick<User, "id"> } | { email: string },
  options: { endsAt?: Date; now?: Date; grantedBy?: string; note?: string } = {},
): Promise<string> {
  return grantSubscription(db, {
    ...("user" in target ? { userId: target.user.id } : { email: target.email }),
    grantedBy: options.grantedBy ?? "test",
    endsAt: options.endsAt,
    note: options.note,
    now: options.now,
  });
}

/** A live session; `cookie` is the Cookie header value a browser would send (plain http origin). */
export async function createSession(
  db: Kysely<Database>,
  user: Pick<User, "id">,
  options: { now?: Date } = {},
): Promise<{ id: string; expiresAt: Date; cookie: string }> {
  const session = await storeSession(db, user.id, options);
  return { ...session, cookie: `lomda_session=${session.id}` };
}

/**
 * A signed-in person of a given kind: a learner, a subscriber (with an open-ended subscription) or an
 * admin (the default admin email, verified). The sign-in round trip itself is tested in
 * tests/integration/auth-flow.test.ts and the browser tests.
 */
export async function createSignedInUser(
  db: Kysely<Database>,
  kind: "learner" | "subscriber" | "admin",
  overrides: Partial<ProviderProfile> = {},
): Promise<{ user: User; sessionId: string; cookie: string }> {
  const user = await createUser(db, {
    name: `Test ${kind}`,
    ...(kind === "admin" ? { email: DEFAULT_ADMIN_EMAIL } : {}),
    ...overrides,
  });
  if (kind === "subscriber") await createSubscription(db, { user });
  const session = await createSession(db, user);
  return { user, sessionId: session.id, cookie: session.cookie };
}

/** A published feedback post (valid input as the form's schema gives it). */
export async function createFeedback(
  db: Kysely<Database>,
  overrides: Partial<FeedbackInput> = {},
  options: { userId?: string | null; now?: Date } = {},
): Promise<FeedbackItem> {
  return storeFeedback(
    db,
    { name: uniqueId("Reader"), comment: "Clear lessons.", image: "", rating: 4, ...overrides },
    options,
  );
}

/** A contact message or registration request as the form stores it (not to be forwarded). */
export async function createSubmission(
  db: Kysely<Database>,
  kind: SubmissionKind,
  overrides: Partial<SubmissionInput> = {},
  options: { now?: Date } = {},
): Promise<Submission> {
  return storeSubmission(
    db,
    kind,
    {
      name: uniqueId("Sender"),
      email: `${uniqueId("sender")}@example.org`,
      phone: "050-123 4567",
      message: "Hello.",
      ...overrides,
    },
    { locale: "en", forward: false, now: options.now },
  );
}

/** An account of the embedded provider as an approved registration leaves it: no password yet. */
export async function createAccount(
  db: Kysely<Database>,
  overrides: { email?: string; name?: string; now?: Date } = {},
): Promise<IdpAccount> {
  const { account } = await ensureAccountForApproval(
    db,
    { email: overrides.email ?? `${uniqueId("account")}@example.org`, name: overrides.name ?? "Test Person" },
    overrides.now,
  );
  return account;
}

/**
 * A payment as the provider's checkout event records it (billing.server.ts recordCheckout), at
 * `at`: a course bought (granted with it; the course must exist) or a plan's first payment. Returns
 * the payment's id.
 */
export async function createPayment(
  db: Kysely<Database>,
  user: Pick<User, "id">,
  options: { at?: Date; amountCents?: number; currency?: string } & (
    { courseId: string } | { interval: "month" | "year"; subscriptionId?: string }
  ),
): Promise<string> {
  const ref = uniqueId("pay");
  const course = "courseId" in options;
  await recordCheckout(
    db,
    "stripe",
    {
      id: `cs_${ref}`,
      kind: course ? "course" : "subscription",
      paid: true,
      userId: user.id,
      courseId: course ? options.courseId : null,
      interval: course ? null : options.interval,
      customerId: null,
      subscriptionId: course ? null : (options.subscriptionId ?? `sub_${ref}`),
      paymentId: course ? `pi_${ref}` : null,
      amountCents: options.amountCents ?? 24_900,
      currency: options.currency ?? "USD",
    },
    options.at ?? new Date(),
  );
  const row = await db
    .selectFrom("payments")
    .select("id")
    .where("provider_ref", "=", course ? `pi_${ref}` : `cs_${ref}`)
    .executeTakeFirstOrThrow();
  return row.id;
}

/* ---------- The catalogue (seeded from content/ in every test database) ---------- */

/** A real-looking YouTube id (11 characters of YouTube's alphabet), unique per call. */
export function fakeYoutubeId(): string {
  return `yt${randomBytes(9).toString("base64url").slice(0, 9)}`;
}

/** Changes catalogue rows as the admin area does: in one transaction that bumps the catalogue's version. */
export async function changeCatalogue(
  db: Kysely<Database>,
  change: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await change(trx);
    await bumpCatalogueVersion(trx);
  });
}

async function listId(db: Kysely<Database>, listSlug: string): Promise<string> {
  const row = await db.selectFrom("video_lists").select("id").where("slug", "=", listSlug).executeTakeFirst();
  if (!row) throw new Error(`no video list "${listSlug}"`);
  return row.id;
}

/**
 * Gives the lesson at `position` (0-based) of a seeded list a video: a YouTube id (a new
 * real-looking one by default), a self-hosted file, or neither ("Video coming soon"); and, with
 * `duration` ("0:40"), the length it is known to have. Returns the id.
 */
export async function setLessonVideo(
  db: Kysely<Database>,
  listSlug: string,
  position: number,
  video: { youtubeId?: string | null; videoFile?: string | null; duration?: string } = {},
): Promise<string | null> {
  const youtubeId = video.youtubeId === undefined ? (video.videoFile ? null : fakeYoutubeId()) : video.youtubeId;
  const id = await listId(db, listSlug);
  await changeCatalogue(db, async (trx) => {
    const result = await trx
      .updateTable("lessons")
      .set({
        youtube_id: youtubeId,
        video_file: video.videoFile ?? null,
        ...(video.duration !== undefined ? { duration: video.duration } : {}),
      })
      .where("list_id", "=", id)
      .where("position", "=", position)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new Error(`no lesson at ${listSlug}[${position}]`);
  });
  return youtubeId;
}

/**
 * Gives every lesson of these seeded lists (all of them by default) a new real-looking YouTube id:
 * the seed's placeholder videos are stored as no video, and a lesson without one is left out of the
 * public pages or shown as "Coming soon" (issue 31), so tests that watch, count or lock seeded lessons
 * give them videos first.
 */
export async function giveLessonsVideos(db: Kysely<Database>, ...listSlugs: string[]): Promise<void> {
  const ids = await Promise.all(listSlugs.map((slug) => listId(db, slug)));
  await changeCatalogue(db, async (trx) => {
    const lessons = await trx
      .selectFrom("lessons")
      .select("id")
      .where("youtube_id", "is", null)
      .where("video_file", "is", null)
      .$if(ids.length > 0, (qb) => qb.where("list_id", "in", ids))
      .execute();
    for (const lesson of lessons)
      await trx.updateTable("lessons").set({ youtube_id: fakeYoutubeId() }).where("id", "=", lesson.id).execute();
  });
}

/** Publishes or unpublishes a catalogue item by its slug (a lesson's slug is unique in the seed). */
export async function setPublished(
  db: Kysely<Database>,
  table: "catalogues" | "courses" | "video_lists" | "lessons" | "quizzes",
  slug: string,
  published: boolean,
): Promise<void> {
  await changeCatalogue(db, async (trx) => {
    const result = await trx
      .updateTable(table)
      .set({ published: published ? 1 : 0 })
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new Error(`no ${table} row "${slug}"`);
  });
}

/** Gives every lesson of a seeded list the same known length ("1:00"): short lessons make watching them quick. */
export async function setLessonDurations(db: Kysely<Database>, listSlug: string, duration: string): Promise<void> {
  const id = await listId(db, listSlug);
  await changeCatalogue(db, async (trx) => {
    await trx.updateTable("lessons").set({ duration }).where("list_id", "=", id).execute();
  });
}

/** Sets how many lessons of a list are free samples for learners. */
export async function setFreeSamples(db: Kysely<Database>, listSlug: string, count: number): Promise<void> {
  const id = await listId(db, listSlug);
  await changeCatalogue(db, async (trx) => {
    await trx.updateTable("video_lists").set({ free_samples: count }).where("id", "=", id).execute();
  });
}

/** Makes every lesson of a list free for signed-in learners (the teacher's choice), or undoes it. */
export async function setAllFree(db: Kysely<Database>, listSlug: string, allFree: boolean): Promise<void> {
  const id = await listId(db, listSlug);
  await changeCatalogue(db, async (trx) => {
    await trx
      .updateTable("video_lists")
      .set({ all_free: allFree ? 1 : 0 })
      .where("id", "=", id)
      .execute();
  });
}

/** Shows a list's lessons without a video as "Coming soon" (true), or leaves them out of the public pages. */
export async function setComingSoon(db: Kysely<Database>, listSlug: string, comingSoon: boolean): Promise<void> {
  const id = await listId(db, listSlug);
  await changeCatalogue(db, async (trx) => {
    await trx
      .updateTable("video_lists")
      .set({ coming_soon: comingSoon ? 1 : 0 })
      .where("id", "=", id)
      .execute();
  });
}

/* ---------- The catalogue, through the course builder's write model ---------- */

function created<T extends { ok: boolean }>(what: string, result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`${what} not created: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

/** A catalogue (published), at /courses/<slug>. Returns its id. */
export async function createCatalogue(
  db: Kysely<Database>,
  overrides: Record<string, string | undefined> = {},
): Promise<string> {
  const slug = uniqueId("cat");
  return created(
    "catalogue",
    await storeCatalogue(db, { slug, titleEn: `Catalogue ${slug}`, published: "on", ...overrides }),
  ).id;
}

/** A course card in a catalogue (made when not given). Returns its id. */
export async function createCourse(
  db: Kysely<Database>,
  overrides: Record<string, string | undefined> & { catalogueId?: string } = {},
): Promise<string> {
  const { catalogueId, ...fields } = overrides;
  const slug = uniqueId("course");
  return created(
    "course",
    await storeCourse(db, catalogueId ?? (await createCatalogue(db)), {
      slug,
      titleEn: `Course ${slug}`,
      teacherEn: "Dana Levi",
      summaryEn: "A course made for a test.",
      duration: "9.50",
      students: "10",
      price: "49.99",
      rating: "4.5",
      reviews: "3",
      published: "on",
      ...fields,
    }),
  ).id;
}

/** A video list (published, 3 free samples), at /courses/<slug>. Returns its id. */
export async function createVideoList(
  db: Kysely<Database>,
  overrides: Record<string, string | string[] | undefined> = {},
): Promise<string> {
  const slug = uniqueId("list");
  return created(
    "video list",
    await storeVideoList(db, {
      slug,
      titleEn: `List ${slug}`,
      freeSamples: "3",
      published: "on",
      ...overrides,
    }),
  ).id;
}

/**
 * A lesson at the end of a list, with a YouTube video unless told otherwise (ten minutes long, unless
 * told otherwise: the builder asks a YouTube lesson for its length). Returns its id.
 */
export async function createLesson(
  db: Kysely<Database>,
  listId: string,
  overrides: Record<string, string | undefined> = {},
): Promise<string> {
  const slug = uniqueId("lesson");
  const fields = { slug, titleEn: `Lesson ${slug}`, youtube: "dQw4w9WgXcQ", published: "on", ...overrides };
  return created(
    "lesson",
    await storeLesson(db, listId, { ...(fields.youtube ? { duration: "10:00" } : {}), ...fields }),
  ).id;
}

/** A quiz (published), at /test/<slug>. Returns its id. */
export async function createQuiz(
  db: Kysely<Database>,
  overrides: Record<string, string | undefined> = {},
): Promise<string> {
  const slug = uniqueId("quiz");
  return created("quiz", await storeQuiz(db, { slug, titleEn: `Quiz ${slug}`, published: "on", ...overrides })).id;
}

/** A question at the end of a quiz; option 2 is right unless told otherwise. Returns its id. */
export async function createQuestion(
  db: Kysely<Database>,
  quizId: string,
  overrides: Record<string, string | undefined> = {},
): Promise<string> {
  return created(
    "question",
    await storeQuestion(db, quizId, {
      question: `Which one? ${uniqueId("q")}`,
      option1: "One",
      option2: "Two",
      option3: "Three",
      option4: "Four",
      answer: "2",
      ...overrides,
    }),
  ).id;
}

/* ---------- Progress ---------- */

/**
 * The clock watchLesson's reports are made on: a month in the past, moving forward with each
 * report, so the learners of a test file (and one learner's lessons, one after another) never
 * overlap, and it never runs into the real time of a report over HTTP.
 */
let simulatedClock = Date.now() - 30 * 86_400_000;

/** "12:34" or "1:02:03" in seconds; null for anything else. */
function lengthOf(duration: string | null): number | null {
  const parts = /^(?:(\d+):)?(\d+):(\d\d)$/.exec(duration ?? "");
  return parts ? Number(parts[1] ?? 0) * 3600 + Number(parts[2]) * 60 + Number(parts[3]) : null;
}

/**
 * A learner watches a lesson to its end through the real model, as the player reports it: a
 * report when it starts, then one every 30 seconds at double speed (the fastest the server
 * credits), on the simulated clock above. The lesson needs a known length. Returns it, in seconds.
 */
export async function watchLesson(db: Kysely<Database>, userId: string, lessonId: string): Promise<number> {
  const lesson = await db.selectFrom("lessons").select("duration").where("id", "=", lessonId).executeTakeFirstOrThrow();
  const length = lengthOf(lesson.duration);
  if (!length) throw new Error(`lesson ${lessonId} has no known length`);
  const report = (position: number) =>
    saveProgress(db, { userId, lessonId, position, duration: length, length }, new Date(simulatedClock));
  await report(0);
  for (let position = 0; position < length;) {
    simulatedClock += 30_000;
    position = Math.min(length, position + 60);
    await report(position);
  }
  simulatedClock += 1000;
  return length;
}

/** A coupon as the admin's form makes it: 20 % off everything, no end, no limit, a code of its own. */
export const newCoupon = (over: Partial<NewCoupon> = {}): NewCoupon => ({
  code: `C${randomBytes(4).toString("hex")}`.toUpperCase(),
  kind: "percent",
  percentOff: 20,
  amountOffCents: null,
  currency: null,
  appliesTo: "all",
  planInterval: null,
  courseId: null,
  expiresAt: null,
  maxUses: null,
  ...over,
});
