import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "~/components/app/api-client";
import { useLiveReload } from "~/components/app/use-live-reload";
import type { TicketDto } from "~/modules/kitchen/tickets";

/** What moves the kitchen's board: its tickets, and orders (a moved or relabelled table). */
const KITCHEN_EVENTS = ["ticket.created", "ticket.updated", "order.updated"] as const;

/**
 * The kitchen screen's tickets: the loader's, then re-read from /api/kitchen/tickets after the live
 * events of the screen's station (within a second of the change, decision 078; a burst, such as an
 * edit's order.updated and ticket.created, is one read, and events during a read make one more
 * after it: useLiveReload) and, as a fallback,
 * every `fallbackMs` while the stream is lost (every `safetyMs` while it is live), at once when the
 * page becomes visible again. Keeps the last good answer when the network fails and says so
 * (`lost`), so the screen can show "Bağlantı koptu" instead of an error page.
 */
export function useTickets(initial: TicketDto[], stationId: number | null, fallbackMs: number, safetyMs = 30_000) {
  const [tickets, setTickets] = useState(initial);
  const [lost, setLost] = useState(false);
  const initialRef = useRef(initial);
  const controller = useRef<AbortController | null>(null);

  // A new loader answer (a bump's revalidation, a station change) replaces the fetched one.
  useEffect(() => {
    if (initialRef.current !== initial) {
      initialRef.current = initial;
      setTickets(initial);
    }
  }, [initial]);

  const refresh = useCallback(async () => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    const query = new URLSearchParams({ status: "recent", ...(stationId ? { station: String(stationId) } : {}) });
    const result = await apiFetch<TicketDto[]>(`/api/kitchen/tickets?${query}`, { signal: mine.signal, background: true });
    if (mine.signal.aborted) return;
    if (result.ok) {
      setTickets(result.data);
      setLost(false);
    } else {
      setLost(true);
    }
  }, [stationId]);

  const live = useLiveReload(KITCHEN_EVENTS, refresh, (m) => {
    const station = m.data.station_id;
    return stationId === null || typeof station !== "number" || station === stationId;
  });

  useEffect(() => {
    const timer = setInterval(
      () => {
        if (document.visibilityState === "visible") void refresh();
      },
      live === "live" ? safetyMs : fallbackMs,
    );
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", onVisible);
    return () => {
      clearInterval(timer);
      controller.current?.abort();
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", onVisible);
    };
  }, [refresh, fallbackMs, safetyMs, live]);

  return { tickets, lost, live, refresh };
}
