import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The per-request CSP nonce (empty in the browser, where it is not needed again). */
export function useNonce() {
  return useContext(NonceContext);
}
