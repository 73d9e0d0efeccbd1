import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types. Portable across SQLite and PostgreSQL: ids are made in the app (text), timestamps
 * are ISO-8601 UTC text, booleans are integers 0/1.
 */

export interface UsersTable {
  id: string;
  issuer: string;
  subject: string;
  email: string | null;
  email_verified: number;
  name: string | null;
  picture: string | null;
  phone: string | null;
  address: string | null;
  created_at: string;
  last_login_at: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the random session id; the id itself lives only in the browser's cookie. */
  id_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute end of the session, whatever the activity. */
  expires_at: string;
  /** The provider's session id (the ID token's `sid`), matched by back-channel logout. */
  provider_sid: string | null;
  /** No longer written or read (migration 0023); to be dropped in the next release. */
  id_token: string | null;
}

/** One-time links to set or reset an embedded account's password (only the token's SHA-256 is kept). */
export interface AccountTokensTable {
  token_hash: string;
  account_id: string;
  /** "set": the first password after an approved registration; "reset": a forgotten one. */
  purpose: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Logout tokens already used: "<issuer> <jti>", kept until the token would have expired. */
export interface LogoutTokensSeenTable {
  key: string;
  expires_at: string;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string | null;
  email: string | null;
  starts_at: string;
  ends_at: string | null;
  /** "admin:<user id>", "cli", "seed", "request:<id>": who granted it. */
  granted_by: string;
  revoked_at: string | null;
  revoked_by: string | null;
  note: string | null;
  created_at: string;
  /** Bought online: the payment provider's subscription id (its period sets ends_at). */
  provider_subscription_id: string | null;
  /** Bought online: 1 when the buyer cancelled and it ends at the period's end. */
  cancel_at_period_end: number | null;
}

export interface IdpAccountsTable {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  phone: string | null;
  address: string | null;
  created_at: string;
  /** 1: an admin (made with `npm run accounts -- create <email> --admin`). */
  is_admin: Generated<number>;
  /** Set: the account cannot sign in (`npm run accounts -- disable <email>`). */
  disabled_at: string | null;
  /** Null: signed up and not yet confirmed (the mailed link or an admin); cannot sign in until set. */
  email_verified_at: string | null;
  /** The terms and privacy notice agreed to at sign-up (app/models/legal.ts), and when. */
  terms_version: string | null;
  terms_accepted_at: string | null;
}

export interface IdpPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

export interface KeyStoreTable {
  name: string;
  value: string;
  created_at: string;
}

export interface QuizAttemptsTable {
  id: string;
  user_id: string | null;
  quiz: string;
  question_count: number;
  /** The next question to answer (0-based); equals question_count when finished. */
  current_index: number;
  score: number;
  started_at: string;
  updated_at: string;
  finished_at: string | null;
  /**
   * The order the attempt shows its questions and their options in, as JSON:
   * [{"q": question id, "o": [option indexes as shown]}, …]. Null: begun before (the quiz's own order).
   */
  layout: Generated<string | null>;
}

/** A learner's choice for one question of an attempt: read back only for the review of a finished attempt. */
export interface QuizAnswersTable {
  attempt_id: string;
  /** The question's 0-based index in the attempt. */
  position: number;
  question_id: string | null;
  /** The chosen option, 1–6; null: skipped. */
  choice: number | null;
  correct: number;
}

export interface FeedbackTable {
  id: string;
  name: string;
  comment: string;
  image_url: string | null;
  rating: number;
  /** The signed-in author; null for anonymous feedback (a signed cookie proves the author's browser). */
  user_id: string | null;
  /** Hidden by a moderator: kept, not shown. */
  hidden: number;
  created_at: string;
}

/** One row (id 1): the visible feedback's count and star total, and a version bumped by every change. */
export interface FeedbackSummaryTable {
  id: number;
  visible_count: number;
  rating_sum: number;
  version: number;
}

export interface SubmissionsTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  locale: string;
  created_at: string;
  status: "pending" | "handled" | "approved" | "rejected";
  handled_at: string | null;
  handled_by: string | null;
  forward_status: "none" | "pending" | "sent" | "failed";
  forward_attempts: number;
  forward_error: string | null;
  /** The outbox: when the next forwarding attempt is due (null when none is). */
  forward_next_at: string | null;
  /** The outbox: a process sending this row holds it until then. */
  forward_claimed_until: string | null;
}

