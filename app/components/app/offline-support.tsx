import { useKeepForOffline, useQueueSender } from "~/offline/offline-client";
import type { OfflineSession } from "~/offline/session";
import { ConnectionNotices } from "./connection-notices";
import { ReadyNotices } from "./ready-notices";

/**
 * Mounted once by the restaurant layout after the page has loaded: keeps the screens, menu and
 * tables for offline use after each online load, sends the offline queue when it can, tells the
 * waiter when the connection goes and comes back, and when the kitchen has their lines ready
 * (`readyFor`: the user whose "Hazır" notices this device shows; null on the kitchen's own screens).
 */
export function OfflineSupport({ session, readyFor }: { session: OfflineSession; readyFor: number | null }) {
  useKeepForOffline(session);
  useQueueSender(session.restaurantId);
  return (
    <>
      <ConnectionNotices />
      {readyFor === null ? null : <ReadyNotices userId={readyFor} />}
    </>
  );
}
