// The QR menu (/app/qr-menu, its download and table sheet, POST /api/qr-menu), the public menu
// (/menu/{slug}) and menu item photos (the upload path of menu management, /media/menu/…).
// Codes are decoded back to their address with jsQR on sharp's raw pixels; uploaded photos
// are checked to come back as WebP without metadata.
import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api, baseUrl, randomIp } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { expireTrial } from "../setup/floor";
import { getPage, joinedText, sessionCookie } from "../setup/pages";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const PAGE = "/app/qr-menu";
/** The test server's APP_URL (tests/setup/integration-global.ts): QR codes point there. */
const APP_URL = "http://sofra.test";
const MENU_PAGE = "/app/menu-management";
const ITEM_NOT_FOUND = "Ürün bulunamadı; silinmiş olabilir.";

const qrApi = (tenant: Tenant, body: unknown, headers: Record<string, string> = {}) =>
  api("/api/qr-menu", { token: tenant.token, body, headers });

const slugOf = async (tenant: Tenant) =>
  (await prisma.restaurant.findUniqueOrThrow({ where: { id: tenant.restaurantId }, select: { slug: true } })).slug;

/** Reads a QR code out of a PNG. */
async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}
const pngOfDataUrl = (url: string) => Buffer.from(url.replace(/^data:image\/png;base64,/, ""), "base64");

/** Every data:image/png URL in a page. */
const dataUrlsIn = (html: string) => [...html.matchAll(/src="(data:image\/png;base64,[^"]+)"/g)].map((m) => m[1]!);

async function itemsOf(tenant: Tenant) {
  return prisma.menuItem.findMany({ where: { restaurantId: tenant.restaurantId }, orderBy: { id: "asc" } });
}

/** A browser's multipart post of the photo form (as without JavaScript). */
async function postPhoto(
  tenant: Tenant,
  fields: Record<string, string | number>,
  file?: { bytes: Uint8Array; name: string; type: string },
  path = MENU_PAGE,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  if (file) form.append("photo", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    body: form,
    headers: { cookie: await sessionCookie(tenant), origin: baseUrl(), "x-forwarded-for": randomIp() },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

const photoOf = (itemId: number) => prisma.menuItemPhoto.findUnique({ where: { menuItemId: itemId } });

/** A test picture with a gradient, so the encoder has something to keep. */
function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#2a6"/></svg>`,
      ),
    },
  ]);
}

const jpegWithExif = () =>
  picture(1200, 900)
    .jpeg()
    .withExif({ IFD0: { Copyright: "Gizli Fotoğrafçı", Artist: "Konum Sahibi" } })
    .toBuffer();

/** A PNG whose header claims `width × height` pixels, with no pixel data behind it (a decompression bomb's shape). */
function pngHeaderOnly(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function expectCleanWebp(bytes: Uint8Array, maxSide: number) {
  const buf = Buffer.from(bytes);
  expect(buf.subarray(0, 4).toString("ascii")).toBe("RIFF");
  expect(buf.subarray(8, 12).toString("ascii")).toBe("WEBP");
  const meta = await sharp(buf).metadata();
  expect(meta.format).toBe("webp");
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(maxSide);
  // Neither the EXIF text nor its tags survive anywhere in the file.
  expect(buf.includes(Buffer.from("Fotoğrafçı"))).toBe(false);
  expect(buf.includes(Buffer.from("EXIF"))).toBe(false);
}

describe("POST /api/qr-menu", () => {
  it("answers a PNG data URL that decodes back to the address", async () => {
    const tenant = await createTenant({ manager: true });
    const menuUrl = `${baseUrl()}/menu/${await slugOf(tenant)}?masa=4`;
    const res = await qrApi(tenant, { menu_url: menuUrl });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.json)).toEqual(["qr_code_url"]);
    expect(res.json.qr_code_url).toMatch(/^data:image\/png;base64,/);
    const png = pngOfDataUrl(res.json.qr_code_url);
    expect((await sharp(png).metadata()).format).toBe("png");
    expect(await decodeQr(png)).toBe(menuUrl);
  });

  it("takes http and https addresses up to 2,000 characters, trimmed", async () => {
    const tenant = await createTenant({ manager: true });
    const long = `https://ornek.com/${"a".repeat(2000 - "https://ornek.com/".length)}`;
    expect(long).toHaveLength(2000);
    const res = await qrApi(tenant, { menu_url: long });
    expect(res.status, res.text).toBe(200);
    expect(await decodeQr(pngOfDataUrl(res.json.qr_code_url))).toBe(long);
    const plain = await qrApi(tenant, { menu_url: "  http://lokanta.example/menu  " });
    expect(plain.status).toBe(200);
    expect(await decodeQr(pngOfDataUrl(plain.json.qr_code_url))).toBe("http://lokanta.example/menu");
  });

  it("refuses a bad address with 400 and a Turkish detail (every case: tests/domain/qr-menu-and-cms-input.test.ts)", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await qrApi(tenant, { menu_url: "javascript:alert(1)" });
    expect(res.status, res.text).toBe(400);
    expect(res.json.detail).toBe("Menü adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır.");
  });

  it("wants JSON (415), POST (405), a session (401), manager mode (403) and a plan with the QR menu (403)", async () => {
    const tenant = await createTenant({ manager: true });
    const text = await api("/api/qr-menu", {
      token: tenant.token,
      body: "menu_url=https://x.example",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect((await api("/api/qr-menu", { token: tenant.token })).status).toBe(405);
    expect((await api("/api/qr-menu", { body: { menu_url: "https://x.example" } })).status).toBe(401);
    const staff = await createTenant();
    expect((await qrApi(staff, { menu_url: "https://x.example" })).status).toBe(403);
    await prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { subscriptionPlan: "basic" } });
    const basic = await qrApi(tenant, { menu_url: "https://x.example" });
    expect(basic.status).toBe(403);
    expect(basic.json.detail).toContain("QR menü");
  });
});

