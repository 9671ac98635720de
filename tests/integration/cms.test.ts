// The CMS (issue 11): /api/cms/* with good and bad input, upload fuzzing (wrong types, a script
// named .png, polyglots, huge dimensions, oversize, truncated files), the served images
// (re-encoded WebP without metadata, cached for a year), the /admin/cms page's forms without
// JavaScript, and the landing page using what the admin wrote.
//
// The server and database are shared with every other test file: whatever this file makes
// visible on the landing page (an active text, a hero image, contact details) it takes back.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createPlatformAdmin, adminCookie, getAdminPage, postAdminForm, type PlatformAdminAccount } from "../setup/admin";
import { api, baseUrl, randomIp } from "../setup/api";
import { createTenant } from "../setup/factories";
import { expectCleanWebp, jpegWithExif, picture, pngHeaderOnly } from "../setup/images";
import { joinedText } from "../setup/pages";

let admin: PlatformAdminAccount;
beforeAll(async () => {
  admin = await createPlatformAdmin();
});

const cms = (path: string, options: Parameters<typeof api>[1] = {}) => api(path, { token: admin.token, ...options });
const key = () => `k-${randomUUID()}`;

interface Upload {
  bytes?: Uint8Array;
  name?: string;
  type?: string;
  fields?: Record<string, string>;
}

