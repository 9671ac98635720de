import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DomainError } from "./domain-error";
import { encodeWebp, readImageFile, readUploadForm, sniffImageType } from "./uploads.server";

const solid = () => sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } });

describe("sniffImageType", () => {
  it("knows JPEG, PNG, WebP and GIF by their first bytes only", async () => {
    expect(sniffImageType(await solid().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageType(await solid().png().toBuffer())).toBe("png");
    expect(sniffImageType(await solid().webp().toBuffer())).toBe("webp");
    expect(sniffImageType(await solid().gif().toBuffer())).toBe("gif");
    expect(sniffImageType(new TextEncoder().encode("RIFF....WAVE"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe("readImageFile", () => {
  const file = (bytes: Uint8Array, name = "a.jpg", type = "image/jpeg") => new File([new Uint8Array(bytes)], name, { type });
  const statusOf = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (e: DomainError) => e.status,
    );

  it("refuses what is not a photo, too big, or too many pixels", async () => {
    expect(await statusOf(readImageFile(null))).toBe(400);
    expect(await statusOf(readImageFile("text"))).toBe(400);
    expect(await statusOf(readImageFile(file(new TextEncoder().encode("hello"))))).toBe(415);
    expect(await statusOf(readImageFile(file(await solid().jpeg().toBuffer()), { maxBytes: 10 }))).toBe(413);
    const big = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(await statusOf(readImageFile(file(big, "b.png", "image/png")))).toBe(413);
    // Drawing the 42-megapixel PNG is CPU work: 5 s was not always enough on a busy CI machine.
  }, 30_000);

  it("encodes two WebP sizes without metadata", async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3a3" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "x" } })
      .toBuffer();
    const image = await readImageFile(file(jpeg));
    expect(image).toMatchObject({ type: "jpeg", width: 900, height: 600 });
    const [large, thumb] = await encodeWebp(image, [{ max: 640 }, { max: 160, square: true }]);
    expect([large!.width, large!.height, thumb!.width, thumb!.height]).toEqual([640, 427, 160, 160]);
    for (const out of [large!, thumb!]) {
      const meta = await sharp(out.data).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
    }
  });
});

describe("readUploadForm", () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request("http://x/app/menu-management", { method: "POST", body, headers, duplex: "half" } as RequestInit);

  it("parses multipart and URL-encoded forms", async () => {
    const form = new FormData();
    form.append("intent", "photo");
    form.append("photo", new Blob(["abc"]), "a.jpg");
    const parsed = await readUploadForm(post(form));
    expect(parsed.get("intent")).toBe("photo");
    expect((parsed.get("photo") as File).size).toBe(3);
    const encoded = await readUploadForm(post("intent=photo-remove&id=3", { "content-type": "application/x-www-form-urlencoded" }));
    expect(encoded.get("id")).toBe("3");
  });

  it("refuses more than the limit (413) and a broken body (400)", async () => {
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(2048)]), "a.jpg");
    await expect(readUploadForm(post(form), { maxBytes: 1024 })).rejects.toMatchObject({ status: 413 });
    await expect(readUploadForm(post("--x\r\nbroken", { "content-type": "multipart/form-data; boundary=y" }))).rejects.toMatchObject({
      status: 400,
    });
  });
});
