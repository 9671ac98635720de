// The built files go out precompressed (scripts/precompress.ts, decision 031):
// Brotli to a browser that takes it, the build's Zopfli gzip copy to one that
// takes only gzip, the file itself to one that takes neither; the bytes sent
// are the files on disk, and the cache headers stay those of the file.
import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../setup/api";

const CLIENT = path.resolve(import.meta.dirname, "../../build/client");
const entry = readdirSync(path.join(CLIENT, "assets")).find((f) => /^entry\.client-.+\.js$/.test(f))!;

/** The raw answer (fetch would decode it). */
function rawGet(urlPath: string, acceptEncoding: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl()}${urlPath}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("precompressed static files", () => {
  it("sends the client entry as the build's Brotli copy to a browser that takes br", async () => {
    const file = path.join(CLIENT, "assets", entry);
    const res = await rawGet(`/assets/${entry}`, "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(brotliDecompressSync(res.body).equals(readFileSync(file))).toBe(true);
  });

  it("sends the Zopfli gzip copy, smaller than gzip -9 would make it, to a client that takes only gzip", async () => {
    const file = path.join(CLIENT, "assets", entry);
    const res = await rawGet(`/assets/${entry}`, "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.body.equals(readFileSync(`${file}.gz`))).toBe(true);
    expect(gunzipSync(res.body).equals(readFileSync(file))).toBe(true);
    const { gzipSync } = await import("node:zlib");
    expect(res.body.length).toBeLessThan(gzipSync(readFileSync(file), { level: 9 }).length);
  });

  it("sends the file itself to a client that takes no compression", async () => {
    const res = await rawGet(`/assets/${entry}`, "identity");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.equals(readFileSync(path.join(CLIENT, "assets", entry)))).toBe(true);
  });

  it("keeps the service worker revalidated when it is sent compressed", async () => {
    const res = await rawGet("/sw.js", "br");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-type"]).toMatch(/javascript/);
  });
});
