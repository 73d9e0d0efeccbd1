/** Why a sign-in failed: shared by the OpenID client and the page that explains it (no server code). */

export type SignInErrorCode =
  | "missing_transaction"
  | "state_mismatch"
  | "access_denied"
  | "login_required"
  | "login_failed"
  | "timeout"
  | "request_error";
