import { COOKIE_MAX_AGE } from "~/lib/cookies.server";
import { IDP_SESSION_SECONDS } from "~/lib/idp/provider.server";
import { RESET_PASSWORD_TTL_MS, SET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from "./account-tokens.server";
import { OPEN_ORDER_DAYS, PAYMENT_EVENT_DAYS } from "./billing.server";
import { STALE_ATTEMPT_MS } from "./quiz.server";
import { UNCONFIRMED_KEEP_MS } from "./sign-up.server";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./session.server";

/** A length of time as the privacy notice words it: whole days when it is days, else whole hours, else seconds. */
export type Span = { unit: "days" | "hours" | "seconds"; count: number };

const HOUR = 3600;
const DAY = 24 * HOUR;

export function span(seconds: number): Span {
  if (seconds % DAY === 0) return { unit: "days", count: seconds / DAY };
  if (seconds % HOUR === 0) return { unit: "hours", count: seconds / HOUR };
  return { unit: "seconds", count: seconds };
}

/**
 * The times the privacy notice (/privacy) quotes, read from the code that enforces them, so the page
 * cannot drift from what the site does: sessions, one-time links, unfinished quizzes, the payment
 * provider's notifications (housekeeping.server.ts deletes them), and how long each cookie lasts.
 */
export function retentionTimes() {
  return {
    sessionIdle: span(SESSION_IDLE_MS / 1000),
    sessionMax: span(SESSION_ABSOLUTE_MS / 1000),
    providerSession: span(IDP_SESSION_SECONDS),
    setPasswordLink: span(SET_PASSWORD_TTL_MS / 1000),
    resetPasswordLink: span(RESET_PASSWORD_TTL_MS / 1000),
    confirmLink: span(VERIFY_EMAIL_TTL_MS / 1000),
    unconfirmedSignUp: span(UNCONFIRMED_KEEP_MS / 1000),
    staleQuiz: span(STALE_ATTEMPT_MS / 1000),
    paymentEvents: span(PAYMENT_EVENT_DAYS * DAY),
    openOrders: span(OPEN_ORDER_DAYS * DAY),
    localeCookie: span(COOKIE_MAX_AGE.locale),
    signInCookie: span(COOKIE_MAX_AGE.signIn),
    feedbackCookie: span(COOKIE_MAX_AGE.postedFeedback),
    flashCookie: span(COOKIE_MAX_AGE.flash),
  };
}

export type RetentionTimes = ReturnType<typeof retentionTimes>;
