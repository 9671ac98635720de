import { createContext } from "react-router";

/** The client's address, set by server.mjs (null under the dev server). */
export const clientAddressContext = createContext<string | null>(null);

/** This request's CSP nonce (see security-headers.server.ts); empty under the dev server. */
export const nonceContext = createContext<string>("");

/**
 * True when server/edge.mjs answers the request as a direct route and writes an answer's
 * NODE_BODY (an event stream, the sales CSV: app/utils/node-body.server.ts) to Node's response; false under the dev
 * server and React Router's own handler, where the body must be a web stream.
 */
export const nodeBodyContext = createContext<boolean>(false);
