/** Why a sign-in failed: shared by the OpenID client and the page that explains it (no server code). */

export type SignInErrorCode =
  | "missing_transaction"
  | "state_mismatch"
  | "access_denied"
  | "login_required"
  | "login_failed"
  | "timeout"
  | "request_error"
  | "secret_refused"
  | "bad_algorithm"
  | "clock_skew"
  | "missing_claim"
  | "userinfo_mismatch";

/** ID-token algorithms accepted when the provider advertises them (asymmetric only; RS256 the fallback). */
export const SAFE_ID_TOKEN_ALGS = ["RS256", "PS256", "ES256", "EdDSA"] as const;
/**
 * Everything OIDC_ID_TOKEN_ALGS may name. Never "none"; never HS* either: a token keyed with the
 * client secret cannot be checked against the provider's published keys (SPEC.md §5 non-repudiation).
 */
export const CONFIGURABLE_ID_TOKEN_ALGS = [
  ...SAFE_ID_TOKEN_ALGS,
  "RS384",
  "RS512",
  "PS384",
  "PS512",
  "ES384",
  "ES512",
] as const;
