// The server refuses to start on a missing or bad environment, saying which variable.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ["server.mjs"], {
    cwd: root,
    // Explicit values win over .env (which never overrides what is already set).
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: "0", ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
}

describe("start-up with a bad environment", () => {
  it("a short SESSION_SECRET stops the server with a message naming it", () => {
    const result = start({ DATABASE_URL: "mysql://u:p@127.0.0.1:3306/sofra", SESSION_SECRET: "too-short" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid environment variables");
    expect(result.stderr).toContain("SESSION_SECRET must be at least 32 characters");
  });

  it("a DATABASE_URL that is not MySQL stops the server with a message naming it", () => {
    const result = start({ DATABASE_URL: "postgres://u:p@localhost/x", SESSION_SECRET: "x".repeat(40) });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("DATABASE_URL must look like mysql://user:password@host:3306/database");
  });

  it("the placeholder secret from .env.example is refused", () => {
    const result = start({
      DATABASE_URL: "mysql://u:p@127.0.0.1:3306/sofra",
      SESSION_SECRET: "change-me-to-at-least-32-random-characters",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("SESSION_SECRET is still the placeholder from .env.example");
  });

  it("a heavy-work limit or export pace that is not a sane number stops the server, naming each (decision 090)", () => {
    const result = start({
      DATABASE_URL: "mysql://u:p@127.0.0.1:3306/sofra",
      SESSION_SECRET: "x".repeat(40),
      HEAVY_WORK_LIMIT: "0",
      EXPORT_ROWS_PER_SECOND: "lots",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/- HEAVY_WORK_LIMIT .*>=1/);
    expect(result.stderr).toMatch(/- EXPORT_ROWS_PER_SECOND .*number/);
  });

  it("half a VAPID key pair stops the server with a message naming it (a typo, not push off)", () => {
    const result = start({
      DATABASE_URL: "mysql://u:p@127.0.0.1:3306/sofra",
      SESSION_SECRET: "x".repeat(40),
      VAPID_PUBLIC_KEY: "B".repeat(87),
      VAPID_PRIVATE_KEY: "",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY must be set together");
  });
});
