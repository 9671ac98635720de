import { afterEach, describe, expect, it, vi } from "vitest";

// The hashing cost is OWASP's argon2id baseline unless a test server lowers it (decision 075): a
// server whose environment says nothing about it must not hash with the tests' cheap setting.
describe("password hashing cost", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function hashWith(env: Record<string, string | undefined>) {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    vi.resetModules();
    const { hashPassword, verifyPassword } = await import("./password.server");
    const hash = await hashPassword("gizli-sifre-1");
    expect(await verifyPassword(hash, "gizli-sifre-1")).toBe(true);
    expect(await verifyPassword(hash, "gizli-sifre-2")).toBe(false);
    return hash;
  }

  it("is argon2id with 19 MiB and 2 passes when nothing is set", async () => {
    expect(await hashWith({ PASSWORD_HASH_MEMORY_KIB: undefined, PASSWORD_HASH_PASSES: undefined })).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/,
    );
    // Three hashings at the real cost and a fresh import: seconds on a busy CI machine (5 s timed out once at a load of 22).
  }, 30_000);

  it("a test server's lower cost is still argon2id, and its hashes verify under any setting", async () => {
    const cheap = await hashWith({ PASSWORD_HASH_MEMORY_KIB: "1024", PASSWORD_HASH_PASSES: "1" });
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    vi.unstubAllEnvs();
    vi.resetModules();
    const { verifyPassword } = await import("./password.server");
    expect(await verifyPassword(cheap, "gizli-sifre-1")).toBe(true);
  });
});
