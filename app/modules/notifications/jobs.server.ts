// The notifications' job handlers (imported once by app/modules/worker/handlers.server.ts).
import { registerJobHandler } from "~/modules/jobs/jobs.server";
import { deliverChunk, giveUpChunk } from "./delivery.server";
import { DELIVERY_JOB, type DeliveryPayload } from "./notifications.server";

function isDeliveryPayload(p: unknown): p is DeliveryPayload {
  if (typeof p !== "object" || p === null) return false;
  const { notificationId, restaurantIds } = p as Record<string, unknown>;
  return Number.isSafeInteger(notificationId) && Array.isArray(restaurantIds) && restaurantIds.every((id) => Number.isSafeInteger(id));
}

// Five tries (30 s, 1, 2, 4 minutes apart) cover an e-mail's three attempts (MAX_EMAIL_ATTEMPTS)
// and a database that was briefly away.
registerJobHandler(
  DELIVERY_JOB,
  async (payload) => {
    // Only sendNotification writes these; anything else is a bug worth seeing, not retrying.
    if (!isDeliveryPayload(payload)) {
      console.error(`${DELIVERY_JOB}: malformed payload dropped`, payload);
      return;
    }
    await deliverChunk(payload);
  },
  {
    maxAttempts: 5,
    onGiveUp: async (payload) => {
      if (isDeliveryPayload(payload)) await giveUpChunk(payload);
    },
  },
);
