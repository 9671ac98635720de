// Integration tests run against a real MariaDB database that this setup creates
// and migrates, and the real production server started against it.
import type { TestProject } from "vitest/node";
import { loadEnvFile, requireDatabaseUrl } from "../../scripts/lib/load-env.ts";
import { prepareDatabase, siblingDatabaseUrl, startServer, testPushEnv, type RunningServer } from "../../scripts/lib/test-support.ts";
import { dropDatabase } from "../../scripts/lib/provision.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    sessionSecret: string;
    /** The server's VAPID keys and push flags: tests deliver pushes with the same ones. */
    pushEnv: Record<string, string>;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  loadEnvFile();
  const databaseUrl = siblingDatabaseUrl(requireDatabaseUrl(), "test");
  await prepareDatabase(databaseUrl);
  const sessionSecret = "integration-tests-session-secret-0123456789abcdef";
  const pushEnv = testPushEnv();
  server = await startServer({
    ...pushEnv,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: sessionSecret,
    // Tests speak for many clients: they set X-Forwarded-For from 127.0.0.1.
    TRUST_PROXY: "loopback",
    DB_POOL_SIZE: "20",
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("sessionSecret", sessionSecret);
  project.provide("pushEnv", pushEnv);
  return async () => {
    await server?.stop();
    if (!process.env.KEEP_TEST_DB) await dropDatabase(databaseUrl);
  };
}
