/** Watched this share of a lesson's known length, a lesson counts as watched (toward a certificate). */
export const COMPLETE_RATIO = 0.9;
/** Positions and lengths are whole seconds up to a day: nothing a lesson video exceeds. */
export const MAX_SECONDS = 24 * 60 * 60;
/** How often, at most, the player reports where the learner is while a video plays (ms). */
export const REPORT_EVERY_MS = 10_000;
/**
 * The fastest a learner can watch: YouTube's fastest playback rate. The server credits at most this
 * many seconds of video per second of its own clock, across all of a learner's lessons.
 */
export const WATCH_RATE = 2;
/**
 * How much of a pause the server lets count, in seconds of its clock: the longest gap between two
 * reports of a playing video it still credits in full (a late report, a tab the browser slows down).
 * Past it, an idle learner has banked at most WATCH_RATE × this — a seek forward is not watching.
 */
export const WATCH_BANK_SECONDS = 30;
