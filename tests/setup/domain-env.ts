import { inject } from "vitest";
import { useWorkerSlot } from "./worker-slot";

// This worker's database, set before a test file imports a module (and with it the Prisma client).
process.env.DATABASE_URL = useWorkerSlot(inject("domainSlots")).databaseUrl;
process.env.SESSION_SECRET = inject("domainSessionSecret");
// Background jobs are enqueued, not run: a test runs them itself when it means to.
process.env.JOBS_WORKER = "off";
process.env.SIGNUP_LIMIT_PER_HOUR = "100000";
// The test servers' hashing cost (decision 075; scripts/lib/test-support.ts).
process.env.PASSWORD_HASH_MEMORY_KIB = "1024";
process.env.PASSWORD_HASH_PASSES = "1";
