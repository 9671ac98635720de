// Answers whose body the server writes to Node's response itself (decisions 096 and 097): an
// event stream, the sales CSV. server/edge.mjs's direct routes look for NODE_BODY on the answer,
// write its status and headers, and call it with the ServerResponse; no web stream is made.
// Under the dev server and React Router's own handler the body must be a web stream
// (request-context.ts's nodeBodyContext says which).

/** What server/edge.mjs hands a NODE_BODY: the part of Node's ServerResponse that is used. */
export interface NodeBody {
  write(chunk: string | Uint8Array, encoding?: BufferEncoding): boolean;
  end(): void;
  destroy(error?: Error): void;
  readonly writableLength: number;
  readonly destroyed: boolean;
  once(event: "close" | "drain", listener: () => void): unknown;
  off(event: "close" | "drain", listener: () => void): unknown;
}

/** The property server/edge.mjs looks for (the same Symbol.for there). */
const NODE_BODY = Symbol.for("sofra.nodeBody");

/** `response` (status and headers, no body) with `attach` as the writer of its body. */
export function withNodeBody(response: Response, attach: (res: NodeBody) => void): Response {
  return Object.assign(response, { [NODE_BODY]: attach });
}
