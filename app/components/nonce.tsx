import { createContext, useContext } from "react";

// The CSP nonce of the page being rendered on the server. In the browser it is
// "": browsers hide nonce attributes, and scripts added after load need none.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
