// Playwright's web server: a fresh, migrated e2e database (plans and platform
// admin seeded), then the production server against it. Playwright starts this
// before its global setup, so the reset happens here (STACK.md).
import { loadEnvFile, requireDatabaseUrl } from "./lib/load-env.ts";
import { prepareDatabase, siblingDatabaseUrl, TEST_HASH_ENV, testPushEnv } from "./lib/test-support.ts";
import { e2eMailDir, startSmtpSink } from "./lib/smtp-sink.ts";

loadEnvFile();
const url = siblingDatabaseUrl(requireDatabaseUrl(), "e2e");
await prepareDatabase(url);
process.env.DATABASE_URL = url;
process.env.NODE_ENV = "production";
// The e2e suite signs many restaurants up from one browser on 127.0.0.1.
process.env.SIGNUP_LIMIT_PER_HOUR ??= "10000";
// Mail goes to a real SMTP server in this process; the tests read what arrived (tests/e2e/mail.ts).
const port = process.env.PORT ?? "3100";
process.env.SMTP_URL = (await startSmtpSink(e2eMailDir(port))).url;
process.env.APP_URL = `http://127.0.0.1:${port}`;
process.env.JOBS_POLL_MS ??= "300";
// The live streams check their sessions every heartbeat: seconds here, so a session that ends shows
// within the tests' waits (20 s and a minute in service, decision 078).
process.env.LIVE_HEARTBEAT_MS ??= "2000";
process.env.LIVE_SESSION_CHECK_MS ??= "2000";
// Web push with this run's keys, to the tests' local endpoints.
Object.assign(process.env, testPushEnv(), TEST_HASH_ENV);
await import("../server.mjs");
