// A minimal EventSource for the live benchmarks (bench-live, bench-rush): GET /api/events on a
// socket of its own, parsed into events, reconnecting with Last-Event-ID after the stream ends
// (after the server's `retry:`), as the browser's does. What to count is the caller's (handlers).
import { request, type ClientRequest, type IncomingMessage } from "node:http";

export interface SseEvent {
  id: string | null;
  /** "message" when the block names none. */
  type: string;
  data: string;
}

export interface SseHandlers {
  /** A connection is being opened (the first, or a reconnect). */
  onConnect?(): void;
  /** The answer's status (200: the stream is open). */
  onResponse?(status: number): void;
  onEvent(event: SseEvent, receivedAt: number): void;
  /** The stream ended or could not open (`reason`: "status <n>", "end", "error: …"); a reconnect follows unless stopped. */
  onDrop?(reason: string): void;
}

export interface SseOptions {
  host?: string;
  /** Read at each connect: the port may change (a restarted balancer). */
  port: number | (() => number);
  path?: string;
  headers: Record<string, string>;
  handlers: SseHandlers;
  /** Wait before reconnecting after an error answer (the browser gives up; the app's client retries). */
  refusedRetryMs?: number;
}

export class SseClient {
  lastEventId: string | null = null;
  /** The server's `retry:` (what EventSource waits before reconnecting). */
  retryMs = 2000;
  connects = 0;
  private stopped = false;
  private current: ClientRequest | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: SseOptions) {}

  connect() {
    if (this.stopped) return;
    this.connects += 1;
    this.options.handlers.onConnect?.();
    const { host = "127.0.0.1", path = "/api/events", handlers } = this.options;
    const port = typeof this.options.port === "function" ? this.options.port() : this.options.port;
    const headers: Record<string, string> = { accept: "text/event-stream", ...this.options.headers };
    if (this.lastEventId) headers["last-event-id"] = this.lastEventId;
    let dropped = false;
    const drop = (reason: string, delayMs: number) => {
      if (dropped) return;
      dropped = true;
      this.current = null;
      if (this.stopped) return;
      handlers.onDrop?.(reason);
      this.timer = setTimeout(() => this.connect(), delayMs);
    };
    const req = request({ host, port, path, headers, agent: false }, (res: IncomingMessage) => {
      handlers.onResponse?.(res.statusCode ?? 0);
      if (res.statusCode !== 200) {
        res.resume();
        return drop(`status ${res.statusCode}`, this.options.refusedRetryMs ?? 500);
      }
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          this.onBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      });
      res.on("end", () => drop("end", this.retryMs));
      res.on("error", (e) => drop(`error: ${e.message}`, this.retryMs));
    });
    req.on("error", (e) => drop(`error: ${(e as NodeJS.ErrnoException).code ?? e.message}`, this.retryMs));
    req.end();
    this.current = req;
  }

  /** Closes the stream for good (no reconnect). */
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.current?.destroy();
    this.current = null;
  }

  private onBlock(block: string) {
    let id: string | null = null;
    let type = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const i = line.indexOf(":");
      const field = i === -1 ? line : line.slice(0, i);
      const value = i === -1 ? "" : line.slice(i + 1).replace(/^ /, "");
      if (field === "retry") this.retryMs = Number(value) || this.retryMs;
      else if (field === "id") id = value;
      else if (field === "event") type = value;
      else if (field === "data") data += value;
    }
    if (!data) return;
    if (id) this.lastEventId = id;
    this.options.handlers.onEvent({ id, type, data }, Date.now());
  }
}
