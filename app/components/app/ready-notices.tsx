import { useState } from "react";
import { apiFetch } from "./api-client";
import { useLiveEvents, type LiveMessage } from "./use-live-events";
import "./ready-notices.css";

interface Notice {
  key: number;
  table: number;
  names: string[];
  /** The ready lines: "Servis edildi" marks them served (the waiter's part, decision 079). */
  itemIds: number[];
  error?: string;
}

/**
 * "Hazır" on the phone of the waiter who sent the lines (decision 079): the kitchen's bump to
 * ready reaches every screen of the restaurant as a ticket event naming who sent them; the
 * sender's device shows it (and vibrates where it can) until tapped away. Loaded after the page.
 */
export function ReadyNotices({ userId }: { userId: number }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  useLiveEvents(["ticket.updated"], (m: LiveMessage) => {
    const ready = m.data.ready as { sent_by_id?: number | null; names?: string[]; item_ids?: number[] } | undefined;
    if (!ready || ready.sent_by_id !== userId || typeof m.data.table_number !== "number") return;
    const notice = {
      key: m.id ?? Date.now(),
      table: m.data.table_number,
      names: (ready.names ?? []).slice(0, 5),
      itemIds: ready.item_ids ?? [],
    };
    setNotices((list) => [...list.filter((n) => n.key !== notice.key), notice].slice(-3));
    navigator.vibrate?.(200);
  });
  const dismiss = (key: number) => setNotices((list) => list.filter((x) => x.key !== key));
  /** Marks the notice's lines served (a line served meanwhile, or moved on by the kitchen, answers as it is). */
  async function served(n: Notice) {
    for (const id of n.itemIds) {
      const result = await apiFetch(`/api/kitchen/ticket-items/${id}/status`, { body: { status: "served" } });
      if (!result.ok) {
        setNotices((list) => list.map((x) => (x.key === n.key ? { ...x, error: result.detail } : x)));
        return;
      }
    }
    dismiss(n.key);
  }
  if (notices.length === 0) return null;
  return (
    <div className="ready-notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <p key={n.key} className="ready-notice">
          <strong>Hazır · Masa {n.table}</strong> {n.names.join(", ")}
          {n.error ? <span role="alert">{n.error}</span> : null}
          {n.itemIds.length > 0 ? (
            <button type="button" className="button button--small" onClick={() => void served(n)}>
              Servis edildi
            </button>
          ) : null}
          <button type="button" className="button button--small" onClick={() => dismiss(n.key)}>
            Tamam
          </button>
        </p>
      ))}
    </div>
  );
}
