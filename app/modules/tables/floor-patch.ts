// Floor events that carry the rows they changed (decision 094). A stream of a session that sees the
// floor gets, with an event naming a table (an order, a ticket, a payment, a status, a cart), that
// table's row as GET /api/tables gives it, read after the event committed. The grids apply it in
// place of reading every table again. No server code here: the browser, the server and the
// benchmark's phone model all use it.

/** What changes the floor's grids: tables, their orders, unsent carts, reservations due, ready dishes. */
export const FLOOR_EVENTS = [
  "order.created",
  "order.updated",
  "order.paid",
  "table.updated",
  "cart.changed",
  "reservation.changed",
  "ticket.updated",
] as const;

/** The field of an event's data that carries the rows (only on streams that see the floor). */
export const FLOOR_ROWS_FIELD = "tables";

/** The tables an event's data names: by number (table_number, number) or by id (table_id). */
export function tableRefsOf(data: Record<string, unknown>): { numbers: number[]; ids: number[] } {
  const numbers: number[] = [];
  const ids: number[] = [];
  for (const key of ["table_number", "number"] as const) {
    const n = data[key];
    if (Number.isSafeInteger(n) && (n as number) > 0) numbers.push(n as number);
  }
  const id = data.table_id;
  if (Number.isSafeInteger(id) && (id as number) > 0) ids.push(id as number);
  return { numbers, ids };
}

/**
 * The floor's version an answer of GET /api/tables was read at, from its ETag (floor-tag.ts:
 * `W/"t<format>.<restaurant>.<version>.<minute>.<reservations>"`), or null for any other tag.
 */
export function floorVersionOf(etag: string | null | undefined): number | null {
  const match = /^W\/"t\d+\.\d+\.(\d+)\.[0-9a-z]+\.[\w-]+"$/.exec(etag ?? "");
  return match ? Number(match[1]) : null;
}

interface Row {
  id: number;
}

/** The rows an event carries (null when it carries none, or something that is not rows). */
export function floorRowsOf<T extends Row>(data: Record<string, unknown>): T[] | null {
  const rows = data[FLOOR_ROWS_FIELD];
  if (!Array.isArray(rows) || rows.length === 0) return null;
  return rows.every((r) => typeof r === "object" && r !== null && Number.isSafeInteger((r as Row).id)) ? (rows as T[]) : null;
}

/**
 * The tables with an event's rows in place of theirs; null when the event carries no rows or names
 * a table the list does not have (a new table: the caller reads the floor again).
 */
export function patchFloor<T extends Row>(tables: readonly T[], data: Record<string, unknown>): T[] | null {
  const rows = floorRowsOf<T>(data);
  if (!rows) return null;
  const next = [...tables];
  for (const row of rows) {
    const at = next.findIndex((t) => t.id === row.id);
    if (at < 0) return null;
    next[at] = row;
  }
  return next;
}

export type FloorStep<D> = { kind: "skip" } | { kind: "patch"; data: D } | { kind: "read" };

/**
 * What a grid does with a floor event, given the version of the tables it shows (null: unknown,
 * e.g. a loader's answer) and the event's id: "skip" when the tables it shows were read after the
 * event (they have it), "patch" when the event carries rows that apply, "read" otherwise.
 */
export function floorStep<T extends Row>(
  tables: readonly T[],
  version: number | null,
  message: { id: number | null; data: Record<string, unknown> },
): FloorStep<T[]> {
  if (version === null || message.id === null) return { kind: "read" };
  if (message.id <= version) return { kind: "skip" };
  const patched = patchFloor(tables, message.data);
  return patched ? { kind: "patch", data: patched } : { kind: "read" };
}
