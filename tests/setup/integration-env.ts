import { inject } from "vitest";
import { TEST_HASH_ENV } from "../../scripts/lib/test-hash-env.ts";
import { useWorkerSlot } from "./worker-slot";

// This worker's server, database and mail sink (integration-global.ts starts one per worker):
// from here on inject("baseUrl"), inject("databaseUrl") and inject("mailDir") answer this worker's.
useWorkerSlot(inject("integrationSlots"));

// Test files talk to the same database as the server under test.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.SESSION_SECRET = inject("sessionSecret");
// The same VAPID keys as the server (the push tests run deliveries in this process).
Object.assign(process.env, inject("pushEnv"));
// The test servers' hashing cost, for what this process hashes itself (decision 075).
Object.assign(process.env, TEST_HASH_ENV);
