// The open event streams of this process (GET /api/events, decision 078), by restaurant. Each
// stream remembers the last id it has passed on; an event that does not follow it makes the
// stream read the hole from live_events, and one it has passed on already is dropped. The work of
// a restaurant's streams runs one task at a time, so a replay and live events never interleave.
import { Prisma } from "~/generated/prisma/client";
import type { StaffRole } from "~/generated/prisma/enums";
import { can, mayEnterManagerMode, type AccessSubject } from "~/modules/auth/roles";
import { MANAGER_IDLE_MS, PIN_IDLE_MS } from "~/modules/auth/sessions.server";
import { prisma } from "~/utils/db.server";
import { withNodeBody, type NodeBody } from "~/utils/node-body.server";
import { closeBus, onBusEvents, usesRedis } from "./bus.server";
import { stepCursor, stepFill, stepResume } from "./cursor";
import { eventWindow, lastEventIds, readEvents, readEventsAfter, type LiveEvent } from "./events.server";

/** A comment line at least this often keeps proxies and load balancers from closing an idle stream (≤ 25 s). */
const HEARTBEAT_MS = Number(process.env.LIVE_HEARTBEAT_MS ?? 20_000);
/** How often a stream's session is read again (logged out, expired, manager mode over, role changed). */
const SESSION_CHECK_MS = Number(process.env.LIVE_SESSION_CHECK_MS ?? 60_000);
/**
 * What the browser waits before reconnecting after the stream ends: 1 to 3 s, different for each
 * stream, so the clients of a process that stops do not all come back in the same instant.
 */
const retryMs = () => 1000 + Math.floor(Math.random() * 2000);
/** A stream that is this many events behind is told to reload (event: reset) instead of replaying. */
export const MAX_REPLAY = 1000;
const REPLAY_BATCH = 250;
/** Bytes a stream may hold for a client that does not read; past it the stream ends (the client replays). */
const MAX_BUFFERED_BYTES = 48 * 1024;

interface Stream {
  restaurantId: number;
  sessionId: number;
  subject: AccessSubject;
  lastSent: number;
  checkedAt: number;
  /** False once ended: writes are ignored. */
  open: boolean;
  write(chunk: string): void;
  end(): void;
  /** A stream that is not a session's (a print agent's, decision 080): which events it takes… */
  accept?: (event: LiveEvent) => boolean;
  /** …and its own check in place of the session's (false: the stream ends). */
  alive?: () => Promise<boolean>;
}

interface Group {
  streams: Set<Stream>;
  /** Streams still replaying, about to join. */
  pending: number;
  /** The group's tasks, one after another. */
  chain: Promise<void>;
}

interface Hub {
  groups: Map<number, Group>;
  count: number;
  timer?: NodeJS.Timeout;
  unsubscribe?: () => void;
  closing: boolean;
  floorRows?: FloorRowsReader;
}

const KEY = Symbol.for("sofra.liveHub");
type GlobalWithHub = typeof globalThis & { [KEY]?: Hub };

function hub(): Hub {
  const g = globalThis as GlobalWithHub;
  return (g[KEY] ??= { groups: new Map(), count: 0, closing: false });
}

const encoder = new TextEncoder();

/**
 * One event as Server-Sent Events: its id, its type, its data on one line (JSON has no raw
 * newline); with `extra`, what a stream that sees the floor gets beside its data (decision 094).
 */
