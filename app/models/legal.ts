/**
 * The versions of the terms of use and the privacy notice (/terms, /privacy). Sign-up records the
 * version a learner consented to, so a change to either page's substance must change its version
 * (the date it takes effect), which the page also shows as "Last updated". Not a server module:
 * the pages show them in the browser too.
 */
export const TERMS_VERSION = "2026-11-28";
export const PRIVACY_VERSION = "2026-11-28";
