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
 * HMAC algorithms: the ID token is keyed with the client secret, so it proves nothing to anyone but
 * this client (no non-repudiation, docs/product.md#rules). Accepted only when OIDC_ID_TOKEN_ALGS names them,
 * for providers that offer nothing else (decision 0015).
 */
export const HMAC_ID_TOKEN_ALGS = ["HS256", "HS384", "HS512"] as const;
/** The shortest client secret each HMAC algorithm may be keyed with (RFC 7518 §3.2: the hash size). */
export const HMAC_MIN_SECRET_BYTES: Record<(typeof HMAC_ID_TOKEN_ALGS)[number], number> = {
  HS256: 32,
  HS384: 48,
  HS512: 64,
};
export const isHmacAlg = (alg: string) => (HMAC_ID_TOKEN_ALGS as readonly string[]).includes(alg);

/**
 * Everything OIDC_ID_TOKEN_ALGS may name: asymmetric algorithms checked against the provider's
 * published keys, and HS* by explicit choice. Never "none".
 */
export const CONFIGURABLE_ID_TOKEN_ALGS = [
  ...SAFE_ID_TOKEN_ALGS,
  "RS384",
  "RS512",
  "PS384",
  "PS512",
  "ES384",
  "ES512",
  ...HMAC_ID_TOKEN_ALGS,
] as const;
