// The billing clock's recurring job (decision 074 addendum): renewal invoices and suspensions are
// written here and at the billing screens, never by the session lookup.
import { registerPeriodicTask } from "~/modules/jobs/jobs.server";
import { runBillingClocks } from "./billing.server";

registerPeriodicTask("billing-clock", 5 * 60 * 1000, async (now) => {
  await runBillingClocks(now);
});
