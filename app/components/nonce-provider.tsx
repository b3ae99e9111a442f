import { createContext, useContext } from "react";

const NonceContext = createContext("");

/** Makes the response's CSP nonce available to the inline scripts the root renders. */
export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response ("" in the browser, where it is no longer needed). */
export function useNonce(): string {
  return useContext(NonceContext);
}