export interface NewsletterTable {
  id: string;
  email: string;
  locale: string;
  created_at: string;
}

/** One row (id 1): how many have signed up for the newsletter, kept by every sign-up (migration 0017). */
export interface NewsletterSummaryTable {
  id: number;
  subscriber_count: number;
}

export interface CaptchaUsedTable {
  challenge_id: string;
  expires_at: string;
}

/** A fixed window of one rate limit: key is "<limiter>:<hashed key>:<window number>". */
export interface RateLimitsTable {
  key: string;
  count: number;
  expires_at: string;
}

/** A named lease, so one process at a time runs a scheduled round. */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

/* ---------- The catalogue (migration 0010): *_he null means "fall back to English" ---------- */

export interface CataloguesTable {
  id: string;
  /** "mern", "fullstack", "programming"; "home" holds the home page's cards (no page of its own). */
  slug: string;
  position: number;
  title_en: string;
  title_he: string | null;
  description_en: string;
  description_he: string | null;
  published: number;
  /** Its card's picture on /courses (0031): /images/<folder>/<file> (bundled) or /media/covers/<file> (uploaded). */
  cover: string;
  created_at: string;
  updated_at: string;
  /** Added to by every save; an edit form saves only onto the version it was made from (0024). */
  version: Generated<number>;
}

/** A course card, and the course page behind it. */
export interface CoursesTable {
  id: string;
  catalogue_id: string;
  /** Unique; the course page's URL part. */
  slug: string;
  position: number;
  title_en: string;
  title_he: string | null;
  teacher_en: string;
  teacher_he: string | null;
  summary_en: string;
  summary_he: string | null;
  /** Hours as shown, like "9.50". */
  duration: string;
  students: number;
  /** The card's price × 100, in `currency`; also the one-off price when `sold_separately`. */
  price_cents: number;
  /** ISO 4217, upper case: USD or ILS. */
  currency: Generated<string>;
  /** 1: bought on its own online, at price_cents, for good (issue 18). */
  sold_separately: Generated<number>;
  /** Stars × 10 (0–50). */
  rating_tenths: number;
  reviews: number;
  /** A URL path: /images/courses/<file> (bundled) or /media/covers/<file> (uploaded). */
  cover: string;
  /** "Read More" target; null: the course's own page. */
  read_more: string | null;
  /** "Join Now" target; null: /order for this course. */
  join_target: string | null;
  published: number;
  created_at: string;
  updated_at: string;
  /** Added to by every save; an edit form saves only onto the version it was made from (0024). */
  version: Generated<number>;
}

export interface VideoListsTable {
  id: string;
  /** "dsa", "java", "react", …, "tax"; new lists get /courses/<slug>. */
  slug: string;
  title_en: string;
  title_he: string | null;
  description_en: string;
  description_he: string | null;
  /**
   * How many lessons, from the top, are free samples for signed-in learners (default 3), as the
   * teacher set it: what learners get is capped at one lesson fewer than the list has, unless all_free.
   */
  free_samples: number;
  /** 1: the teacher made every lesson free for signed-in learners (the only way a whole list is free). */
  all_free: Generated<number>;
  /**
   * 1: its lessons without a video are shown as "Coming soon"; 0: they are left out of the public
   * pages (0026). Lessons with a video are shown either way.
   */
  coming_soon: Generated<number>;
  published: number;
  created_at: string;
  updated_at: string;
  /** Added to by every save; an edit form saves only onto the version it was made from (0024). */
  version: Generated<number>;
}

/** Which video lists a course is made of, in order. */
export interface CourseVideoListsTable {
  course_id: string;
  list_id: string;
  position: number;
}

export interface LessonsTable {
  id: string;
  list_id: string;
  /** Unique within its list. */
  slug: string;
  position: number;
  title_en: string;
  title_he: string | null;
  description_en: string;
  description_he: string | null;
  /** As shown, like "12:34"; null when unknown. */
  duration: string | null;
  /** An 11-character YouTube id; or */
  youtube_id: string | null;
  /** a self-hosted file served from /video/<file>; both null: no video yet, left out of the public
   * pages or shown as "Coming soon" as its list says (video_lists.coming_soon). */
  video_file: string | null;
  /** The uploaded file's own name, as the admin's computer called it (sanitized, ≤ 200 characters; 0029). */
  video_file_name: string | null;
  published: number;
  created_at: string;
  updated_at: string;
  /** Added to by every save; an edit form saves only onto the version it was made from (0024). */
  version: Generated<number>;
}

