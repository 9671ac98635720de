// A signed cookie as React Router's createCookie makes it (the same bytes both ways), read without
// WebCrypto. RR's parse imports the secret as a CryptoKey and verifies the HMAC through
// crypto.subtle on every call: two trips through the thread pool and ~4 % of a busy process's CPU,
// since every request of a signed-in device reads its session cookie. Here the HMAC is node:crypto's,
// synchronous, on a key made once. Writing (rare: a login, a flash message) stays RR's.
import { createHmac, timingSafeEqual } from "node:crypto";
import { parse } from "cookie";
import { createCookie, type Cookie, type CookieOptions } from "react-router";

/**
 * The value a signed cookie holds, or null (absent, unsigned, tampered, signed with no secret of
 * `secrets`); "" for a cookie set to "" (a cleared one). As RR's Cookie.parse.
 */
export function readSignedValue(cookieHeader: string | null, name: string, secrets: readonly string[]): unknown {
  if (!cookieHeader) return null;
  const raw = parse(cookieHeader)[name];
  if (typeof raw !== "string") return null;
  if (raw === "") return "";
  const dot = raw.lastIndexOf(".");
  if (dot < 0) return null;
  const value = raw.slice(0, dot);
  const signature = Buffer.from(raw.slice(dot + 1), "latin1");
  for (const secret of secrets) {
    // RR's sign: base64 of the HMAC-SHA256 of the value, without its "=" padding.
    const expected = Buffer.from(createHmac("sha256", secret).update(value, "utf8").digest("base64").replace(/=+$/, ""), "latin1");
    if (expected.length === signature.length && timingSafeEqual(expected, signature)) return decodeValue(value);
  }
  return null;
}

/** RR's encoding: base64 of the UTF-8 JSON (btoa of the percent-decoded encodeURIComponent). */
function decodeValue(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    return {};
  }
}

/** createCookie(name, options) whose parse is readSignedValue; serialize is RR's. */
export function createSignedCookie(name: string, options: CookieOptions & { secrets: string[] }): Cookie {
  const cookie = createCookie(name, options);
  const secrets = [...options.secrets];
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    parse: async (cookieHeader) => readSignedValue(cookieHeader, name, secrets),
    serialize: (value, serializeOptions) => cookie.serialize(value, serializeOptions),
  };
}
