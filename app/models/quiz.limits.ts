/**
 * A quiz's pass mark, in percent: what a finished attempt needs for its review to name the right
 * answers and, for a quiz attached to a list, to count toward that list's certificate. The teacher
 * sets it per quiz in the quiz editor (D-M10), within these bounds; 70 % unless they do.
 */
export const DEFAULT_PASS_PERCENT = 70;
export const MIN_PASS_PERCENT = 50;
export const MAX_PASS_PERCENT = 100;

/**
 * How many options a question has: two (true or false) to six. The database keeps them in six
 * columns, the first N filled (app/models/quiz-options.ts, migration 0030).
 */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;