/** A lesson's captions in one language, as WebVTT (migration 0033): served under the lesson's access rule. */
export interface LessonCaptionsTable {
  lesson_id: string;
  language: "en" | "he";
  /** The WebVTT served (an uploaded SRT converted), ≤ 512 kB. */
  vtt: string;
  /** How many cues it holds. */
  cues: number;
  /** The uploaded file's own name (sanitized), shown back to admins; null when not given. */
  file_name: string | null;
  updated_at: string;
}

/** A file a teacher attached to a lesson (migration 0034): downloaded by whoever may watch the lesson. */
export interface LessonResourcesTable {
  id: string;
  lesson_id: string;
  /** The media store's name for it (MEDIA_DIR/resources/). */
  file: string;
  /** The name it downloads under: the admin's own, sanitized. */
  name: string;
  content_type: string;
  size: number;
  position: number;
  created_at: string;
}

/** A learner's private note on a lesson (migration 0035): read and written by its owner only. */
export interface LessonNotesTable {
  id: string;
  user_id: string;
  lesson_id: string;
  /** The video's position when written, in whole seconds; null when the player gave none. */
  position_seconds: number | null;
  body: string;
  created_at: string;
  updated_at: string;
}

/** The public URLs of catalogues and video lists (several URLs may show the same list). */
export interface CataloguePathsTable {
  /** Lower-case, no trailing slash, like "/courses/mern/react" or "/cources/programming/advjava". */
  path: string;
  kind: "catalogue" | "list";
  target_id: string;
  /** 0 for aliases (the corrected /courses/programming spelling): one URL per page in the sitemap. */
  in_sitemap: number;
}

export interface QuizzesTable {
  id: string;
  /** "java", "fullstack", "javascript", "react": the quiz is at /test/<slug>. */
  slug: string;
  position: number;
  title_en: string;
  title_he: string | null;
  description_en: string;
  description_he: string | null;
  /** Where "Watch Now" leads after the quiz: a path of this site. */
  follow_up: string;
  /** The list whose certificate asks for a pass of this quiz; null: none (0027). */
  list_id: Generated<string | null>;
  /** The percentage a finished attempt needs to pass: 50–100, 70 unless the teacher says (0027). */
  pass_percent: Generated<number>;
  published: number;
  created_at: string;
  updated_at: string;
  /** Added to by every save; an edit form saves only onto the version it was made from (0024). */
  version: Generated<number>;
}

export interface QuizQuestionsTable {
  id: string;
  quiz_id: string;
  position: number;
  question: string;
  code: string | null;
  /** Two to six options: always the first N of these columns, the rest null (migration 0030). */
  option_1: string;
  option_2: string;
  option_3: string | null;
  option_4: string | null;
  option_5: string | null;
  option_6: string | null;
  /** Which option is right: 1–6 (options are distinct, so it is also exact-text grading). */
  answer: number;
  /** Hebrew text and options (null: the English is shown); code between backticks stays left-to-right. */
  question_he: string | null;
  option_1_he: string | null;
  option_2_he: string | null;
  option_3_he: string | null;
  option_4_he: string | null;
  option_5_he: string | null;
  option_6_he: string | null;
  /** One line on why the answer is right, shown in the review after an attempt (optional). */
  explanation_en: string | null;
  explanation_he: string | null;
  created_at: string;
  updated_at: string;
  /** Added to by every save; an edit form saves only onto the version it was made from (0024). */
  version: Generated<number>;
}

/** One row (id 1): bumped by every catalogue change; processes compare it with their cached copy. */
export interface CatalogueStateTable {
  id: number;
  version: number;
  seeded_at: string | null;
}

/** A learner's progress in one lesson (one row per pair, overwritten as they watch). */
export interface LessonProgressTable {
  user_id: string;
  lesson_id: string;
  /** Where the learner was at the last report, in whole seconds. */
  position_seconds: number;
  /** The video's length as the player reported it (for "resume", never for credit); null until known. */
  duration_seconds: number | null;
  /** Time watched as the server credited it, report by report (never past the lesson's known length). */
  watched_seconds: Generated<number>;
  /** Set once the credited time reached 90 % of the lesson's known length: what certificates count. */
  watched_at: string | null;
  /** "Mark as complete": the learner's own bookmark (counts toward nothing); null when unmarked. */
  marked_at: string | null;
  updated_at: string;
  /** Before migration 0020 (copied into marked_at); no longer written or read, dropped next release. */
  completed_at: string | null;
}

