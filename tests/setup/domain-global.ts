// Domain tests call the modules' functions directly (no HTTP, no server) against real MariaDB
// databases: one per worker (`<db>_domain_1`, …), made and migrated here; domain-env.ts points
// each worker's DATABASE_URL at its own before any module opens the Prisma client.
import type { TestProject } from "vitest/node";
import { loadEnvFile, requireDatabaseUrl } from "../../scripts/lib/load-env.ts";
import { prepareDatabase, siblingDatabaseUrl } from "../../scripts/lib/test-support.ts";
import { dropDatabase } from "../../scripts/lib/provision.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** One database per domain worker (by VITEST_POOL_ID); domain-env.ts picks. */
    domainSlots: { databaseUrl: string }[];
    domainSessionSecret: string;
  }
}

export async function setup(project: TestProject) {
  loadEnvFile();
  const appDatabaseUrl = requireDatabaseUrl();
  const n = Math.max(1, Number(project.config.maxWorkers ?? 1) || 1);
  const slots = Array.from({ length: n }, (_, i) => ({ databaseUrl: siblingDatabaseUrl(appDatabaseUrl, `domain_${i + 1}`) }));
  await Promise.all(slots.map((s) => prepareDatabase(s.databaseUrl)));
  project.provide("domainSlots", slots);
  project.provide("domainSessionSecret", "domain-tests-session-secret-0123456789abcdef");
  return async () => {
    if (!process.env.KEEP_TEST_DB) await Promise.all(slots.map((s) => dropDatabase(s.databaseUrl)));
  };
}
