/** The versions of the terms of use and the privacy notice (/terms, /privacy) a sign-up agrees to. */
export const TERMS_VERSION = "2026-11-27";
export const PRIVACY_VERSION = "2026-11-27";
