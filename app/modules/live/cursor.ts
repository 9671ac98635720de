// A stream's position in its restaurant's events (decision 078): ids increase by one per
// restaurant and commit in order, so what a stream may send next is exactly lastSent + 1.
// Pure, so the rules below are unit-tested (cursor.test.ts).

/** What to do with events that arrived for a stream that has sent everything up to `lastSent`. */
export type CursorStep<T> =
  /** Send these, in order (possibly none: all were duplicates). */
  | { kind: "send"; events: T[] }
  /** Ids are missing before or between them: read (after, until] from the table instead. */
  | { kind: "fill"; after: number; until: number };

/**
 * Drops what the stream has sent (ids ≤ lastSent, and repeats), and sends the rest when it
 * continues lastSent without a hole; otherwise the hole must be read from the table (it is there
 * already: an id is published only after it committed, and every smaller id committed before it).
 */
export function stepCursor<T extends { id: number }>(lastSent: number, arrived: readonly T[]): CursorStep<T> {
  const fresh = new Map<number, T>();
  for (const event of arrived) if (event.id > lastSent && !fresh.has(event.id)) fresh.set(event.id, event);
  const events = [...fresh.values()].sort((a, b) => a.id - b.id);
  if (events.length === 0) return { kind: "send", events: [] };
  const contiguous = events.every((e, i) => e.id === lastSent + 1 + i);
  return contiguous ? { kind: "send", events } : { kind: "fill", after: lastSent, until: events[events.length - 1]!.id };
}

/** What a stream does with the rows read for a hole: send them, or reset when the first ones are gone (pruned). */
export function stepFill<T extends { id: number }>(after: number, rows: readonly T[]): { kind: "send"; events: T[] } | { kind: "reset" } {
  const step = stepCursor(after, rows);
  if (step.kind === "send") return step;
  return { kind: "reset" };
}

/**
 * A stream resuming after `lastSent` (its Last-Event-ID), given the restaurant's last id and the
 * rows after lastSent: replay them, or reset (the client reloads) when the id was never given out
 * (another database, one reset since), when it is more than `maxReplay` behind, or when the first
 * events after it were pruned.
 */
export function stepResume<T extends { id: number }>(
  lastSent: number,
  lastId: number,
  rows: readonly T[],
  maxReplay: number,
): { kind: "send"; events: T[] } | { kind: "reset" } {
  if (lastSent > lastId || lastId - lastSent > maxReplay) return { kind: "reset" };
  // Events were given out after it, and none is kept.
  if (lastSent < lastId && rows.length === 0) return { kind: "reset" };
  return stepFill(lastSent, rows);
}

/** A Last-Event-ID header or ?last_event_id= value: a non-negative integer, or null. */
export function parseLastEventId(value: string | null | undefined): number | null {
  if (value == null) return null;
  const trimmed = value.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) && n <= 2_147_483_647 ? n : null;
}
