// The rows floor events carry (decision 094), read for the live streams after the events committed.
import type { LiveEvent } from "~/modules/live/events.server";
import { FLOOR_EVENTS, FLOOR_ROWS_FIELD, tableRefsOf } from "./floor-patch";
import { gridRowsOf, type TableDto } from "./tables.server";

const floorTypes = new Set<string>(FLOOR_EVENTS);

/**
 * For each floor event naming tables, their rows now, in one query for the whole batch: read after
 * the events committed, each row shows at least what its event changed (a later change too,
 * perhaps, whose own event follows with its own read). An event naming a table that is not live
 * (removed) gets nothing: the grids read the floor again for it, as for an event naming none.
 */
export async function floorRowsOfEvents(
  restaurantId: number,
  events: readonly LiveEvent[],
  now = new Date(),
): Promise<Map<LiveEvent, { [FLOOR_ROWS_FIELD]: TableDto[] }>> {
  const wanted = events.filter((e) => floorTypes.has(e.type)).map((event) => ({ event, refs: tableRefsOf(event.data) }));
  const numbers = new Set(wanted.flatMap((w) => w.refs.numbers));
  const ids = new Set(wanted.flatMap((w) => w.refs.ids));
  const result = new Map<LiveEvent, { [FLOOR_ROWS_FIELD]: TableDto[] }>();
  if (numbers.size === 0 && ids.size === 0) return result;
  const rows = await gridRowsOf(restaurantId, { numbers: [...numbers], ids: [...ids] }, now);
  const byNumber = new Map(rows.map((r) => [r.number, r]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const { event, refs } of wanted) {
    const found = [...refs.numbers.map((n) => byNumber.get(n)), ...refs.ids.map((id) => byId.get(id))];
    if (found.length === 0 || found.some((r) => r === undefined)) continue;
    // One row per table (an event may name a table by its number and its id).
    result.set(event, { [FLOOR_ROWS_FIELD]: [...new Map(found.map((r) => [r!.id, r!])).values()] });
  }
  return result;
}
