// Test pictures for the upload paths (CMS images; the same shapes as the menu photos' tests).
import sharp from "sharp";
import { expect } from "vitest";

/** A picture with a shape on it, so the encoder has something to keep. */
export function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#2a6"/></svg>`,
      ),
    },
  ]);
}

export const jpegWithExif = (width = 1200, height = 900) =>
  picture(width, height)
    .jpeg()
    .withExif({ IFD0: { Copyright: "Gizli Fotoğrafçı", Artist: "Konum Sahibi" } })
    .toBuffer();

/** A PNG whose header claims `width × height` pixels, with no pixel data behind it (a decompression bomb's shape). */
export function pngHeaderOnly(width: number, height: number): Buffer {
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

/** A WebP with no EXIF, XMP or ICC, at most `maxSide` on its longest side. */
export async function expectCleanWebp(bytes: Uint8Array, maxSide: number) {
  const buf = Buffer.from(bytes);
  expect(buf.subarray(0, 4).toString("ascii")).toBe("RIFF");
  expect(buf.subarray(8, 12).toString("ascii")).toBe("WEBP");
  const meta = await sharp(buf).metadata();
  expect(meta.format).toBe("webp");
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(maxSide);
  expect(buf.includes(Buffer.from("Fotoğrafçı"))).toBe(false);
  expect(buf.includes(Buffer.from("EXIF"))).toBe(false);
  return meta;
}
