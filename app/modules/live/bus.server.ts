// How committed live events reach every app process (decision 078). This process's streams get
// them at once through an in-memory EventEmitter; with REDIS_URL they are also published on one
// Redis channel that every other process subscribes to. Redis pub/sub is at-most-once: a message
// sent while a process is disconnected is gone, which the streams make up for by reading holes
// from live_events (and by a catch-up when the subscription comes back).
import { EventEmitter } from "node:events";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { parseDatabaseUrl } from "~/utils/database-url";
import { getEnv } from "~/utils/env.server";
import type { LiveEvent } from "./events.server";

type Listener = (events: LiveEvent[]) => void;

/** Tells this process's own messages apart on the shared channel (they were delivered locally). */
const ORIGIN = randomBytes(6).toString("hex");

interface BusState {
  local: EventEmitter;
  publisher?: Redis;
  subscriber?: Redis;
  channel?: string;
  /** Whether the connection trouble was logged already (one line per outage, not one per retry). */
  warned: boolean;
  /** Called when the subscription comes back after a break: messages may have been missed. */
  onResubscribed?: () => void;
  closed: boolean;
}

// One bus per process (a dev server re-imports modules).
const KEY = Symbol.for("sofra.liveBus");
type GlobalWithBus = typeof globalThis & { [KEY]?: BusState };

/** `sofra:<database>:live-events`: parallel test runs, each on its own database, never cross on one Redis. */
export function channelName(env: { REDIS_PREFIX?: string; DATABASE_URL: string }): string {
  const prefix = env.REDIS_PREFIX ?? `sofra:${parseDatabaseUrl(env.DATABASE_URL).database}:`;
  return `${prefix}live-events`;
}

function reviveEvents(raw: unknown): LiveEvent[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e) => {
    if (typeof e !== "object" || e === null) return [];
    const { restaurantId, id, type, data, audience, createdAt } = e as Record<string, unknown>;
    if (!Number.isSafeInteger(restaurantId) || !Number.isSafeInteger(id) || typeof type !== "string" || typeof audience !== "string")
      return [];
    return [
      {
        restaurantId: restaurantId as number,
        id: id as number,
        type: type as LiveEvent["type"],
        data: typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {},
        audience: audience as LiveEvent["audience"],
        createdAt: new Date(typeof createdAt === "string" ? createdAt : Date.now()),
      },
    ];
  });
}

function connect(url: string, state: BusState, role: string): Redis {
  const redis = new Redis(url, {
    // A publish while the connection is being made waits for it; while Redis is away it fails
    // after one reconnection attempt (the streams find the hole later), so nothing piles up.
    maxRetriesPerRequest: role === "subscriber" ? null : 1,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    connectionName: `sofra-live-${role}`,
  });
  redis.on("error", (error: Error) => {
    if (state.warned || state.closed) return;
    state.warned = true;
    console.error(`Live events: Redis ${role}: ${error.message} (retrying)`);
  });
  redis.on("ready", () => {
    if (state.warned) console.log(`Live events: Redis ${role} connected again.`);
    state.warned = false;
  });
  return redis;
}

function busState(): BusState {
  const g = globalThis as GlobalWithBus;
  if (g[KEY]) return g[KEY];
  const state: BusState = { local: new EventEmitter(), warned: false, closed: false };
  // Every open stream's restaurant listens through one hub listener, not one each.
  state.local.setMaxListeners(20);
  const env = getEnv();
  if (env.REDIS_URL) {
    state.channel = channelName(env);
    state.publisher = connect(env.REDIS_URL, state, "publisher");
    const subscriber = connect(env.REDIS_URL, state, "subscriber");
    state.subscriber = subscriber;
    let subscribedOnce = false;
    subscriber.on("ready", () => {
      // ioredis subscribes again by itself after a reconnect; what was sent meanwhile is gone.
      if (subscribedOnce) state.onResubscribed?.();
    });
    subscriber
      .subscribe(state.channel)
      .then(() => {
        subscribedOnce = true;
        // Streams opened before the subscription took effect may have missed a message.
        state.onResubscribed?.();
      })
      .catch((error: unknown) => console.error("Live events: subscribe failed:", error));
    subscriber.on("message", (channel: string, message: string) => {
      if (channel !== state.channel) return;
      try {
        const parsed = JSON.parse(message) as { origin?: string; events?: unknown };
        if (parsed.origin === ORIGIN) return;
        const events = reviveEvents(parsed.events);
        if (events.length > 0) state.local.emit("events", events);
      } catch (error) {
        console.error("Live events: unreadable message dropped:", error);
      }
    });
  }
  g[KEY] = state;
  return state;
}

/** Delivers to this process at once and, with Redis, to every other process. Never throws. */
export function publishToBus(events: LiveEvent[]): void {
  const state = busState();
  if (state.closed) return;
  // Listeners run after the caller's answer is on its way, never inside its request.
  setImmediate(() => state.local.emit("events", events));
  if (state.publisher && state.channel) {
    state.publisher.publish(state.channel, JSON.stringify({ origin: ORIGIN, events })).catch(() => {
      // Logged by the connection's error handler; the streams read the hole from the table.
    });
  }
}

/** This process's streams listen here (one listener: the hub). */
export function onBusEvents(listener: Listener, onResubscribed: () => void): () => void {
  const state = busState();
  state.local.on("events", listener);
  state.onResubscribed = onResubscribed;
  return () => state.local.off("events", listener);
}

/** Whether events travel through Redis (for logs and tests). */
export const usesRedis = () => Boolean(busState().publisher);

/** Closes the Redis connections at shutdown. */
export async function closeBus(): Promise<void> {
  const g = globalThis as GlobalWithBus;
  const state = g[KEY];
  if (!state) return;
  state.closed = true;
  await Promise.all([state.publisher, state.subscriber].map((r) => r?.quit().catch(() => r.disconnect())));
}
