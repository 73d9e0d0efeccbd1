/**
 * The contact and registration-request forms' limits, for the inputs' constraints in the browser.
 * Kept apart from the schema (submission.schema.ts) so the form does not bring zod into the browser.
 */
export const SUBMISSION_LIMITS = { name: 100, email: 254, phoneMin: 7, phoneMax: 20, message: 5000 } as const;
