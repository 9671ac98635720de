import { useEffect } from "react";
import { FLOOR_EVENTS } from "~/components/app/live-event-types";
import { followFloor, usePoll } from "~/components/app/use-poll";
import type { OrderScreenData } from "./screen-data";

/** Events that carry their tables' rows are applied without a read (decision 094). */
const FOLLOW_FLOOR = followFloor<OrderScreenData["tables"][number]>();

/**
 * Keeps the table picker's states current: the live events (every 10 s while the stream is lost).
 * Loaded after the page (React.lazy in table-picker.tsx): order taking's first load stays within
 * its JavaScript budget (decision 019).
 */
export default function TablesFollower({
  initial,
  onChange,
}: {
  initial: OrderScreenData["tables"];
  onChange: (tables: OrderScreenData["tables"]) => void;
}) {
  const { data } = usePoll("/api/tables", 10_000, initial, FLOOR_EVENTS, undefined, FOLLOW_FLOOR);
  useEffect(() => onChange(data), [data, onChange]);
  return null;
}
