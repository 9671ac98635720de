// A browser's side of web push for the tests: a P-256 key pair and auth secret as PushManager
// makes them, a local HTTP server standing in for the push service, and RFC 8291/8188 decryption
// written here with node:crypto (not with the library that encrypted) so the test checks the
// message a real browser would read.
import { createECDH, createPublicKey, hkdfSync, randomBytes, createDecipheriv, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

export interface FakeBrowser {
  ecdh: ECDH;
  authSecret: Buffer;
  /** PushSubscription.toJSON() of this browser for an endpoint. */
  subscription(endpoint: string): { endpoint: string; keys: { p256dh: string; auth: string } };
}

export function fakeBrowser(): FakeBrowser {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    subscription: (endpoint) => ({
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
    }),
  };
}

/** Decrypts an aes128gcm push message body (RFC 8188 framing, RFC 8291 key derivation; one record). */
export function decryptPush(body: Buffer, browser: FakeBrowser): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("not a final record");
  return padded.subarray(0, end).toString("utf8");
}

/** Checks the VAPID header (RFC 8292): `vapid t=<ES256 JWT>, k=<public key>`; returns the JWT's claims. */
export function verifyVapid(authorization: string | undefined, publicKey: string): { aud: string; sub: string; exp: number } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [, jwt, k] = match;
  if (k !== publicKey) throw new Error("VAPID k is not the server's public key");
  const [header, claims, signature] = jwt!.split(".");
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
    format: "jwk",
  });
  const ok = verify("sha256", Buffer.from(`${header}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature!, "base64url"));
  if (!ok) throw new Error("VAPID signature does not verify");
  return JSON.parse(Buffer.from(claims!, "base64url").toString("utf8"));
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakePushService {
  origin: string;
  received: ReceivedPush[];
  /** The status the service answers for a path (201 by default, as push services do). */
  answer: Map<string, number>;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const answer = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.get(req.url ?? "") ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
