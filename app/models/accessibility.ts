/**
 * The accessibility statement (/accessibility, issue 32 point 5): its limits and its defaults. Not a
 * server module and free of zod, so the admin form's inputs can carry the same limits in the browser.
 */

/** The longest each field may be: a name, an address, a phone number, and a few paragraphs. */
export const ACCESSIBILITY_LIMITS = { name: 100, email: 254, phone: 30, gaps: 2000 } as const;

/**
 * The date the default statement was written against the site as it was: what the page says as its
 * last review until an admin records a review of their own.
 */
export const ACCESSIBILITY_REVIEWED = "2026-11-27";

/** What the admin sets; empty text where they have set nothing. */
export interface AccessibilitySettings {
  /** The coordinator's name; empty shows the role ("the accessibility coordinator") instead. */
  coordinatorName: string;
  coordinatorEmail: string;
  /** Empty when there is no phone line to give. */
  coordinatorPhone: string;
  /** The date of the last review, YYYY-MM-DD. */
  reviewedOn: string;
  /** What else is not yet accessible, and the way around it, in each language (plain text; blank lines part paragraphs). */
  gapsEn: string;
  gapsHe: string;
}
