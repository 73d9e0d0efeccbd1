/** The least score, in percent, that passes a quiz: its review then names the right answers, and a list's quiz counts toward the certificate. */
export const PASS_PERCENT = 70;