/** Per learner: the server time up to which their watching is accounted for (across all lessons). */
export interface WatchClocksTable {
  user_id: string;
  spent_until: string;
}

/** A certificate of completion of a video list (the verification page is public). */
export interface CertificatesTable {
  id: string;
  user_id: string;
  list_id: string;
  /** As at issue: the certificate says the same thing later. */
  learner_name: string;
  title_en: string;
  title_he: string;
  issued_at: string;
  revoked_at: string | null;
  /**
   * Who or what revoked it: "admin:<id>" (the admin's certificates page), "refund:<payment ref>" or
   * "access-revoked:<who>" (the access that earned it was taken back).
   */
  revoked_by: string | null;
}

/** A learner's review of a course (one per learner and course, editable; the admin may hide it). */
export interface CourseReviewsTable {
  id: string;
  course_id: string;
  user_id: string;
  /** The name the provider gave, as at the last edit; null: shown as "a learner". */
  author_name: string | null;
  /** 1–5 stars. */
  rating: number;
  comment: string;
  hidden: number;
  /** Why it was hidden when not by the admin: "refund:<payment ref>" or "access-revoked:<who>". */
  hidden_by: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  subscriptions: SubscriptionsTable;
  idp_accounts: IdpAccountsTable;
  idp_payloads: IdpPayloadsTable;
  key_store: KeyStoreTable;
  quiz_attempts: QuizAttemptsTable;
  quiz_answers: QuizAnswersTable;
  feedback: FeedbackTable;
  feedback_summary: FeedbackSummaryTable;
  contact_messages: SubmissionsTable;
  registration_requests: SubmissionsTable;
  newsletter_subscribers: NewsletterTable;
  newsletter_summary: NewsletterSummaryTable;
  captcha_used: CaptchaUsedTable;
  rate_limits: RateLimitsTable;
  leases: LeasesTable;
  logout_tokens_seen: LogoutTokensSeenTable;
  account_tokens: AccountTokensTable;
  catalogues: CataloguesTable;
  courses: CoursesTable;
  video_lists: VideoListsTable;
  course_video_lists: CourseVideoListsTable;
  lessons: LessonsTable;
  lesson_captions: LessonCaptionsTable;
  lesson_resources: LessonResourcesTable;
  lesson_notes: LessonNotesTable;
  catalogue_paths: CataloguePathsTable;
  quizzes: QuizzesTable;
  quiz_questions: QuizQuestionsTable;
  catalogue_state: CatalogueStateTable;
  lesson_progress: LessonProgressTable;
  watch_clocks: WatchClocksTable;
  certificates: CertificatesTable;
  course_reviews: CourseReviewsTable;
  billing_plans: BillingPlansTable;
  site_settings: SiteSettingsTable;
  billing_customers: BillingCustomersTable;
  payments: PaymentsTable;
  course_access: CourseAccessTable;
  payment_events: PaymentEventsTable;
  payment_orders: PaymentOrdersTable;
  cancellation_requests: CancellationRequestsTable;
  plan_renewals: PlanRenewalsTable;
  tax_documents: TaxDocumentsTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  payment_refunds: PaymentRefundsTable;
  lesson_exercises: LessonExercisesTable;
  exercise_attempts: ExerciseAttemptsTable;
}

/** A lesson that is a JavaScript or SQL exercise (migration 0042, issue 34). */
export interface LessonExercisesTable {
  lesson_id: string;
  language: "javascript" | "sql";
  instructions_en: string;
  instructions_he: string | null;
  starter_code: string;
  solution: string;
  /** JSON: [{ name, hidden, code }]. */
  tests: string;
  /** JSON: string[] per language. */
  hints_en: string;
  hints_he: string;
  sql_schema: string | null;
  attempts_before_solution: number;
  checked_at: string | null;
  updated_at: string;
}

/** One graded submission of an exercise (migration 0042): the server's grade, never the browser's. */
export interface ExerciseAttemptsTable {
  id: string;
  user_id: string;
  lesson_id: string;
  code: string;
  verdict: string;
  /** JSON arrays of test names. */
  passed_tests: string;
  failed_tests: string;
  ms: number;
  created_at: string;
}

