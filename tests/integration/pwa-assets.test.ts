// What the phone installs: the manifest, its icons (made by scripts/icons.ts
// with sharp from one source image) and the service worker, as the production
// server serves them.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../setup/api";

const get = (path: string) => fetch(`${baseUrl()}${path}`);

describe("the installable app", () => {
  it("serves a manifest: Sofra, Turkish, starting at /app, standalone, with the brand colour and three icons", async () => {
    const res = await get("/manifest.webmanifest");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      short_name: "Sofra",
      lang: "tr",
      start_url: "/app",
      display: "standalone",
      theme_color: "#b4381f",
    });
    expect(manifest.name).toContain("Sofra");
    expect(manifest.icons).toEqual([
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ]);
  });

  it.each([
    ["/icons/icon-192.png", 192],
    ["/icons/icon-512.png", 512],
    ["/icons/maskable-512.png", 512],
    ["/icons/apple-touch-icon.png", 180],
  ])("serves %s as a %i px PNG", async (path, size) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "png", width: size, height: size });
  });

  it("the maskable icon fills its whole square (no transparent corners to be cropped)", async () => {
    const image = sharp(Buffer.from(await (await get("/icons/maskable-512.png")).arrayBuffer()));
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect([alphaAt(0, 0), alphaAt(511, 0), alphaAt(0, 511), alphaAt(511, 511)]).toEqual([255, 255, 255, 255]);
  });

  it("serves the service worker, never cached by the browser, with the assets, icons and offline page precached", async () => {
    const res = await get("/sw.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const source = await res.text();
    for (const url of ["offline.html", "icons/icon-192.png", "icons/maskable-512.png", "favicon.svg"]) {
      expect(source, url).toContain(`"url":"${url}"`);
    }
    expect(source).toMatch(/"url":"assets\/entry\.client-[\w-]+\.js"/);
  });

  it("precaches only the public site: a landing-page visit does not download the restaurant app", async () => {
    const source = await (await get("/sw.js")).text();
    const precached = [...source.matchAll(/"url":"(assets\/[^"]+)"/g)].map((m) => m[1]!);
    // The landing page's own files are there ...
    const home = await (await get("/")).text();
    const homeModules = [...home.matchAll(/<link rel="modulepreload" href="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(homeModules.length).toBeGreaterThan(2);
    for (const f of homeModules) expect(precached, f).toContain(f);
    // ... and no screen of the restaurant app.
    for (const screen of ["order-taking", "payments", "staff", "admin", "role-selection", "premium-application", "welcome"]) {
      expect(
        precached.filter((f) => f.startsWith(`assets/${screen}-`)),
        screen,
      ).toEqual([]);
    }
    // The public site's pages (landing, pricing, signup, login, forgot/reset password, e-mail check, the guests' menu) and what they share.
    expect(precached.length).toBeLessThan(40);
  });

  it("serves the Turkish offline page", async () => {
    const res = await get("/offline.html");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="tr">');
    expect(html).toContain("İnternet bağlantısı yok");
  });

  it("pages link the manifest and the Apple touch icon", async () => {
    const html = await (await get("/")).text();
    expect(html).toContain('rel="manifest" href="/manifest.webmanifest"');
    expect(html).toContain('rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
  });
});
