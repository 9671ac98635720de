import { useKeepForOffline, useQueueSender } from "~/offline/offline-client";
import type { OfflineSession } from "~/offline/session";
import { ConnectionNotices } from "./connection-notices";

/**
 * Mounted once by the restaurant layout: keeps the screens, menu and tables
 * for offline use after each online load, sends the offline queue when it can,
 * and tells the waiter when the connection goes and comes back.
 */
export function OfflineSupport({ session }: { session: OfflineSession }) {
  useKeepForOffline(session);
  useQueueSender(session.restaurantId);
  return <ConnectionNotices />;
}
