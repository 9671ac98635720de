import { useEffect, useMemo } from "react";
import { FLOOR_EVENTS } from "~/components/app/live-event-types";
import { followFloor, usePoll } from "~/components/app/use-poll";
import type { TableDto } from "~/modules/tables/tables.server";

const FOLLOW_FLOOR = followFloor<TableDto>();

/**
 * Keeps a screen's tables current from the floor's live events: the rows they carry are applied,
 * the others read for (decision 094); every `intervalMs` while the stream is lost. Loaded after the
 * page (React.lazy: the order screen's table picker, the manager panel), so that their first load
 * stays within its JavaScript budget (decision 019).
 */
export default function TablesFollower({
  initial,
  initialVersion = null,
  intervalMs = 10_000,
  onChange,
}: {
  initial: TableDto[];
  /** The floor's version `initial` was read at (listTablesAt), when known. */
  initialVersion?: number | null;
  intervalMs?: number;
  onChange: (tables: TableDto[]) => void;
}) {
  const follow = useMemo(() => ({ ...FOLLOW_FLOOR, initialVersion }), [initialVersion]);
  const { data } = usePoll("/api/tables", intervalMs, initial, FLOOR_EVENTS, undefined, follow);
  useEffect(() => onChange(data), [data, onChange]);
  return null;
}
