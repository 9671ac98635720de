import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Integration files run this many at a time, each worker against a production server and database
 * of its own (tests/setup/integration-global.ts). Most of a file's time is spent waiting on its
 * server and MariaDB, so more workers than the two cores keep both busy (decision 073).
 */
const INTEGRATION_WORKERS = Number(process.env.INTEGRATION_WORKERS ?? 3);
/** Domain tests call module functions in-process against a database per worker. */
const DOMAIN_WORKERS = Number(process.env.DOMAIN_WORKERS ?? 2);

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "domain",
          include: ["tests/domain/**/*.test.ts"],
          globalSetup: ["tests/setup/domain-global.ts"],
          setupFiles: ["tests/setup/domain-env.ts"],
          maxWorkers: DOMAIN_WORKERS,
          // Projects with their own worker counts run one after another (vitest requires it).
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/integration-global.ts"],
          setupFiles: ["tests/setup/integration-env.ts"],
          maxWorkers: INTEGRATION_WORKERS,
          sequence: { groupOrder: 2 },
          // Many tests start servers or agents of their own (tsx, node): on CI, beside the browser
          // tests at a load of 13–17 on two cores, such a test took 24 s of a 30 s bound.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
