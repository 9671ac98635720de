import { createContext } from "react-router";

/** The client's address, set by server.mjs (null under the dev server). */
export const clientAddressContext = createContext<string | null>(null);
