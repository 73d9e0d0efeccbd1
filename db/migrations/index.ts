import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_users_sessions.ts";
import * as m0002 from "./0002_subscriptions_idp.ts";
import * as m0003 from "./0003_quiz_attempts.ts";
import * as m0004 from "./0004_feedback.ts";
import * as m0005 from "./0005_submissions.ts";
import * as m0006 from "./0006_shared_state.ts";
import * as m0007 from "./0007_idp_account_admin.ts";
import * as m0008 from "./0008_backchannel_logout.ts";
import * as m0009 from "./0009_account_tokens.ts";
import * as m0010 from "./0010_catalogue.ts";
import * as m0011 from "./0011_quiz_translations.ts";
import * as m0012 from "./0012_feedback_summary.ts";
import * as m0013 from "./0013_admin_list_indexes.ts";
import * as m0014 from "./0014_lesson_progress.ts";
import * as m0015 from "./0015_certificates.ts";
import * as m0016 from "./0016_course_reviews.ts";
import * as m0017 from "./0017_payments.ts";
import * as m0018 from "./0018_newsletter_count.ts";
import * as m0019 from "./0019_subscription_end_of_day.ts";
import * as m0020 from "./0020_earned_certificates.ts";
import * as m0021 from "./0021_list_all_free.ts";
import * as m0022 from "./0022_payment_refund_due.ts";
import * as m0023 from "./0023_forget_id_tokens.ts";
import * as m0024 from "./0024_row_versions.ts";
import * as m0025 from "./0025_self_sign_up.ts";
import * as m0026 from "./0026_lessons_coming_soon.ts";
import * as m0027 from "./0027_quiz_list_pass_mark.ts";
import * as m0029 from "./0029_lesson_video_name.ts";
import * as m0030 from "./0030_quiz_option_count.ts";
import * as m0031 from "./0031_catalogue_cover.ts";
import * as m0033 from "./0033_lesson_captions.ts";
import * as m0034 from "./0034_lesson_resources.ts";
import * as m0035 from "./0035_lesson_notes.ts";
import * as m0036 from "./0036_payment_orders.ts";
import * as m0037 from "./0037_cancellation_requests.ts";
import * as m0038 from "./0038_tax_documents.ts";
import * as m0039 from "./0039_plan_renewals.ts";
import * as m0040 from "./0040_payment_refunds.ts";
import * as m0041 from "./0041_coupons.ts";
import * as m0042 from "./0042_exercises.ts";

/**
 * Every migration, in order. Listed in code (not read from a folder) so the server bundle
 * carries them and they run unchanged on SQLite and PostgreSQL.
 */
export const migrations: Record<string, Migration> = {
  "0001_users_sessions": m0001,
  "0002_subscriptions_idp": m0002,
  "0003_quiz_attempts": m0003,
  "0004_feedback": m0004,
  "0005_submissions": m0005,
  "0006_shared_state": m0006,
  "0007_idp_account_admin": m0007,
  "0008_backchannel_logout": m0008,
  "0009_account_tokens": m0009,
  "0010_catalogue": m0010,
  "0011_quiz_translations": m0011,
  "0012_feedback_summary": m0012,
  "0013_admin_list_indexes": m0013,
  "0014_lesson_progress": m0014,
  "0015_certificates": m0015,
  "0016_course_reviews": m0016,
  "0017_payments": m0017,
  "0018_newsletter_count": m0018,
  "0019_subscription_end_of_day": m0019,
  "0020_earned_certificates": m0020,
  "0021_list_all_free": m0021,
  "0022_payment_refund_due": m0022,
  "0023_forget_id_tokens": m0023,
  "0024_row_versions": m0024,
  "0025_self_sign_up": m0025,
  "0026_lessons_coming_soon": m0026,
  "0027_quiz_list_pass_mark": m0027,
  "0029_lesson_video_name": m0029,
  "0030_quiz_option_count": m0030,
  "0031_catalogue_cover": m0031,
  "0033_lesson_captions": m0033,
  "0034_lesson_resources": m0034,
  "0035_lesson_notes": m0035,
  "0036_payment_orders": m0036,
  "0037_cancellation_requests": m0037,
  "0038_tax_documents": m0038,
  "0039_plan_renewals": m0039,
  "0040_payment_refunds": m0040,
  "0041_coupons": m0041,
  "0042_exercises": m0042,
};
