// The non-React half of the pages' offline helpers: who works on this device,
// asking for Background Sync, telling a failed fetch from an answer. Kept apart
// from offline-client.ts (React hooks) so that code loaded on demand (the order
// screen's clientLoader) can use it without pulling React into a chunk of its own.
import { SESSION_KEY, SYNC_TAG } from "./names";

/** Who is working on this device, for screens opened without a connection. */
export interface OfflineSession {
  restaurantId: number;
  staffName: string;
}

export function rememberSession(session: OfflineSession): void {
  try {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Private mode: offline screens fall back to what the page has.
  }
}

export function rememberedSession(): OfflineSession | null {
  try {
    const value = localStorage.getItem(SESSION_KEY);
    return value ? (JSON.parse(value) as OfflineSession) : null;
  } catch {
    return null;
  }
}

/** Asks the browser to send the queue when the connection returns, even if the page is closed (where supported). */
export async function requestBackgroundSync(): Promise<void> {
  try {
    if (!("serviceWorker" in navigator)) return;
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register(SYNC_TAG);
  } catch {
    // Not supported (Safari) or not allowed: the page's own triggers remain.
  }
}

/**
 * Whether a loader's failure means "no connection" (the browser's fetch failed)
 * rather than an answer from the server.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  return error instanceof TypeError || (error instanceof Error && /failed to fetch|network|load failed/i.test(error.message));
}