describe("the QR menu page", () => {
  it("is prefilled with the restaurant's public menu at APP_URL, never the Host header, and idle until asked", async () => {
    const tenant = await createTenant({ manager: true });
    // The test server's APP_URL is http://sofra.test; the request claims another host.
    const forged = await fetch(`${baseUrl()}${PAGE}`, {
      headers: { cookie: await sessionCookie(tenant), "x-forwarded-for": randomIp(), "x-forwarded-host": "evil.example" },
    });
    const res = { status: forged.status, text: await forged.text() };
    expect(res.status).toBe(200);
    const menuUrl = `${APP_URL}/menu/${await slugOf(tenant)}`;
    expect(res.text).toContain(`value="${menuUrl}"`);
    expect(res.text).not.toContain("evil.example");
    expect(res.text).toContain("QR Kod Oluştur");
    expect(joinedText(res.text)).toContain("Nasıl kullanılır?");
    expect(dataUrlsIn(res.text)).toEqual([]);
  });

  it("generates without JavaScript: the code in the page, a download link and the steps", async () => {
    const tenant = await createTenant({ manager: true });
    const menuUrl = `${baseUrl()}/menu/${await slugOf(tenant)}`;
    const res = await getPage(tenant, `${PAGE}?url=${encodeURIComponent(menuUrl)}`);
    expect(res.status).toBe(200);
    const [image] = dataUrlsIn(res.text);
    expect(image).toBeDefined();
    expect(res.text).toMatch(/width="250" height="250"/);
    expect(await decodeQr(pngOfDataUrl(image!))).toBe(menuUrl);
    expect(res.text).toContain(`href="/app/qr-menu/download?${new URLSearchParams({ url: menuUrl })}"`);
    expect(res.text).toContain('download="menu-qr-code.png"');
    expect(res.text).toContain("Yazdır");
  });

  it("shows the spec's error and a placeholder for a bad address (400)", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await getPage(tenant, `${PAGE}?url=${encodeURIComponent("javascript:alert(1)")}`);
    expect(res.status).toBe(400);
    expect(joinedText(res.text)).toContain("QR kodu oluşturulurken hata oluştu: Menü adresi http:// ya da https://");
    expect(res.text).toContain('aria-label="QR kodu oluşturulamadı"');
    expect(dataUrlsIn(res.text)).toEqual([]);
  });

  it("downloads the code as menu-qr-code.png", async () => {
    const tenant = await createTenant({ manager: true });
    const menuUrl = `${baseUrl()}/menu/${await slugOf(tenant)}`;
    const res = await fetch(`${baseUrl()}${PAGE}/download?url=${encodeURIComponent(menuUrl)}`, {
      headers: { cookie: await sessionCookie(tenant) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="menu-qr-code.png"');
    const png = Buffer.from(await res.arrayBuffer());
    expect((await sharp(png).metadata()).width).toBeGreaterThanOrEqual(1000);
    expect(await decodeQr(png)).toBe(menuUrl);
    const bad = await getPage(tenant, `${PAGE}/download?url=${encodeURIComponent("ftp://x")}`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("http:// ya da https://");
    expect((await getPage(tenant, `${PAGE}/download`)).status).toBe(400);
  });

  it("the table sheet has one code per live table of this restaurant only, each opening its table", async () => {
    const { a, b } = await createTenantPair();
    const [slugA, slugB] = await Promise.all([slugOf(a), slugOf(b)]);
    const tableA = await prisma.restaurantTable.findFirstOrThrow({ where: { restaurantId: a.restaurantId, number: 20 } });
    await prisma.restaurantTable.update({ where: { id: tableA.id }, data: { archivedAt: new Date() } });
    const res = await getPage(a, `${PAGE}/tables`);
    expect(res.status).toBe(200);
    const cards = res.text.match(/data-testid="qr-table-card"/g) ?? [];
    const live = await prisma.restaurantTable.count({ where: { restaurantId: a.restaurantId, archivedAt: null } });
    expect(cards).toHaveLength(live);
    expect(live).toBe(19);
    expect(res.text).not.toContain(slugB);
    expect(res.text).not.toContain(`${slugA}?masa=20<`);
    const codes = dataUrlsIn(res.text);
    expect(codes).toHaveLength(live);
    expect(await decodeQr(pngOfDataUrl(codes[0]!))).toBe(`${APP_URL}/menu/${slugA}?masa=1`);
    expect(await decodeQr(pngOfDataUrl(codes[18]!))).toBe(`${APP_URL}/menu/${slugA}?masa=19`);
    expect(joinedText(res.text)).toContain("Masa 1");
    expect(res.text).toContain('class="qr-sheet"');
  });

  it("is closed to a plan without the QR menu: the gate on the page, 403 on the download", async () => {
    const tenant = await createTenant({ manager: true });
    await expireTrial(tenant);
    const page = await getPage(tenant, `${PAGE}?url=${encodeURIComponent("https://x.example")}`);
    expect(page.text).toContain('aria-labelledby="gate-title"');
    expect(dataUrlsIn(page.text)).toEqual([]);
    expect((await getPage(tenant, `${PAGE}/download?url=${encodeURIComponent("https://x.example")}`)).status).toBe(403);
    const sheet = await getPage(tenant, `${PAGE}/tables`);
    expect(dataUrlsIn(sheet.text)).toEqual([]);
  });
});

describe("the public menu /menu/{slug}", () => {
  it("needs no login and ships no JavaScript: name, address, phone, categories, prices, sold-out marked, deleted absent", async () => {
    const tenant = await createTenant({ manager: true });
    await prisma.restaurant.update({
      where: { id: tenant.restaurantId },
      data: { address: "Bağdat Cad. No: 12, Kadıköy", phone: "0216 555 12 34" },
    });
    const items = await itemsOf(tenant);
    const [soldOut, deleted, plain] = [items[0]!, items[1]!, items[2]!];
    await prisma.menuItem.update({ where: { id: soldOut.id }, data: { available: false } });
    expect((await api(`/api/menu/${deleted.id}`, { method: "DELETE", token: tenant.token })).status).toBe(200);
    const res = await fetch(`${baseUrl()}/menu/${await slugOf(tenant)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=60/);
    expect(res.headers.get("set-cookie")).toBeNull();
    const html = await res.text();
    const text = joinedText(html);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("modulepreload");
    expect(text).toContain(tenant.restaurantName);
    expect(text).toContain("Bağdat Cad. No: 12, Kadıköy");
    expect(html).toContain('href="tel:02165551234"');
    expect(text).toContain(plain.name);
    expect(text).toContain(new Intl.NumberFormat("tr-TR", { style: "currency", currency: "TRY" }).format(Number(plain.price)));
    if (plain.description) expect(text).toContain(plain.description);
    expect(text).not.toContain(`>${deleted.name}<`);
    const soldOutRow = html.split('data-testid="public-menu-item"').find((row) => row.includes(`>${soldOut.name}<`))!;
    expect(soldOutRow).toContain("Tükendi");
    expect(html).toContain("pm-item--sold-out");
    for (const label of new Set(items.slice(2).map((i) => i.category))) {
      const labels: Record<string, string> = {
        drinks: "İçecekler",
        breakfast: "Kahvaltı",
        appetizer: "Başlangıçlar",
        main_course: "Ana Yemekler",
        dessert: "Tatlılar",
        soup: "Çorbalar",
      };
      expect(text).toContain(labels[label]);
    }
  });

  it("shows the table a code names (?masa=N), and nothing for a table that is not there", async () => {
    const tenant = await createTenant();
    const slug = await slugOf(tenant);
    const table = await fetch(`${baseUrl()}/menu/${slug}?masa=7`).then((r) => r.text());
    expect(joinedText(table)).toMatch(/data-testid="menu-table">Masa 7</);
    for (const masa of ["999", "0", "-1", "abc", "1e3", "99999999999"]) {
      const res = await fetch(`${baseUrl()}/menu/${slug}?masa=${masa}`);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain('data-testid="menu-table"');
    }
  });

  it("answers 404 in Turkish for an unknown restaurant, and for one whose subscription is not active", async () => {
    for (const slug of ["boyle-bir-restoran-yok", "BÜYÜK", "a".repeat(200)]) {
      const res = await fetch(`${baseUrl()}/menu/${encodeURIComponent(slug)}`);
      expect(res.status).toBe(404);
      expect(joinedText(await res.text())).toContain("Menü bulunamadı");
    }
    const tenant = await createTenant();
    await prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { subscriptionStatus: "suspended" } });
    const closed = await fetch(`${baseUrl()}/menu/${await slugOf(tenant)}`);
    expect(closed.status).toBe(404);
    const text = joinedText(await closed.text());
    expect(text).toContain("Menü şu anda yayında değil");
    expect(text).not.toContain("Çorbalar");
  });
});

describe("menu item photos", () => {
  it("a JPEG becomes two WebP files without its EXIF, shown in menu management and on the public menu", async () => {
    const tenant = await createTenant({ manager: true });
    const item = (await itemsOf(tenant))[0]!;
    const res = await postPhoto(
      tenant,
      { intent: "photo", id: item.id },
      { bytes: await jpegWithExif(), name: "tabak.jpg", type: "image/jpeg" },
    );
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    expect(res.location).toBe(`${MENU_PAGE}#item-${item.id}`);
    const photo = (await photoOf(item.id))!;
    expect(photo.sourceType).toBe("jpeg");
    expect(photo.hash).toMatch(/^[0-9a-f]{16}$/);
    await expectCleanWebp(photo.large, 640);
    await expectCleanWebp(photo.thumb, 160);
    expect([photo.width, photo.height]).toEqual([640, 480]);
    expect((await sharp(Buffer.from(photo.thumb)).metadata()).width).toBe(160);

    const large = await fetch(`${baseUrl()}/media/menu/${item.id}/${photo.hash}/large`);
    expect(large.status).toBe(200);
    expect(large.headers.get("content-type")).toBe("image/webp");
    expect(large.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await expectCleanWebp(new Uint8Array(await large.arrayBuffer()), 640);
    expect((await fetch(`${baseUrl()}/media/menu/${item.id}/${"0".repeat(16)}/large`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/media/menu/${item.id}/${photo.hash}/huge`)).status).toBe(404);

    const publicHtml = await fetch(`${baseUrl()}/menu/${await slugOf(tenant)}`).then((r) => r.text());
    expect(publicHtml).toContain(`src="/media/menu/${item.id}/${photo.hash}/thumb"`);
    expect(publicHtml).toContain(`href="/media/menu/${item.id}/${photo.hash}/large"`);
    const page = await getPage(tenant, MENU_PAGE);
    expect(page.text).toContain(`src="/media/menu/${item.id}/${photo.hash}/thumb"`);
    const dialog = await getPage(tenant, `${MENU_PAGE}?photo=${item.id}`);
    expect(dialog.status).toBe(200);
    expect(dialog.text).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(dialog.text).toContain(`src="/media/menu/${item.id}/${photo.hash}/large"`);
  });

  it("takes PNG and WebP too, replaces the photo (new address, old one 404) and removes it", async () => {
    const tenant = await createTenant({ manager: true });
    const item = (await itemsOf(tenant))[1]!;
    const png = await picture(300, 500).png().toBuffer();
    expect((await postPhoto(tenant, { intent: "photo", id: item.id }, { bytes: png, name: "a.png", type: "image/png" })).status).toBe(302);
    const first = (await photoOf(item.id))!;
    expect(first.sourceType).toBe("png");
    await expectCleanWebp(first.large, 640);
    expect([first.width, first.height]).toEqual([300, 500]);

    const webp = await picture(2000, 1000).webp().toBuffer();
    // The browser's type and name are not trusted either way: a WebP sent as "foto.jpg", image/jpeg.
    expect((await postPhoto(tenant, { intent: "photo", id: item.id }, { bytes: webp, name: "foto.jpg", type: "image/jpeg" })).status).toBe(
      302,
    );
    const second = (await photoOf(item.id))!;
    expect(second.sourceType).toBe("webp");
    expect(second.hash).not.toBe(first.hash);
    expect([second.width, second.height]).toEqual([640, 320]);
    expect(await prisma.menuItemPhoto.count({ where: { menuItemId: item.id } })).toBe(1);
    expect((await fetch(`${baseUrl()}/media/menu/${item.id}/${first.hash}/thumb`)).status).toBe(404);

    const removed = await postPhoto(tenant, { intent: "photo-remove", id: item.id });
    expect(removed.status).toBe(302);
    expect(await photoOf(item.id)).toBeNull();
    expect((await fetch(`${baseUrl()}/media/menu/${item.id}/${second.hash}/large`)).status).toBe(404);
    // A repeat changes nothing and is not an error.
    expect((await postPhoto(tenant, { intent: "photo-remove", id: item.id })).status).toBe(302);
  });

  it("refuses a file that is not an image whatever its name and type (415), without storing anything", async () => {
    const tenant = await createTenant({ manager: true });
    const item = (await itemsOf(tenant))[0]!;
    const cases = [
      { bytes: new TextEncoder().encode("<html>bu bir fotoğraf değil</html>"), name: "foto.jpg", type: "image/jpeg" },
      { bytes: new TextEncoder().encode("%PDF-1.7 ..."), name: "menu.png", type: "image/png" },
      { bytes: await picture(50, 50).gif().toBuffer(), name: "hareketli.webp", type: "image/webp" },
    ];
    for (const file of cases) {
      const res = await postPhoto(tenant, { intent: "photo", id: item.id }, file);
      expect(res.status, file.name).toBe(415);
      expect(joinedText(res.text)).toContain("Bu dosya bir fotoğraf değil: JPEG, PNG ya da WebP yükleyin.");
    }
    expect(await photoOf(item.id)).toBeNull();
    const none = await postPhoto(tenant, { intent: "photo", id: item.id });
    expect(none.status).toBe(400);
    expect(joinedText(none.text)).toContain("Bir fotoğraf seçin.");
  });

  it("refuses a file over 10 MB and a body over the limit with 413", async () => {
    const tenant = await createTenant({ manager: true });
    const item = (await itemsOf(tenant))[0]!;
    // A JPEG signature, then padding: over 10 MB by one byte.
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const file = await postPhoto(tenant, { intent: "photo", id: item.id }, { bytes: big, name: "buyuk.jpg", type: "image/jpeg" });
    expect(file.status).toBe(413);
    expect(joinedText(file.text)).toContain("Fotoğraf en fazla 10 MB olabilir.");
    const huge = new Uint8Array(12 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const body = await postPhoto(tenant, { intent: "photo", id: item.id }, { bytes: huge, name: "cok-buyuk.jpg", type: "image/jpeg" });
    expect(body.status).toBe(413);
    expect(await photoOf(item.id)).toBeNull();
    // Other page forms keep the edge's 64 KB limit.
    const form = await fetch(`${baseUrl()}/app/stock-management`, {
      method: "POST",
      body: new URLSearchParams({ intent: "create", name: "x".repeat(100 * 1024) }),
      headers: { cookie: await sessionCookie(tenant), origin: baseUrl(), "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(form.status).toBe(413);
  });

  it("refuses an image over 40 megapixels by its header, before decoding it (413)", async () => {
    const tenant = await createTenant({ manager: true });
    const item = (await itemsOf(tenant))[0]!;
    const bomb = pngHeaderOnly(50_000, 50_000);
    const res = await postPhoto(tenant, { intent: "photo", id: item.id }, { bytes: bomb, name: "bomba.png", type: "image/png" });
    expect(res.status).toBe(413);
    expect(joinedText(res.text)).toContain("en fazla 40 megapiksel");
    const justOver = pngHeaderOnly(8000, 5001);
    expect((await postPhoto(tenant, { intent: "photo", id: item.id }, { bytes: justOver, name: "b.png", type: "image/png" })).status).toBe(
      413,
    );
    expect(await photoOf(item.id)).toBeNull();
  });

  it("two uploads at once leave one photo, one of the two", async () => {
    const tenant = await createTenant({ manager: true });
    const item = (await itemsOf(tenant))[0]!;
    const files = [await picture(400, 300).jpeg().toBuffer(), await picture(300, 400).png().toBuffer()];
    const results = await Promise.all(
      files.map((bytes, i) => postPhoto(tenant, { intent: "photo", id: item.id }, { bytes, name: `f${i}`, type: "image/jpeg" })),
    );
    expect(results.map((r) => r.status)).toEqual([302, 302]);
    const rows = await prisma.menuItemPhoto.findMany({ where: { menuItemId: item.id } });
    expect(rows).toHaveLength(1);
    expect(["jpeg", "png"]).toContain(rows[0]!.sourceType);
  });

  it("another restaurant's item: 404 for upload, remove and the dialog; its photo untouched", async () => {
    const { a, b } = await createTenantPair();
    const item = (await itemsOf(a))[0]!;
    const jpeg = await picture(200, 200).jpeg().toBuffer();
    expect((await postPhoto(a, { intent: "photo", id: item.id }, { bytes: jpeg, name: "a.jpg", type: "image/jpeg" })).status).toBe(302);
    const before = (await photoOf(item.id))!;
    const other = await picture(100, 100).png().toBuffer();
    const upload = await postPhoto(b, { intent: "photo", id: item.id }, { bytes: other, name: "b.png", type: "image/png" });
    expect(upload.status).toBe(404);
    expect(joinedText(upload.text)).toContain(ITEM_NOT_FOUND);
    const remove = await postPhoto(b, { intent: "photo-remove", id: item.id });
    expect(remove.status).toBe(404);
    // The URL-encoded form of the remove button too.
    const encoded = await fetch(`${baseUrl()}${MENU_PAGE}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "photo-remove", id: String(item.id) }),
      headers: { cookie: await sessionCookie(b), origin: baseUrl(), "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(encoded.status).toBe(404);
    expect((await getPage(b, `${MENU_PAGE}?photo=${item.id}`)).status).toBe(404);
    const after = (await photoOf(item.id))!;
    expect(after.hash).toBe(before.hash);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it("every photo action and dialog refuses another restaurant's ids (the shared isolation helper)", async () => {
    const { a, b } = await createTenantPair();
    const ids = (await itemsOf(a)).slice(0, 3).map((i) => i.id);
    const png = await picture(64, 64).png().toBuffer();
    const as = (token: string) => ({ ...(token === a.token ? a : b), token });
    await expectIdsRefusedToOtherTenant({ owner: a, other: b }, ids, [
      {
        name: "POST /app/menu-management intent=photo",
        send: (id, token) => postPhoto(as(token), { intent: "photo", id }, { bytes: png, name: "p.png", type: "image/png" }),
      },
      { name: "POST /app/menu-management intent=photo-remove", send: (id, token) => postPhoto(as(token), { intent: "photo-remove", id }) },
      { name: "GET /app/menu-management?photo={id}", send: (id, token) => getPage(as(token), `${MENU_PAGE}?photo=${id}`) },
    ]);
    expect(await prisma.menuItemPhoto.count({ where: { restaurantId: b.restaurantId } })).toBe(0);
  });

  it("needs manager mode, a plan with menu management and a same-site post", async () => {
    const tenant = await createTenant();
    const item = (await itemsOf(tenant))[0]!;
    const jpeg = await picture(100, 100).jpeg().toBuffer();
    expect((await postPhoto(tenant, { intent: "photo", id: item.id }, { bytes: jpeg, name: "a.jpg", type: "image/jpeg" })).status).toBe(
      403,
    );
    const manager = await createTenant({ manager: true });
    const own = (await itemsOf(manager))[0]!;
    const crossSite = await fetch(`${baseUrl()}${MENU_PAGE}`, {
      method: "POST",
      body: (() => {
        const f = new FormData();
        f.append("intent", "photo");
        f.append("id", String(own.id));
        f.append("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "a.jpg");
        return f;
      })(),
      headers: { cookie: await sessionCookie(manager), "sec-fetch-site": "cross-site" },
      redirect: "manual",
    });
    expect(crossSite.status).toBe(403);
    await expireTrial(manager);
    const expired = await postPhoto(manager, { intent: "photo", id: own.id }, { bytes: jpeg, name: "a.jpg", type: "image/jpeg" });
    expect(expired.status).toBe(403);
    expect(await photoOf(own.id)).toBeNull();
  });
});