/** A subscription plan the owner offers (issue 18): one row per interval. */
export interface BillingPlansTable {
  interval: "month" | "year";
  amount_cents: number;
  /** ISO 4217, upper case: USD or ILS. */
  currency: string;
  /** 1: offered on /Payments. */
  active: number;
  updated_at: string;
}

export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** The buyer's customer record at the payment provider (for its customer portal). */
export interface BillingCustomersTable {
  user_id: string;
  provider: string;
  customer_id: string;
  created_at: string;
}

export interface PaymentsTable {
  id: string;
  user_id: string | null;
  kind: "subscription" | "course";
  course_id: string | null;
  plan_interval: string | null;
  amount_cents: number;
  currency: string;
  provider: string;
  /** The provider's id of what was paid: a checkout session, or a renewal's invoice. Unique. */
  provider_ref: string;
  /** The provider's payment (payment intent), which a refund names. */
  provider_payment_id: string | null;
  provider_subscription_id: string | null;
  status: "paid" | "refunded";
  created_at: string;
  refunded_at: string | null;
  /**
   * Why the money must go back, when nothing could be granted for it ("course-deleted": the course
   * was deleted during checkout). Kept as the record of why; the payment needs a refund while its
   * status is "paid".
   */
  refund_due: "course-deleted" | null;
  /** The provider's checkout the payment came from (set since migration 0022). */
  checkout_id: string | null;
  /** The coupon the buyer used (its code, upper case) and what it took off, in minor units (migration 0041). */
  coupon_code: string | null;
  discount_cents: number | null;
}