export function frame(event: Pick<LiveEvent, "id" | "type" | "data">, extra?: Record<string, unknown>): string {
  const data = extra ? { ...event.data, ...extra } : event.data;
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Reads what streams that see the floor get with events, beside their data: the rows of the
 * tables they changed (registered at start-up by entry.server: the tables module's, decision 094;
 * the live module does not know what a table is). Events it has nothing for are not in its answer.
 */
export type FloorRowsReader = (restaurantId: number, events: readonly LiveEvent[]) => Promise<Map<LiveEvent, Record<string, unknown>>>;

/** Each event's extra once read (null: read, nothing), and its two frames once written: shared by every stream of its restaurant. */
const rowsRead = new WeakMap<LiveEvent, Record<string, unknown> | null>();
const frames = new WeakMap<LiveEvent, { plain?: string; floor?: string }>();

export function readFloorRowsWith(reader: FloorRowsReader | undefined) {
  hub().floorRows = reader;
}

/** Streams of sessions that see the floor get the rows (a kitchen's or a print agent's do not). */
const seesFloor = (stream: Stream) => !stream.accept && can(stream.subject, "floor");

/** Reads the rows of the events not read yet, in one go. A failed read leaves them without: the grids then read the floor. */
async function withFloorRows(restaurantId: number, events: readonly LiveEvent[]) {
  const reader = hub().floorRows;
  const unread = events.filter((e) => !rowsRead.has(e));
  if (!reader || unread.length === 0) return;
  try {
    const rows = await reader(restaurantId, unread);
    for (const event of unread) rowsRead.set(event, rows.get(event) ?? null);
  } catch (error) {
    console.error("Live events: the floor's rows were not read:", error);
  }
}

function frameFor(event: LiveEvent, floor: boolean): string {
  let written = frames.get(event);
  if (!written) frames.set(event, (written = {}));
  const extra = floor ? rowsRead.get(event) : null;
  if (!extra) return (written.plain ??= frame(event));
  return (written.floor ??= frame(event, extra));
}

const controlFrame = (type: "ready" | "reset", id: number) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify({ last_event_id: id })}\n\n`;

const visibleTo = (event: LiveEvent, subject: AccessSubject) => event.audience === "any" || can(subject, event.audience);

function enqueue(group: Group, task: () => Promise<void>) {
  group.chain = group.chain.then(task).catch((error: unknown) => console.error("Live events:", error));
}

/** The events a stream may see, written as one chunk: one write to its socket for a write's several events (an order and its tickets). */
function send(stream: Stream, events: readonly LiveEvent[]) {
  if (!stream.open) return;
  let chunk = "";
  const floor = seesFloor(stream);
  for (const event of events) {
    if (visibleTo(event, stream.subject) && (stream.accept?.(event) ?? true)) chunk += frameFor(event, floor);
    stream.lastSent = event.id;
  }
  if (chunk) stream.write(chunk);
}

async function reset(stream: Stream) {
  const { lastId } = await eventWindow(stream.restaurantId);
  stream.lastSent = Math.max(stream.lastSent, lastId);
  stream.write(controlFrame("reset", stream.lastSent));
}

/** Brings each stream of the group up to date with what arrived (or, for a catch-up, up to `until`). */
async function deliver(restaurantId: number, group: Group, arrived: readonly LiveEvent[], until?: number) {
  // Streams behind by the same hole share one read of it.
  const reads = new Map<string, Promise<LiveEvent[]>>();
  const floor = [...group.streams].some((s) => s.open && seesFloor(s));
  const readHole = (after: number, upTo: number) => {
    const key = `${after}:${upTo}`;
    let read = reads.get(key);
    if (!read) {
      read = readEvents(restaurantId, after, upTo, MAX_REPLAY + 1).then(async (events) => {
        if (floor && events.length <= MAX_REPLAY) await withFloorRows(restaurantId, events);
        return events;
      });
      reads.set(key, read);
    }
    return read;
  };
  if (floor) await withFloorRows(restaurantId, arrived);
  for (const stream of [...group.streams]) {
    if (!stream.open) continue;
    const step =
      until === undefined
        ? stepCursor(stream.lastSent, arrived)
        : stream.lastSent < until
          ? ({ kind: "fill", after: stream.lastSent, until } as const)
          : ({ kind: "send", events: [] } as const);
    if (step.kind === "send") {
      send(stream, step.events);
      continue;
    }
    if (step.until - step.after > MAX_REPLAY) {
      await reset(stream);
      continue;
    }
    const filled = stepFill(step.after, await readHole(step.after, step.until));
    if (filled.kind === "reset") await reset(stream);
    else send(stream, filled.events);
  }
}

function receive(events: LiveEvent[]) {
  const byRestaurant = new Map<number, LiveEvent[]>();
  for (const event of events) {
    const list = byRestaurant.get(event.restaurantId) ?? [];
    list.push(event);
    byRestaurant.set(event.restaurantId, list);
  }
  const { groups } = hub();
  for (const [restaurantId, list] of byRestaurant) {
    const group = groups.get(restaurantId);
    if (group) enqueue(group, () => deliver(restaurantId, group, list));
  }
}

/**
 * Every group is compared with its restaurant's last id: events whose publish was lost (a process
 * that died between commit and publish, Redis away for a moment) reach the streams at the latest
 * one heartbeat later, or at once when the Redis subscription comes back.
 */
async function catchUp() {
  const { groups } = hub();
  const ids = [...groups.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const last = await lastEventIds(ids.slice(i, i + 500));
    for (const [restaurantId, lastId] of last) {
      const group = groups.get(restaurantId);
      if (group && [...group.streams].some((s) => s.lastSent < lastId)) enqueue(group, () => deliver(restaurantId, group, [], lastId));
    }
  }
}

interface SessionRow {
  id: number;
  mode: string | null;
  managerSeenAt: Date | null;
  expiresAt: Date;
  sharedDeviceId: number | null;
  pinSeenAt: Date | null;
  restaurantId: number;
  role: StaffRole;
  isOwner: number | boolean;
  isActive: number | boolean;
  waitersTakePayments: number | boolean;
}

/** A stream with a check of its own (a print agent's, decision 080): it ends when the check says no. */
function recheckAlive(stream: Stream, now: number) {
  stream.checkedAt = now;
  void stream.alive!().then(
    (alive) => {
      if (!alive) stream.end();
    },
    (error: unknown) => console.error("Live events: stream check failed:", error),
  );
}

/**
 * Reads the streams' sessions again (read only: a stream is not a person's request, it keeps no
 * session or manager mode alive). A stream whose session ended is closed; one whose rights
 * changed (manager mode over, a new role) filters with the new ones from now on.
 */
async function recheckSessions(now: number) {
  const due: Stream[] = [];
  for (const group of hub().groups.values()) {
    for (const s of group.streams) {
      if (now - s.checkedAt < SESSION_CHECK_MS) continue;
      if (s.alive) recheckAlive(s, now);
      else due.push(s);
    }
  }
  for (let i = 0; i < due.length; i += 500) {
    const batch = due.slice(i, i + 500);
    const rows = await prisma.$queryRaw<SessionRow[]>`
      SELECT s.id, s.mode, s.managerSeenAt, s.expiresAt, s.sharedDeviceId, s.pinSeenAt, s.restaurantId,
        u.role, u.isOwner, u.isActive, r.waitersTakePayments
      FROM sessions s
      JOIN users u ON u.id = s.userId AND u.restaurantId = s.restaurantId
      JOIN restaurants r ON r.id = s.restaurantId
      WHERE s.id IN (${Prisma.join([...new Set(batch.map((s) => s.sessionId))])})`;
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const stream of batch) {
      stream.checkedAt = now;
      const row = byId.get(stream.sessionId);
      const pinIdle = row?.sharedDeviceId != null && now - (row.pinSeenAt?.getTime() ?? 0) > PIN_IDLE_MS;
      if (!row || Number(row.restaurantId) !== stream.restaurantId || !row.isActive || row.expiresAt.getTime() <= now || pinIdle) {
        stream.end();
        continue;
      }
      const subject = {
        user: { role: row.role, isOwner: Boolean(row.isOwner) },
        restaurant: { waitersTakePayments: Boolean(row.waitersTakePayments) },
      };
      const managerLive =
        row.mode === "manager" && now - (row.managerSeenAt?.getTime() ?? 0) <= MANAGER_IDLE_MS && mayEnterManagerMode(subject);
      stream.subject = { ...subject, mode: managerLive ? "manager" : row.mode === "staff" ? "staff" : null };
    }
  }
}

function tick() {
  const now = Date.now();
  for (const group of hub().groups.values()) for (const stream of group.streams) stream.write(": ping\n\n");
  void catchUp().catch((error: unknown) => console.error("Live events: catch-up failed:", error));
  void recheckSessions(now).catch((error: unknown) => console.error("Live events: session check failed:", error));
}

function start(state: Hub) {
  startLiveEvents();
  if (state.timer) return;
  state.timer = setInterval(tick, HEARTBEAT_MS);
  state.timer.unref();
}

function stop(state: Hub) {
  clearInterval(state.timer);
  state.timer = undefined;
  state.unsubscribe?.();
  state.unsubscribe = undefined;
}

/** Forgets a restaurant's group once it has no stream, joined or joining. */
function dropIfEmpty(state: Hub, restaurantId: number, group: Group) {
  if (group.streams.size === 0 && group.pending === 0 && state.groups.get(restaurantId) === group) state.groups.delete(restaurantId);
  // The bus stays subscribed (it is one connection per process); only the heartbeat stops.
  if (state.groups.size === 0) {
    clearInterval(state.timer);
    state.timer = undefined;
  }
}

function detach(stream: Stream) {
  const state = hub();
  const group = state.groups.get(stream.restaurantId);
  if (!group?.streams.delete(stream)) return;
  state.count -= 1;
  dropIfEmpty(state, stream.restaurantId, group);
}

export interface OpenStreamInput {
  restaurantId: number;
  sessionId: number;
  subject: AccessSubject;
  /** From the Last-Event-ID header or ?last_event_id= (null: start at the current id). */
  lastEventId: number | null;
  /** Aborts when the client goes away (the web body's; Node's response says so itself). */
  signal: AbortSignal;
  head?: boolean;
  /**
   * The server can write the body straight to Node's response (server/edge.mjs's direct routes,
   * decision 096): the answer then carries no web stream, only NODE_BODY, which the server calls
   * with its response once the status and headers are set.
   */
  nodeBody?: boolean;
  /** A print agent's stream (decision 080): its station's events only, and its device's check instead of a session's. */
  accept?: Stream["accept"];
  alive?: Stream["alive"];
}

const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: compression() (server.mjs) and proxies leave the stream alone and do not buffer it.
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

/**
 * Where a stream's text goes: `write` answers false when the client has stopped reading (more
 * than MAX_BUFFERED_BYTES wait for it; the stream then ends and the client replays), `close` ends
 * the answer.
 */
interface Sink {
  write(chunk: string): boolean;
  close(): void;
}

function newStream(input: OpenStreamInput, sink: Sink): Stream {
  const stream: Stream = {
    restaurantId: input.restaurantId,
    sessionId: input.sessionId,
    subject: input.subject,
    accept: input.accept,
    alive: input.alive,
    lastSent: 0,
    checkedAt: Date.now(),
    open: true,
    write(chunk) {
      if (!this.open) return;
      let written = false;
      try {
        written = sink.write(chunk);
      } catch {
        // the client is gone
      }
      if (!written) this.end();
    },
    end() {
      if (!this.open) return;
      this.open = false;
      detach(this);
      try {
        sink.close();
      } catch {
        // already closed or cancelled
      }
    },
  };
  return stream;
}

/** Starts a stream: its first lines, then (in its restaurant's group's order) its replay and joining. */
function begin(stream: Stream, input: OpenStreamInput) {
  const state = hub();
  stream.write(`retry: ${retryMs()}\n: connected\n\n`);
  if (!stream.open) return;
  let group = state.groups.get(input.restaurantId);
  if (!group) {
    group = { streams: new Set(), pending: 0, chain: Promise.resolve() };
    state.groups.set(input.restaurantId, group);
  }
  const joined = group;
  joined.pending += 1;
  start(state);
  enqueue(joined, async () => {
    try {
      await join(stream, joined, input);
    } finally {
      joined.pending -= 1;
      dropIfEmpty(state, input.restaurantId, joined);
    }
  });
}

/** The answer of GET /api/events for a session: a stream of its restaurant's events it may see. */
export function openEventStream(input: OpenStreamInput): Response {
  const state = hub();
  if (input.head) return new Response(null, { headers: STREAM_HEADERS });
  // A process shutting down answers with a stream that ends at once: the browser reconnects elsewhere.
  if (state.closing) return new Response(`retry: ${retryMs()}\n\n`, { headers: STREAM_HEADERS });

  if (input.nodeBody) {
    // No web stream, request or response is kept for the stream's life: ~23 KB less per open
    // stream, and each event is one write to the socket (decision 096).
    const response = new Response(null, { headers: STREAM_HEADERS });
    const attach = (res: NodeBody) => {
      const stream = newStream(input, {
        write(chunk) {
          if (res.destroyed || res.writableLength > MAX_BUFFERED_BYTES) return false;
          res.write(chunk);
          return true;
        },
        close: () => res.end(),
      });
      res.once("close", () => stream.end());
      if (res.destroyed) return stream.end();
      begin(stream, input);
    };
    return withNodeBody(response, attach);
  }

  let stream!: Stream;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stream = newStream(input, {
          write(chunk) {
            if ((controller.desiredSize ?? 0) < -MAX_BUFFERED_BYTES) return false;
            controller.enqueue(encoder.encode(chunk));
            return true;
          },
          close: () => controller.close(),
        });
      },
      cancel() {
        stream.end();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 16 * 1024 }),
  );
  input.signal.addEventListener("abort", () => stream.end(), { once: true });
  if (input.signal.aborted) stream.end();
  begin(stream, input);
  return new Response(body, { headers: STREAM_HEADERS });
}

/** Replays what the stream missed (or resets it), then adds it to its restaurant's group. */
async function join(stream: Stream, joined: Group, input: OpenStreamInput) {
  const state = hub();
  if (state.closing) stream.end();
  if (!stream.open) return;
  // One query: what it missed, if anything, and the restaurant's last id (decision 078).
  if (input.lastEventId === null) {
    stream.lastSent = (await lastEventIds([input.restaurantId])).get(input.restaurantId) ?? 0;
  } else {
    stream.lastSent = input.lastEventId;
    for (;;) {
      const { events, lastId } = await readEventsAfter(input.restaurantId, stream.lastSent, REPLAY_BATCH);
      const step = stepResume(stream.lastSent, lastId, events, MAX_REPLAY);
      if (step.kind === "reset") {
        stream.lastSent = lastId;
        stream.write(controlFrame("reset", lastId));
        break;
      }
      if (seesFloor(stream)) await withFloorRows(input.restaurantId, step.events);
      send(stream, step.events);
      if (events.length < REPLAY_BATCH || !stream.open) break;
    }
  }
  if (state.closing) stream.end();
  if (!stream.open) return;
  // From here on the group's tasks (after this one) bring it every new event.
  joined.streams.add(stream);
  state.count += 1;
  start(state);
  stream.write(controlFrame("ready", stream.lastSent));
}

/**
 * At start-up (entry.server): the bus connects and subscribes now, not on the first stream or
 * publish, so neither the first event nor the first stream waits for Redis.
 */
export function startLiveEvents() {
  const state = hub();
  state.unsubscribe ??= onBusEvents(receive, () => void catchUp().catch(() => undefined));
}

/** At shutdown (server.mjs, SIGTERM): every stream ends, so the server's close does not wait on them. */
export function closeLiveStreams() {
  const state = hub();
  state.closing = true;
  for (const group of [...state.groups.values()]) for (const stream of [...group.streams]) stream.end();
  stop(state);
}

/** Closes the bus's Redis connections (after the streams, at the end of a shutdown). */
export async function shutdownLive() {
  closeLiveStreams();
  await closeBus();
}

/**
 * For /healthz/live and the benchmark: how many streams this process holds, and its memory
 * (after a full garbage collection when asked and the process runs with --expose-gc: the bench).
 */
export function liveStats({ gc = false }: { gc?: boolean } = {}) {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (gc && collect) collect();
  const state = hub();
  const memory = process.memoryUsage();
  return {
    streams: state.count,
    restaurants: state.groups.size,
    redis: usesRedis(),
    heap_used: memory.heapUsed,
    rss: memory.rss,
  };
}
