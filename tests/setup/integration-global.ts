// Integration tests run against real MariaDB databases that this setup creates and migrates,
// and the real production server started against each. The files run in parallel: every vitest
// worker of the project has a server and database of its own (`<db>_test_1`, `<db>_test_2`, …),
// chosen by its pool id in integration-env.ts, so `inject("baseUrl")` and `inject("databaseUrl")`
// answer that worker's pair and test files are written exactly as for a single server.
import type { TestProject } from "vitest/node";
import { loadEnvFile, requireDatabaseUrl } from "../../scripts/lib/load-env.ts";
import { prepareDatabase, siblingDatabaseUrl, startServer, testPushEnv, type RunningServer } from "../../scripts/lib/test-support.ts";
import { dropDatabase } from "../../scripts/lib/provision.ts";
import { startSmtpSink } from "../../scripts/lib/smtp-sink.ts";
import path from "node:path";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";

/** What one worker talks to. */
export interface IntegrationSlot {
  baseUrl: string;
  databaseUrl: string;
  mailDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    sessionSecret: string;
    /** The server's VAPID keys and push flags: tests deliver pushes with the same ones. */
    pushEnv: Record<string, string>;
    mailDir: string;
    /** One server, database and mail sink per worker (by VITEST_POOL_ID); integration-env.ts picks. */
    integrationSlots: IntegrationSlot[];
  }
}

/** As many servers as the project runs files at once (its maxWorkers, as vitest resolves it). */
function slotCount(project: TestProject): number {
  const n = Number(project.config.maxWorkers ?? project.globalConfig.maxWorkers ?? 1);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * The Redis live events go through (decision 078), when one answers: REDIS_URL (CI sets it and
 * starts Redis, .ci/run) or the default local one. Null without.
 */
async function liveRedisUrl(): Promise<string | null> {
  const url = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  const { hostname, port } = new URL(url);
  const answers = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) }, () => (socket.end(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
  });
  if (!answers && process.env.REDIS_URL) throw new Error(`REDIS_URL is set but no Redis answers at ${url}.`);
  return answers ? url : null;
}

export async function setup(project: TestProject) {
  loadEnvFile();
  const appDatabaseUrl = requireDatabaseUrl();
  // Live events run both ways (decision 078): every second worker's server publishes through Redis
  // (its channel named after its own database), the others fan out in memory as after the README's
  // quick start. The files do not know which they got; tests/integration/live-events.test.ts also
  // starts two processes of its own on Redis.
  const redisUrl = await liveRedisUrl();
  const sessionSecret = "integration-tests-session-secret-0123456789abcdef";
  const pushEnv = testPushEnv();
  const running: { server?: RunningServer; close?: () => Promise<void>; databaseUrl: string }[] = [];

  const slots = await Promise.all(
    Array.from({ length: slotCount(project) }, async (_, i): Promise<IntegrationSlot> => {
      const databaseUrl = siblingDatabaseUrl(appDatabaseUrl, `test_${i + 1}`);
      const entry: (typeof running)[number] = { databaseUrl };
      running.push(entry);
      await prepareDatabase(databaseUrl);
      // A real SMTP server that the app sends to; what arrives is kept where the tests read it.
      const sink = await startSmtpSink(path.join(tmpdir(), `sofra-test-mail-${process.pid}-${i + 1}`));
      entry.close = () => sink.close();
      entry.server = await startServer({
        ...pushEnv,
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: sessionSecret,
        // Tests speak for many clients: they set X-Forwarded-For from 127.0.0.1.
        TRUST_PROXY: "loopback",
        // Small: several servers share MariaDB's connections (151 by default) with other checkouts.
        DB_POOL_SIZE: "8",
        SMTP_URL: sink.url,
        APP_URL: "http://sofra.test",
        JOBS_POLL_MS: "200",
        REDIS_URL: redisUrl && i % 2 === 1 ? redisUrl : "",
      });
      return { baseUrl: entry.server.baseUrl, databaseUrl, mailDir: sink.dir };
    }),
  ).catch(async (error: unknown) => {
    await Promise.all(running.map(async (r) => (await r.server?.stop(), await r.close?.())));
    throw error;
  });

  // The first slot is also the plain answer (a worker whose pool id is unknown uses it).
  project.provide("baseUrl", slots[0]!.baseUrl);
  project.provide("databaseUrl", slots[0]!.databaseUrl);
  project.provide("mailDir", slots[0]!.mailDir);
  project.provide("integrationSlots", slots);
  project.provide("sessionSecret", sessionSecret);
  project.provide("pushEnv", pushEnv);
  return async () => {
    await Promise.all(
      running.map(async (r) => {
        await r.server?.stop();
        await r.close?.();
        if (!process.env.KEEP_TEST_DB) await dropDatabase(r.databaseUrl);
      }),
    );
  };
}