/** A course a learner owns for good: bought, or granted by an admin. */
export interface CourseAccessTable {
  id: string;
  user_id: string;
  course_id: string;
  /** "payment:<payment id>" or "admin:<user id>". */
  granted_by: string;
  payment_id: string | null;
  granted_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

/**
 * Lomda's own order, for a provider whose notification proves nothing (Cardcom, decision 0046): what
 * the buyer was asked to pay, matched against the deal read back from the provider before anything
 * is granted. "open" until a matching paid deal is read back, then "paid" (once).
 */
export interface PaymentOrdersTable {
  /** Sent with the deal (Cardcom: ReturnValue) and read back with it. */
  id: string;
  provider: string;
  /** The provider's id of the hosted page and its deal (Cardcom: LowProfileId); null until it exists. */
  provider_ref: string | null;
  user_id: string;
  kind: "subscription" | "course";
  course_id: string | null;
  plan_interval: "month" | "year" | null;
  amount_cents: number;
  currency: string;
  status: "open" | "paid";
  created_at: string;
  paid_at: string | null;
  /** The payment it became (payments.id). */
  payment_id: string | null;
  /** A plan's: the subscription row its payment granted. */
  subscription_id: string | null;
  /** A plan's: the provider's token for the card, for the renewals Lomda charges (never a card number). */
  card_token: string | null;
  /** The card's expiry, MMYY, as a token charge asks for it. */
  card_expiry: string | null;
  /** When the provider deletes the token (YYYY-MM-DD). */
  token_expires_on: string | null;
  /** The coupon the buyer used and what it took off: `amount_cents` is the price after it (migration 0041). */
  coupon_code: string | null;
  discount_cents: number | null;
}

/** A coupon the admin made (issue 33, point 4; migration 0041, decision 0051). */
export interface CouponsTable {
  id: string;
  /** Upper case, unique: a buyer's code is upper-cased before it is looked up. */
  code: string;
  kind: "percent" | "fixed";
  /** 1–100, for "percent". */
  percent_off: number | null;
  /** For "fixed": minor units of `currency`. */
  amount_off_cents: number | null;
  currency: string | null;
  applies_to: "all" | "plan" | "course";
  plan_interval: "month" | "year" | null;
  course_id: string | null;
  /** The last moment it can be used; null: no expiry. */
  expires_at: string | null;
  /** null: no limit. */
  max_uses: number | null;
  /** 1 until the admin deactivates it. */
  active: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A use of a coupon: reserved while its checkout is open (until held_until), redeemed once paid. */
export interface CouponRedemptionsTable {
  id: string;
  coupon_id: string;
  user_id: string | null;
  status: "reserved" | "redeemed";
  discount_cents: number;
  currency: string;
  order_id: string | null;
  checkout_id: string | null;
  payment_id: string | null;
  held_until: string;
  created_at: string;
  redeemed_at: string | null;
}

/** The provider's events already applied: a redelivered event is acknowledged and changes nothing. */
export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: string;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type IdpAccount = Selectable<IdpAccountsTable>;
export type QuizAttempt = Selectable<QuizAttemptsTable>;
export type FeedbackRow = Selectable<FeedbackTable>;
export type Submission = Selectable<SubmissionsTable>;

/**
 * A buyer's request to cancel a purchase within the legal period, or to stop a subscription's
 * renewal (issue 33; migration 0037). The amounts are what the buyer was told when asking.
 */
export interface CancellationRequestsTable {
  id: string;
  user_id: string | null;
  email: string | null;
  /** The buyer's language when asking ("en" or "he"). */
  locale: string;
  kind: "purchase" | "renewal";
  /** The payment to cancel (kind "purchase"); unique: a purchase is asked about once. */
  payment_id: string | null;
  /** The subscription whose renewal to stop (kind "renewal"); unique. */
  subscription_id: string | null;
  course_id: string | null;
  plan_interval: string | null;
  amount_cents: number | null;
  currency: string | null;
  /** The fee the rule gave (app/models/cancellation.ts), in the purchase's minor units. */
  fee_cents: number | null;
  /** The amount less the fee: what is due back. */
  refund_cents: number | null;
  purchased_at: string | null;
  reason: string | null;
  status: "pending" | "approved" | "declined";
  created_at: string;
  decided_at: string | null;
  /** "admin:<user id>". */
  decided_by: string | null;
  /** The refund an approval made through the provider (payment_refunds.id; migration 0040). */
  refund_id: string | null;
}

/**
 * A refund of a payment made from the admin area through the provider (issue 33; migration 0040,
 * decision 0050): written "pending" before the provider is asked, "done" once it refunded.
 */
export interface PaymentRefundsTable {
  id: string;
  payment_id: string;
  /** In the payment's minor units (agorot, cents). */
  amount_cents: number;
  currency: string;
  status: "pending" | "done";
  /** The provider's id of the refund (Stripe: re_…; Cardcom: NewTranzactionId). */
  provider_refund_id: string | null;
  /** The admin's form's key: the same form submitted twice refunds once. */
  idempotency_key: string;
  reason: string | null;
  /** "admin:<user id>". */
  requested_by: string;
  created_at: string;
  completed_at: string | null;
}

/** A plan's renewal Lomda charges itself (migration 0039, decision 0049): one per subscription and period. */
export interface PlanRenewalsTable {
  id: string;
  subscription_id: string;
  /** The period it pays for starts here: the subscription's end when the renewal began. */
  period_start: string;
  /** The order whose card (token) is charged. */
  order_id: string;
  plan_interval: "month" | "year";
  amount_cents: number;
  currency: string;
  state: "due" | "charging" | "retry" | "paid" | "stopped";
  attempts: number;
  next_attempt_at: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  /** The id sent with the charge (Cardcom: ExternalUniqTranId); kept until the attempt's outcome is known. */
  charge_ref: string | null;
  transaction_id: string | null;
  payment_id: string | null;
  stop_reason: "declined" | "unreachable" | "expired" | "withdrawn" | "cancelled" | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The tax document of a payment or a refund (issue 33, point 2; migration 0038), and its place in the
 * outbox that issues it (app/models/tax-documents.server.ts).
 */
export interface TaxDocumentsTable {
  id: string;
  /** "<payment id>" or "<payment id>:<refund id>": one document each. */
  document_key: string;
  payment_id: string;
  refund_id: string | null;
  kind: "payment" | "refund";
  /** Receipt, TaxInvoiceAndReceipt, ReceiptRefund, TaxInvoiceAndReceiptRefund; null until issued. */
  document_type: string | null;
  /** VAT-inclusive, in the currency's minor units. */
  amount_cents: number;
  currency: string;
  /** The VAT rate it was issued with, in hundredths of a percent (1800 is 18 %; 0: none); null until issued. */
  vat_basis_points: number | null;
  /** Who issues it (the DocumentIssuer's name: "cardcom"). */
  issuer: string;
  status: "pending" | "issued" | "failed";
  /** The issuer's number for it (unique per document type). */
  number: string | null;
  /** The issuer's link to the document (shown only to its buyer and to admins). */
  url: string | null;
  attempts: number;
  next_attempt_at: string | null;
  /** A process is issuing it until then (another takes it after, if that process died). */
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  issued_at: string | null;
}
