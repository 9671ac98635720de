// The "push" job: one message to every browser of a restaurant (decision 052). The notifications'
// delivery enqueues one per recipient restaurant when the admin ticks "send push".
import { enqueueJob, registerJobHandler, type EnqueueOptions } from "~/modules/jobs/jobs.server";
import { sendPushToRestaurant } from "./push.server";
import { PushJobSchema, type PushJobPayload } from "./schemas";

registerJobHandler(
  "push",
  async (payload) => {
    const parsed = PushJobSchema.safeParse(payload);
    // A payload that can never be sent is dropped, not retried five times.
    if (!parsed.success) {
      console.error(`Push job with a bad payload dropped: ${parsed.error.issues.map((i) => i.path.join(".")).join(", ")}`);
      return;
    }
    const { restaurantId, ...message } = parsed.data;
    // Throws only when every browser failed (then nobody got it and a retry sends no duplicate).
    await sendPushToRestaurant(restaurantId, message);
  },
  { maxAttempts: 4, timeoutMs: 2 * 60 * 1000 },
);

/** Sends a push to a restaurant's browsers from a job: `{ restaurantId, title, body, url?, tag? }`. */
export function enqueuePush(payload: PushJobPayload, options: EnqueueOptions = {}) {
  return enqueueJob("push", payload, options);
}
