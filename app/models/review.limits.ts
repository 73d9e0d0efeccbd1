/** A review comment's length, in characters (after trimming): the form's limits and the server's. */
export const REVIEW_COMMENT_MIN = 3;
export const REVIEW_COMMENT_MAX = 1000;
