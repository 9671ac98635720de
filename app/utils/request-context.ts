import { createContext } from "react-router";

/** The client's address, set by server.mjs (null under the dev server). */
export const clientAddressContext = createContext<string | null>(null);

/** This request's CSP nonce (see security-headers.server.ts); empty under the dev server. */
export const nonceContext = createContext<string>("");
