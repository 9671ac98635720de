// The upload path (decision 039): a page form with a file, posted with or without
// JavaScript, read with a byte limit, its file checked by content and re-encoded.
// Menu photos use it first; the CMS's images are meant to reuse it as is.
//
// 1. The edge (server/edge.mjs) lets a multipart post to an upload path
//    (server/uploads.mjs) stream through instead of reading 64 KB of it.
// 2. `readUploadForm` reads that stream into memory, never keeping more than the
//    limit: past it, 413 (the rest is drained, so the browser gets to read the
//    answer). The bytes then go through the Fetch API's own multipart parser
//    (undici's `Response.formData()`), which Node ships and keeps up to date:
//    no parser of our own, no dependency. Holding ≤ 10 MB per upload in memory
//    is what a photo needs; nothing is written to disk.
// 3. `readImageFile` checks the file by its first bytes (JPEG, PNG, WebP; GIF where asked), never by
//    its name or the Content-Type the browser claims (415 otherwise), its size
//    (413) and its pixel count from the header, before anything is decoded.
// 4. `encodeWebp` re-encodes with sharp: orientation applied, every metadata block
//    (EXIF with GPS, XMP, ICC) left behind, one WebP per size asked for.
//
// sharp (libvips) is loaded at the first upload, not at start: an app process that never sees a
// photo does not pay its libraries, threads and caches (decision 092, docs/scaling.md "Memory").
import type { Metadata, Sharp, SharpOptions } from "sharp";
import { UPLOAD_BODY_LIMIT_BYTES } from "../../server/uploads.mjs";
import { DomainError } from "./domain-error";

export { UPLOAD_BODY_LIMIT_BYTES };

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;
let loadingSharp: Promise<SharpFactory> | undefined;

/**
 * sharp, loaded once. Its operation cache is off: every upload is a different image, so the cache
 * (by default up to 50 MB per process) would only hold memory. (Its thread count needs no setting:
 * on glibc sharp itself runs one libvips thread per image.)
 */
function loadSharp(): Promise<SharpFactory> {
  loadingSharp ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

/** A photo's limits. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: more than any phone camera takes, less than a decompression bomb's 1 GB of pixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const UPLOAD_MESSAGES = {
  bodyTooLarge: "Gönderilen dosya çok büyük: fotoğraf en fazla 10 MB olabilir.",
  fileTooLarge: "Fotoğraf en fazla 10 MB olabilir.",
  tooManyPixels: "Fotoğrafın çözünürlüğü çok yüksek: en fazla 40 megapiksel olabilir.",
  notImage: "Bu dosya bir fotoğraf değil: JPEG, PNG ya da WebP yükleyin.",
  unreadableImage: "Fotoğraf okunamadı; dosya bozuk olabilir. Başka bir fotoğraf deneyin.",
  missingFile: "Bir fotoğraf seçin.",
  malformed: "Form verisi okunamadı.",
} as const;

/** The refusals' wording, so an area speaking of "resim" rather than "fotoğraf" can pass its own. */
export type UploadMessages = { readonly [K in keyof typeof UPLOAD_MESSAGES]: string };

/** Bytes read and dropped past the limit so the client, still sending, can read the 413. */
const DRAIN_BYTES = 8 * 1024 * 1024;

/**
 * Reads a page post (multipart or URL-encoded) with a byte limit and parses it.
 * 413 past `maxBytes`, 400 for a body that is not the form it claims to be.
 */
export async function readUploadForm(
  request: Request,
  { maxBytes = UPLOAD_BODY_LIMIT_BYTES, tooLarge = UPLOAD_MESSAGES.bodyTooLarge }: { maxBytes?: number; tooLarge?: string } = {},
): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes + DRAIN_BYTES) throw new DomainError(413, tooLarge, undefined, { Connection: "close" });
  const chunks: Uint8Array[] = [];
  if (request.body) {
    const reader = request.body.getReader();
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        while (total <= maxBytes + DRAIN_BYTES) {
          const rest = await reader.read();
          if (rest.done) throw new DomainError(413, tooLarge);
          total += rest.value.byteLength;
        }
        // Not cancel(): that destroys the socket before the client can read the 413.
        reader.releaseLock();
        throw new DomainError(413, tooLarge, undefined, { Connection: "close" });
      }
      chunks.push(value);
    }
  }
  const type = request.headers.get("content-type") ?? "";
  try {
    return await new Response(Buffer.concat(chunks), { headers: { "content-type": type } }).formData();
  } catch {
    throw new DomainError(400, UPLOAD_MESSAGES.malformed);
  }
}

export type ImageType = "jpeg" | "png" | "webp" | "gif";

/** What menu photos take; the CMS also takes GIF (its first frame). */
export const PHOTO_TYPES: readonly ImageType[] = ["jpeg", "png", "webp"];

/** The format by the file's first bytes (its signature), whatever its name says. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  // "GIF87a" / "GIF89a"
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return "gif";
  return null;
}

export interface CheckedImage {
  bytes: Buffer;
  type: ImageType;
  width: number;
  height: number;
}

/**
 * The form's file as an image Sofra takes: present (400), at most MAX_IMAGE_BYTES (413),
 * JPEG/PNG/WebP by content (415), readable by sharp with the same format (415/400),
 * at most MAX_IMAGE_PIXELS by its header (413), all before a pixel is decoded.
 */
export async function readImageFile(
  value: FormDataEntryValue | null,
  {
    maxBytes = MAX_IMAGE_BYTES,
    accept = PHOTO_TYPES,
    messages = UPLOAD_MESSAGES,
  }: { maxBytes?: number; accept?: readonly ImageType[]; messages?: UploadMessages } = {},
): Promise<CheckedImage> {
  if (!value || typeof value === "string" || value.size === 0) throw new DomainError(400, messages.missingFile);
  if (value.size > maxBytes) throw new DomainError(413, messages.fileTooLarge);
  const bytes = Buffer.from(await value.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type || !accept.includes(type)) throw new DomainError(415, messages.notImage);
  let meta: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the count is checked below, with our message.
    const sharp = await loadSharp();
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new DomainError(400, messages.unreadableImage);
  }
  if (meta.format !== type) throw new DomainError(415, messages.notImage);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) throw new DomainError(400, messages.unreadableImage);
  if (width * height > MAX_IMAGE_PIXELS) throw new DomainError(413, messages.tooManyPixels);
  return { bytes, type, width, height };
}

export interface WebpSize {
  /** The longest side at most (never enlarged). */
  max: number;
  /** Cut to a square (list thumbnails) rather than fit inside. */
  square?: boolean;
}

export interface EncodedWebp {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * One WebP per size. sharp writes no metadata unless asked (no withMetadata here), so
 * EXIF (GPS position, camera), XMP and ICC are dropped; `rotate()` first applies the
 * EXIF orientation so a phone's portrait photo stays upright without it. Animated
 * images keep their first frame. The pixel limit guards the decoder as well.
 */
export async function encodeWebp(
  image: CheckedImage,
  sizes: WebpSize[],
  { unreadable = UPLOAD_MESSAGES.unreadableImage }: { unreadable?: string } = {},
): Promise<EncodedWebp[]> {
  const sharp = await loadSharp();
  try {
    return await Promise.all(
      sizes.map(async ({ max, square }) => {
        const { data, info } = await sharp(image.bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .resize(square ? { width: max, height: max, fit: "cover" } : { width: max, height: max, fit: "inside", withoutEnlargement: true })
          .webp({ quality: 78, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        return { data, width: info.width, height: info.height };
      }),
    );
  } catch {
    throw new DomainError(400, unreadable);
  }
}
