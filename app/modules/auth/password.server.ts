import { hash, verify } from "@node-rs/argon2";
import { getHashCost } from "~/utils/env.server";

// argon2id, by default OWASP's baseline: 19 MiB, 2 passes, 1 lane (PASSWORD_HASH_*, decision 075:
// test servers use less). Each hash records its own cost, so verifying works whatever it was made with.
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
export function hashOptions() {
  const env = getHashCost();
  return { algorithm: 2, memoryCost: env.PASSWORD_HASH_MEMORY_KIB, timeCost: env.PASSWORD_HASH_PASSES, parallelism: 1 } as const;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions());
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown, so that both answers take as long.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("sofra-timing-equaliser");
  await verifyPassword(await dummyHash, password);
}
