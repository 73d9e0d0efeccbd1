/**
 * The feedback form's limits, for the inputs' constraints in the browser. Kept apart from the schema
 * (feedback.schema.ts) so a page importing them does not bring zod into the browser (issue 16).
 */
export const FEEDBACK_LIMITS = { name: 80, comment: 2000, image: 2048 } as const;
export const DEFAULT_RATING = 2;
