import { inject } from "vitest";

// Test files talk to the same database as the server under test.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.SESSION_SECRET = inject("sessionSecret");
// The same VAPID keys as the server (the push tests run deliveries in this process).
Object.assign(process.env, inject("pushEnv"));
