import { createContext, useContext } from "react";

/**
 * The CSP nonce of the response, for inline scripts a component renders (the breadcrumb's JSON-LD).
 * Set on the server only: the browser hides nonces after load, so the client renders "" and
 * hydration sees the same attribute.
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