function uploadForm({ bytes, name = "resim.png", type = "image/png", fields }: Upload) {
  const form = new FormData();
  const all = { image_type: "feature_icon", title: "Test resmi", ...fields };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  if (bytes) form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

/** POST /api/cms/images/upload with a bearer, as a script would. */
async function apiUpload(upload: Upload, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl()}/api/cms/images/upload`, {
    method: "POST",
    body: uploadForm(upload),
    headers: { authorization: `Bearer ${admin.token}`, "x-forwarded-for": randomIp(), ...headers },
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** The /admin/cms upload form as a browser without JavaScript posts it (multipart, cookie, Origin). */
async function pageUpload(upload: Upload & { createKey?: string }) {
  const form = uploadForm(upload);
  form.append("intent", "image-upload");
  form.append("create_key", upload.createKey ?? key());
  const res = await fetch(`${baseUrl()}/admin/cms?tab=images`, {
    method: "POST",
    body: form,
    headers: { cookie: await adminCookie(admin), origin: baseUrl(), "x-forwarded-for": randomIp() },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), text: joinedText(await res.text()) };
}

const imageCount = () => prisma.cmsImage.count();
const landing = async () => joinedText(await (await fetch(`${baseUrl()}/`)).text());

const createdImages: number[] = [];
const createdContent: number[] = [];
afterAll(async () => {
  // Through the API, so the server's landing cache lets go of them too.
  for (const id of createdImages) await cms(`/api/cms/images/${id}`, { method: "DELETE" });
  for (const id of createdContent) await cms(`/api/cms/content/${id}`, { method: "PUT", body: { is_active: false } });
});

async function newContent(body: Record<string, unknown>) {
  const res = await cms("/api/cms/content", { body });
  expect(res.status, res.text).toBe(201);
  createdContent.push(res.json.id);
  return res.json;
}

describe("GET/POST /api/cms/content", () => {
  it("creates with the spec's defaults (tr, active, order 0) and lists it; a repeated key answers the first item", async () => {
    const k = key();
    const first = await cms("/api/cms/content", {
      body: { type: "cta_title", title: "  Çağrı  ", content: "Hemen başlayın" },
      headers: { "Idempotency-Key": k },
    });
    expect(first.status).toBe(201);
    createdContent.push(first.json.id);
    expect(first.json).toMatchObject({
      type: "cta_title",
      title: "Çağrı",
      content: "Hemen başlayın",
      language: "tr",
      order_index: 0,
      version: 1,
    });
    expect(first.json.is_active).toBe(true);
    const again = await cms("/api/cms/content", {
      body: { type: "cta_title", title: "Başka", content: "Başka" },
      headers: { "Idempotency-Key": k },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(again.json.id).toBe(first.json.id);
    expect(await prisma.cmsContent.count({ where: { createKey: k } })).toBe(1);
    const list = await cms("/api/cms/content");
    expect(list.status).toBe(200);
    expect(list.json.find((c: { id: number }) => c.id === first.json.id)).toMatchObject({ title: "Çağrı" });
  });

  it("refuses bad input with 400 and a Turkish detail, nothing written (every case: tests/domain/qr-menu-and-cms-input.test.ts)", async () => {
    const before = await prisma.cmsContent.count();
    const res = await cms("/api/cms/content", { body: { type: "hero_title", title: "x".repeat(201), content: "x" } });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe("Başlık en fazla 200 karakter olabilir.");
    expect(await prisma.cmsContent.count()).toBe(before);
  });

  it("wants JSON (415), a JSON object (400) and POST (405)", async () => {
    expect(
      (await cms("/api/cms/content", { body: "type=hero_title", headers: { "content-type": "application/x-www-form-urlencoded" } })).status,
    ).toBe(415);
    expect((await cms("/api/cms/content", { body: "{bozuk", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await cms("/api/cms/content", { body: [1, 2] })).status).toBe(400);
    expect((await cms("/api/cms/content", { method: "DELETE" })).status).toBe(405);
  });
});

describe("PUT /api/cms/content/{id}", () => {
  it("changes the fields sent, keeps the type, and refuses a stale version (409), another type (400), an unknown id (404)", async () => {
    const item = await newContent({
      type: "pricing_subtitle",
      title: "Alt",
      content: "Eski",
      language: "en",
      is_active: false,
      order_index: 3,
    });
    const res = await cms(`/api/cms/content/${item.id}`, { method: "PUT", body: { content: "Yeni", order_index: 4, version: 1 } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: item.id,
      type: "pricing_subtitle",
      title: "Alt",
      content: "Yeni",
      language: "en",
      order_index: 4,
      version: 2,
    });
    // The same type may be sent back (the spec's form does); another is refused.
    expect((await cms(`/api/cms/content/${item.id}`, { method: "PUT", body: { type: "pricing_subtitle", title: "Alt 2" } })).status).toBe(
      200,
    );
    const other = await cms(`/api/cms/content/${item.id}`, { method: "PUT", body: { type: "hero_title" } });
    expect(other.status).toBe(400);
    expect(other.json.detail).toBe("İçerik türü oluşturulduktan sonra değiştirilemez.");
    const stale = await cms(`/api/cms/content/${item.id}`, { method: "PUT", body: { content: "Eski sürümden", version: 1 } });
    expect(stale.status).toBe(409);
    expect((await prisma.cmsContent.findUniqueOrThrow({ where: { id: item.id } })).content).toBe("Yeni");
    expect((await cms(`/api/cms/content/${item.id}`, { method: "PUT", body: { title: "" } })).status).toBe(400);
    expect((await cms(`/api/cms/content/${item.id}`, { method: "PUT", body: { order_index: -2 } })).status).toBe(400);
    expect((await cms("/api/cms/content/999999999", { method: "PUT", body: { title: "x" } })).status).toBe(404);
    expect((await cms("/api/cms/content/abc", { method: "PUT", body: { title: "x" } })).status).toBe(400);
    expect((await cms(`/api/cms/content/${item.id}`, { method: "POST", body: {} })).status).toBe(405);
  });

  it("two edits from the same version: one wins, the other is 409", async () => {
    const item = await newContent({ type: "cta_subtitle", title: "Yarış", content: "0", is_active: false });
    const results = await Promise.all(
      ["A", "B"].map((content) => cms(`/api/cms/content/${item.id}`, { method: "PUT", body: { content, version: 1 } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await prisma.cmsContent.findUniqueOrThrow({ where: { id: item.id } })).version).toBe(2);
  });
});

describe("the landing page reads the CMS", () => {
  it("shows the first active Turkish text of a type, falls back to the built-in text without one", async () => {
    const title = `CMS başlığı ${randomUUID().slice(0, 6)}`;
    expect(await landing()).toContain("Restoranınızı telefonunuzdan yönetin");
    const en = await newContent({ type: "hero_title", title: "en", content: `${title} EN`, language: "en" });
    const inactive = await newContent({ type: "hero_title", title: "pasif", content: `${title} pasif`, is_active: false });
    const second = await newContent({ type: "hero_title", title: "ikinci", content: `${title} ikinci`, order_index: 5 });
    const first = await newContent({ type: "hero_title", title: "ilk", content: title, order_index: 1 });
    let html = await landing();
    expect(html).toMatch(new RegExp(`<h1>${title}</h1>`));
    expect(html).not.toContain(`${title} ikinci`);
    expect(html).not.toContain(`${title} EN`);
    expect(html).not.toContain(`${title} pasif`);
    // A feature text goes to the feature its order index names.
    const feature = await newContent({ type: "feature_title", title: "f", content: `Özellik ${title}`, order_index: 1 });
    html = await landing();
    expect(html).toContain(`<h3>Özellik ${title}</h3>`);
    expect(html).toContain("<h3>Masa Yönetimi</h3>");
    expect(html).not.toContain("<h3>QR Menü</h3>");
    for (const id of [first.id, second.id, feature.id]) await cms(`/api/cms/content/${id}`, { method: "PUT", body: { is_active: false } });
    html = await landing();
    expect(html).toContain("Restoranınızı telefonunuzdan yönetin");
    expect(html).toContain("<h3>QR Menü</h3>");
    void en;
    void inactive;
  });
});

describe("POST /api/cms/images/upload", () => {
  it("re-encodes a JPEG with EXIF to a clean WebP, lists it and serves it at file_url for a year", async () => {
    const k = key();
    const res = await apiUpload(
      {
        bytes: await jpegWithExif(3000, 2000),
        name: "hero.jpg",
        type: "image/jpeg",
        fields: { image_type: "hero_image", title: "Kapak", alt_text: "Restoran salonu" },
      },
      { "Idempotency-Key": k },
    );
    expect(res.status).toBe(201);
    createdImages.push(res.json.id);
    expect(res.json).toMatchObject({
      title: "Kapak",
      type: "hero_image",
      alt_text: "Restoran salonu",
      mime_type: "image/webp",
      width: 1920,
      height: 1280,
      message: "Resim başarıyla yüklendi!",
    });
    expect(res.json.file_url).toMatch(new RegExp(`^/media/cms/${res.json.id}/[0-9a-f]{16}\\.webp$`));
    const file = await fetch(`${baseUrl()}${res.json.file_url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    await expectCleanWebp(new Uint8Array(await file.arrayBuffer()), 1920);
    // A repeat with the same key answers the first image; no second row.
    const again = await apiUpload({ bytes: await picture(10, 10).png().toBuffer(), fields: { title: "Başka" } }, { "Idempotency-Key": k });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(res.json.id);
    const list = await cms("/api/cms/images");
    expect(list.status).toBe(200);
    const listed = list.json.find((i: { id: number }) => i.id === res.json.id);
    expect(listed).toMatchObject({ file_url: res.json.file_url, title: "Kapak" });
    expect(JSON.stringify(list.json)).not.toContain('"data"');
    // The landing page shows the newest hero image with its box reserved.
    const html = await landing();
    expect(html).toMatch(new RegExp(`<img[^>]*src="${res.json.file_url}"[^>]*width="1920"[^>]*height="1280"`));
    expect(html).toContain('alt="Restoran salonu"');
    // Another hash, a bad name: 404.
    expect((await fetch(`${baseUrl()}/media/cms/${res.json.id}/${"0".repeat(16)}.webp`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/media/cms/${res.json.id}/x.webp`)).status).toBe(404);
  });

  it("takes PNG (a logo keeps its alpha, at most 512 px), WebP and GIF; an animated GIF keeps its first frame", async () => {
    const logo = sharp({ create: { width: 1000, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png();
    const png = await apiUpload({ bytes: await logo.toBuffer(), fields: { image_type: "logo", title: "Logo" } });
    expect(png.status).toBe(201);
    createdImages.push(png.json.id);
    expect([png.json.width, png.json.height]).toEqual([512, 205]);
    const stored = Buffer.from(await (await fetch(`${baseUrl()}${png.json.file_url}`)).arrayBuffer());
    expect((await sharp(stored).metadata()).hasAlpha).toBe(true);
    expect(await landing()).toContain(`src="${png.json.file_url}"`);

    const webp = await apiUpload({ bytes: await picture(300, 200).webp().toBuffer(), name: "x.webp", type: "image/webp" });
    expect(webp.status).toBe(201);
    createdImages.push(webp.json.id);

    const frames = await Promise.all(
      ["#c33", "#3c3", "#33c"].map((background) =>
        sharp({ create: { width: 40, height: 40, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .gif({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const gif = await apiUpload({ bytes: animated, name: "hareketli.gif", type: "image/gif" });
    expect(gif.status).toBe(201);
    createdImages.push(gif.json.id);
    const served = Buffer.from(await (await fetch(`${baseUrl()}${gif.json.file_url}`)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.pages ?? 1).toBe(1);
  });

  it("file first: none is 400 'Lütfen bir resim seçin'; then title and type", async () => {
    const before = await imageCount();
    const none = await apiUpload({});
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe("Lütfen bir resim seçin");
    const empty = await apiUpload({ bytes: new Uint8Array(0) });
    expect(empty.json.detail).toBe("Lütfen bir resim seçin");
    const png = await picture(20, 20).png().toBuffer();
    const noTitle = await apiUpload({ bytes: png, fields: { title: "  " } });
    expect(noTitle.status).toBe(400);
    expect(noTitle.json.detail).toBe("Resim başlığı zorunludur.");
    const badType = await apiUpload({ bytes: png, fields: { image_type: "avatar" } });
    expect(badType.status).toBe(400);
    expect(badType.json.detail).toContain("Resim türü şunlardan biri olmalıdır");
    const longAlt = await apiUpload({ bytes: png, fields: { alt_text: "a".repeat(256) } });
    expect(longAlt.status).toBe(400);
    expect(await imageCount()).toBe(before);
  });

  it("fuzzing: wrong types, a script named .png, polyglots, huge dimensions and truncated files store nothing", async () => {
    const before = await imageCount();
    const text = (s: string) => new TextEncoder().encode(s);
    const png = await picture(64, 64).png().toBuffer();
    const jpeg = await picture(64, 64).jpeg().toBuffer();
    const gif = await picture(64, 64).gif().toBuffer();
    const cases: { label: string; upload: Upload; status: number; detail: string }[] = [
      {
        label: "script named .png",
        upload: { bytes: text("<script>alert(1)</script>"), name: "x.png", type: "image/png" },
        status: 415,
        detail: "Bu dosya bir resim değil: PNG, JPEG, WebP ya da GIF yükleyin.",
      },
      {
        label: "html",
        upload: { bytes: text("<!doctype html><p>merhaba"), name: "a.jpg", type: "image/jpeg" },
        status: 415,
        detail: "Bu dosya bir resim değil",
      },
      {
        label: "svg",
        upload: {
          bytes: text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          name: "a.svg",
          type: "image/svg+xml",
        },
        status: 415,
        detail: "Bu dosya bir resim değil",
      },
      { label: "pdf", upload: { bytes: text("%PDF-1.7\n..."), name: "a.png" }, status: 415, detail: "Bu dosya bir resim değil" },
      {
        label: "tiff",
        upload: { bytes: await picture(10, 10).tiff().toBuffer(), name: "a.png" },
        status: 415,
        detail: "Bu dosya bir resim değil",
      },
      {
        label: "GIF header + HTML/JS",
        upload: { bytes: text("GIF89a<html><script>alert(document.cookie)</script></html>"), name: "a.gif", type: "image/gif" },
        status: 400,
        detail: "Resim okunamadı",
      },
      {
        label: "PNG signature + script",
        upload: { bytes: Buffer.concat([png.subarray(0, 8), Buffer.from("<script>alert(1)</script>")]) },
        status: 400,
        detail: "Resim okunamadı",
      },
      {
        label: "20000×20000 PNG header",
        upload: { bytes: pngHeaderOnly(20_000, 20_000), name: "bomba.png" },
        status: 413,
        detail: "en fazla 40 megapiksel",
      },
      { label: "truncated PNG", upload: { bytes: png.subarray(0, Math.floor(png.length / 2)) }, status: 400, detail: "Resim okunamadı" },
      {
        label: "truncated JPEG",
        upload: { bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), name: "a.jpg" },
        status: 400,
        detail: "Resim okunamadı",
      },
      { label: "truncated GIF", upload: { bytes: gif.subarray(0, 20), name: "a.gif" }, status: 400, detail: "Resim okunamadı" },
      {
        label: "signature only",
        upload: { bytes: new Uint8Array([0xff, 0xd8, 0xff]), name: "a.jpg" },
        status: 400,
        detail: "Resim okunamadı",
      },
    ];
    for (const c of cases) {
      const res = await apiUpload(c.upload);
      expect(res.status, c.label).toBe(c.status);
      expect(res.json.detail, c.label).toContain(c.detail);
    }
    expect(await imageCount()).toBe(before);
  });

  it("a real GIF with HTML appended is taken, and what is served is a WebP without the script", async () => {
    const gif = await picture(32, 32).gif().toBuffer();
    const polyglot = Buffer.concat([gif, Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
    const res = await apiUpload({ bytes: polyglot, name: "poly.gif", type: "text/html" });
    // Either refused as broken or re-encoded; never stored as sent.
    if (res.status === 201) {
      createdImages.push(res.json.id);
      const served = await fetch(`${baseUrl()}${res.json.file_url}`);
      expect(served.headers.get("content-type")).toBe("image/webp");
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.includes(Buffer.from("<script"))).toBe(false);
      expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
    } else {
      expect(res.status).toBe(400);
    }
  });

  it("over 10 MB is 413, at the file and at the multipart layer", async () => {
    const before = await imageCount();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const file = await apiUpload({ bytes: big, name: "buyuk.png" });
    expect(file.status).toBe(413);
    expect(file.json.detail).toBe("Resim en fazla 10 MB olabilir.");
    const huge = new Uint8Array(12 * 1024 * 1024);
    huge.set([0x89, 0x50, 0x4e, 0x47]);
    const body = await apiUpload({ bytes: huge, name: "cok-buyuk.png" });
    expect(body.status).toBe(413);
    expect(body.json.detail).toContain("10 MB");
    expect(await imageCount()).toBe(before);
  });

  it("wants multipart (415) and POST (405)", async () => {
    expect((await cms("/api/cms/images/upload", { body: { title: "x" } })).status).toBe(415);
    expect((await cms("/api/cms/images/upload")).status).toBe(405);
  });
});

describe("DELETE /api/cms/images/{id}", () => {
  it("deletes (the address then 404), a second delete and an unknown id are 404", async () => {
    const up = await apiUpload({ bytes: await picture(50, 50).png().toBuffer() });
    expect(up.status).toBe(201);
    const del = await cms(`/api/cms/images/${up.json.id}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    expect((await fetch(`${baseUrl()}${up.json.file_url}`)).status).toBe(404);
    expect((await cms("/api/cms/images")).json.some((i: { id: number }) => i.id === up.json.id)).toBe(false);
    const again = await cms(`/api/cms/images/${up.json.id}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(again.json.detail).toBe("Resim bulunamadı; silinmiş olabilir.");
    expect((await cms("/api/cms/images/0", { method: "DELETE" })).status).toBe(400);
    expect((await cms("/api/cms/images/abc", { method: "DELETE" })).status).toBe(400);
    expect((await cms("/api/cms/images/1", { method: "PUT", body: {} })).status).toBe(405);
  });
});

describe("separation", () => {
  it("/api/cms/* is 401 without a session and 403 to a restaurant's token", async () => {
    const owner = await createTenant();
    for (const [path, method] of [
      ["/api/cms/content", "GET"],
      ["/api/cms/content", "POST"],
      ["/api/cms/content/1", "PUT"],
      ["/api/cms/images", "GET"],
      ["/api/cms/images/upload", "POST"],
      ["/api/cms/images/1", "DELETE"],
    ] as const) {
      const body = method === "GET" ? undefined : {};
      expect((await api(path, { method, body })).status, `${method} ${path} anonymous`).toBe(401);
      expect((await api(path, { method, body, token: owner.token })).status, `${method} ${path} restaurant`).toBe(403);
    }
  });
});

describe("the /admin/cms page without JavaScript", () => {
  it("shows the stats, the tabs as links and a link to the site", async () => {
    const page = await getAdminPage(admin, "/admin/cms");
    expect(page.status).toBe(200);
    const html = joinedText(page.text);
    expect(html).toContain("İçerik Yönetimi (CMS)");
    expect(html).toContain('href="/admin/cms?tab=images"');
    expect(html).toContain('href="/admin/cms?tab=settings"');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Siteyi Görüntüle/);
    const contentCount = await prisma.cmsContent.count();
    expect(html).toMatch(new RegExp(`data-testid="stat-content">${contentCount}<`));
    expect((await getAdminPage(admin, "/admin/cms?tab=content&edit=999999")).status).toBe(404);
    expect((await getAdminPage(admin, "/admin/cms?tab=images&delete=999999")).status).toBe(404);
  });

  it("creates and edits content with a form; a double submit creates one; type is fixed; a stale edit is 409", async () => {
    const k = key();
    const fields = {
      intent: "content-create",
      create_key: k,
      type: "footer_text",
      title: "Alt",
      content: "Form metni",
      language: "tr",
      order_index: "2",
    };
    const created = await postAdminForm(admin, "/admin/cms?tab=content&new=1", fields);
    expect(created.status).toBe(302);
    expect(created.location).toMatch(/^\/admin\/cms\?tab=content#content-\d+$/);
    expect((await postAdminForm(admin, "/admin/cms?tab=content&new=1", fields)).status).toBe(302);
    const rows = await prisma.cmsContent.findMany({ where: { createKey: k } });
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    createdContent.push(row.id);
    // The checkbox was not sent: not active.
    expect(row.isActive).toBe(false);
    expect(row.orderIndex).toBe(2);

    const edit = await postAdminForm(admin, `/admin/cms?tab=content&edit=${row.id}`, {
      intent: "content-update",
      id: row.id,
      version: row.version,
      type: "hero_title",
      title: "Alt bilgi",
      content: "Güncel",
      language: "tr",
      order_index: "0",
      is_active: "on",
    });
    expect(edit.status).toBe(302);
    const updated = await prisma.cmsContent.findUniqueOrThrow({ where: { id: row.id } });
    expect(updated).toMatchObject({ type: "footer_text", title: "Alt bilgi", content: "Güncel", isActive: true, version: 2 });
    expect(await landing()).toContain("Güncel");

    const stale = await postAdminForm(admin, `/admin/cms?tab=content&edit=${row.id}`, {
      intent: "content-update",
      id: row.id,
      version: 1,
      title: "Eski",
      content: "Eski",
      order_index: "0",
    });
    expect(stale.status).toBe(409);
    expect(joinedText(stale.text)).toContain("başka biri tarafından değiştirildi");

    const bad = await postAdminForm(admin, "/admin/cms?tab=content&new=1", { ...fields, create_key: key(), title: "", order_index: "-1" });
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain("Başlık zorunludur.");
    expect(joinedText(bad.text)).toContain("Sıra numarası 0 veya daha büyük olmalıdır.");
  });

  it("uploads with a multipart form ('Resim başarıyla yüklendi!'), refuses a bad file with the spec's failure, deletes after confirming", async () => {
    const ck = key();
    const ok = await pageUpload({ bytes: await picture(400, 300).png().toBuffer(), fields: { title: "Form resmi" }, createKey: ck });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/admin/cms?tab=images");
    const image = await prisma.cmsImage.findUniqueOrThrow({ where: { createKey: ck } });
    createdImages.push(image.id);

    const script = await pageUpload({ bytes: new TextEncoder().encode("<?php system($_GET['c']); ?>"), name: "shell.png" });
    expect(script.status).toBe(415);
    expect(script.text).toContain("Resim yüklenirken hata oluştu");
    expect(script.text).toContain("Bu dosya bir resim değil");
    const none = await pageUpload({});
    expect(none.status).toBe(400);
    expect(none.text).toContain("Lütfen bir resim seçin");
    const huge = new Uint8Array(12 * 1024 * 1024);
    const tooBig = await pageUpload({ bytes: huge });
    expect(tooBig.status).toBe(413);

    const confirm = await getAdminPage(admin, `/admin/cms?tab=images&delete=${image.id}`);
    expect(confirm.status).toBe(200);
    expect(joinedText(confirm.text)).toContain("Bu resmi silmek istediğinizden emin misiniz?");
    const del = await postAdminForm(admin, `/admin/cms?tab=images&delete=${image.id}`, { intent: "image-delete", id: image.id });
    expect(del.status).toBe(302);
    expect(await prisma.cmsImage.findUnique({ where: { id: image.id } })).toBeNull();
    const again = await postAdminForm(admin, "/admin/cms?tab=images", { intent: "image-delete", id: image.id });
    expect(again.status).toBe(404);
  });

  it("saves the site's contact details, shown in the footer; a stale save is 409; bad input is 400", async () => {
    const current = await prisma.siteSetting.findUnique({ where: { id: 1 } });
    const version = current?.version ?? 0;
    const email = `iletisim-${randomUUID().slice(0, 6)}@sofra.test`;
    const saved = await postAdminForm(admin, "/admin/cms?tab=settings", {
      intent: "settings",
      version,
      contact_email: email,
      contact_phone: "+90 212 555 00 00",
      address: "Kadıköy, İstanbul",
      instagram_url: "https://instagram.com/sofra",
      facebook_url: "",
    });
    expect(saved.status).toBe(302);
    const html = await landing();
    expect(html).toContain(`href="mailto:${email}"`);
    expect(html).toContain('href="tel:+902125550000"');
    expect(html).toContain("Kadıköy, İstanbul");
    expect(html).not.toContain("Facebook</a>");
    const stale = await postAdminForm(admin, "/admin/cms?tab=settings", { intent: "settings", version, contact_email: "eski@sofra.test" });
    expect(stale.status).toBe(409);
    for (const [field, value] of [
      ["contact_email", "e-posta-değil"],
      ["contact_phone", "ara beni"],
      ["instagram_url", "javascript:alert(1)"],
      ["address", "a".repeat(301)],
    ] as [string, string][]) {
      const bad = await postAdminForm(admin, "/admin/cms?tab=settings", { intent: "settings", version: version + 1, [field]: value });
      expect(bad.status, field).toBe(400);
    }
    // Take the details back off the shared landing page.
    const cleared = await postAdminForm(admin, "/admin/cms?tab=settings", { intent: "settings", version: version + 1 });
    expect(cleared.status).toBe(302);
    expect(await landing()).not.toContain(email);
  });
});
