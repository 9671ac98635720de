// The live events' periodic task (imported once by app/modules/worker/handlers.server.ts): events
// are kept at least 24 hours (a phone back after a night still replays), and removed after 48.
import { registerPeriodicTask } from "~/modules/jobs/jobs.server";
import { pruneLiveEvents } from "./events.server";

registerPeriodicTask("prune-live-events", 60 * 60 * 1000, async (now) => {
  await pruneLiveEvents(now);
});
