// Staff PINs (decision 071). A PIN is stored twice: an argon2id hash (the proof, as for
// passwords) and a lookup value, HMAC-SHA256 over `${restaurantId}:${pin}` keyed by a key
// derived from SESSION_SECRET. The lookup value has a UNIQUE index with the restaurant, so
// "never the same as another staff member's" holds in the database even when two managers
// save at once, and a typed PIN finds its staff member in one indexed read before argon2id
// verifies it. Without SESSION_SECRET a leaked table cannot be tried against 10,000 PINs.
import { createHmac } from "node:crypto";
import { getEnv } from "~/utils/env.server";
import { hashPassword, verifyPassword } from "./password.server";

const LOOKUP_KEY_LABEL = "sofra:staff-pin-lookup:v1";

let cachedKey: { secret: string; key: Buffer } | null = null;

function lookupKey(secret: string): Buffer {
  if (cachedKey?.secret !== secret) {
    // A key of its own, so the lookup values never equal a cookie signature.
    cachedKey = { secret, key: createHmac("sha256", secret).update(LOOKUP_KEY_LABEL).digest() };
  }
  return cachedKey.key;
}

/** 64 hex characters, for `users.pinLookup` (CHAR(64)). */
export function pinLookup(restaurantId: number, pin: string, secret: string = getEnv().SESSION_SECRET): string {
  return createHmac("sha256", lookupKey(secret)).update(`${restaurantId}:${pin}`).digest("hex");
}

export function hashPin(pin: string): Promise<string> {
  return hashPassword(pin);
}

export function verifyPin(pinHash: string, pin: string): Promise<boolean> {
  return verifyPassword(pinHash, pin);
}
