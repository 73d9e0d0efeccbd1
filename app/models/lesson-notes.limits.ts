/** A note's length, in characters (the form's maxlength and the schema's check). */
export const NOTE_MAX_LENGTH = 2000;
/** Notes one learner may keep on one lesson: plenty for study, a bound on what one account can store. */
export const NOTES_PER_LESSON = 200;
