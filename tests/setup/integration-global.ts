// Integration tests run against a real MariaDB database that this setup creates
// and migrates, and the real production server started against it.
import type { TestProject } from "vitest/node";
import { loadEnvFile, requireDatabaseUrl } from "../../scripts/lib/load-env.ts";
import { prepareDatabase, siblingDatabaseUrl, startServer, testPushEnv, type RunningServer } from "../../scripts/lib/test-support.ts";
import { dropDatabase } from "../../scripts/lib/provision.ts";
import { startSmtpSink } from "../../scripts/lib/smtp-sink.ts";
import path from "node:path";
import { tmpdir } from "node:os";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    sessionSecret: string;
    /** The server's VAPID keys and push flags: tests deliver pushes with the same ones. */
    pushEnv: Record<string, string>;
    mailDir: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  loadEnvFile();
  const databaseUrl = siblingDatabaseUrl(requireDatabaseUrl(), "test");
  await prepareDatabase(databaseUrl);
  const sessionSecret = "integration-tests-session-secret-0123456789abcdef";
  const pushEnv = testPushEnv();
  // A real SMTP server that the app sends to; what arrives is kept where the tests read it.
  const sink = await startSmtpSink(path.join(tmpdir(), `sofra-test-mail-${process.pid}`));
  server = await startServer({
    ...pushEnv,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: sessionSecret,
    // Tests speak for many clients: they set X-Forwarded-For from 127.0.0.1.
    TRUST_PROXY: "loopback",
    DB_POOL_SIZE: "20",
    SMTP_URL: sink.url,
    APP_URL: "http://sofra.test",
    JOBS_POLL_MS: "200",
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("sessionSecret", sessionSecret);
  project.provide("pushEnv", pushEnv);
  project.provide("mailDir", sink.dir);
  return async () => {
    await server?.stop();
    await sink.close();
    if (!process.env.KEEP_TEST_DB) await dropDatabase(databaseUrl);
  };
}
