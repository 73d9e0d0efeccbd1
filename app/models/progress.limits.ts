/** Watched this share of a video, a lesson counts as complete. */
export const COMPLETE_RATIO = 0.9;
/** Positions and lengths are whole seconds up to a day: nothing a lesson video exceeds. */
export const MAX_SECONDS = 24 * 60 * 60;
/** How often, at most, the player reports where the learner is while a video plays (ms). */
export const REPORT_EVERY_MS = 10_000;
