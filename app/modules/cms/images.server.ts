// CMS images (decision 057): checked by content (PNG, JPEG, WebP, GIF; a script named .png is
// 415), at most 10 MB (413) and 40 megapixels by the header (413, before decoding), then
// re-encoded with sharp to one WebP without metadata, sized for its type. Animated GIFs keep
// their first frame: the landing page shows still pictures, and a frame count times the pixel
// limit would let a small file cost the decoder far more. The bytes live in the database
// (MEDIUMBLOB) so every app process serves them; the address carries the WebP's hash, so it
// may be cached for a year.
import { createHash } from "node:crypto";
import type { CmsImage } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { encodeWebp, readImageFile } from "~/utils/uploads.server";
import { invalidateLandingCache } from "./landing-content.server";
import { CMS_UPLOAD_MESSAGES, IMAGE_MAX_SIDE, IMAGE_NOT_FOUND, type CmsImageKind } from "./rules";
import type { ImageFields } from "./schemas";

export interface ImageItem {
  id: number;
  title: string;
  type: CmsImageKind;
  alt_text: string | null;
  file_url: string;
  mime_type: string;
  width: number;
  height: number;
  byte_size: number;
  created_at: string;
}

const SELECT = {
  id: true,
  title: true,
  type: true,
  altText: true,
  fileUrl: true,
  mimeType: true,
  width: true,
  height: true,
  byteSize: true,
  createdAt: true,
} as const;

type ImageRow = Pick<CmsImage, keyof typeof SELECT>;

const toItem = (row: ImageRow): ImageItem => ({
  id: row.id,
  title: row.title,
  type: row.type,
  alt_text: row.altText,
  file_url: row.fileUrl,
  mime_type: row.mimeType,
  width: row.width,
  height: row.height,
  byte_size: row.byteSize,
  created_at: row.createdAt.toISOString(),
});

export const cmsImageUrl = (id: number, hash: string) => `/media/cms/${id}/${hash}.webp`;

/** Newest first; never the bytes. */
export async function listImages(): Promise<ImageItem[]> {
  const rows = await prisma.cmsImage.findMany({ select: SELECT, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toItem);
}

export async function getImage(id: number): Promise<ImageItem> {
  const row = await prisma.cmsImage.findUnique({ where: { id }, select: SELECT });
  if (!row) throw new DomainError(404, IMAGE_NOT_FOUND);
  return toItem(row);
}

/**
 * Checks, re-encodes and stores an upload. `file` is the form's entry (missing: 400 'Lütfen bir
 * resim seçin'). A key already used answers the first image without reading the file again.
 */
export async function uploadImage(
  fields: Omit<ImageFields, "client_id">,
  file: FormDataEntryValue | null,
  createKey: string | undefined,
): Promise<{ image: ImageItem; replayed: boolean }> {
  const replay = async () => {
    if (!createKey) return null;
    const row = await prisma.cmsImage.findUnique({ where: { createKey }, select: SELECT });
    return row ? { image: toItem(row), replayed: true } : null;
  };
  const first = await replay();
  if (first) return first;
  const checked = await readImageFile(file, { accept: ["png", "jpeg", "webp", "gif"], messages: CMS_UPLOAD_MESSAGES });
  const max = IMAGE_MAX_SIDE[fields.image_type];
  const [webp] = await encodeWebp(checked, [{ max }], { unreadable: CMS_UPLOAD_MESSAGES.unreadableImage });
  const hash = createHash("sha256").update(webp!.data).digest("hex").slice(0, 16);
  try {
    const row = await prisma.$transaction(async (tx) => {
      const created = await tx.cmsImage.create({
        data: {
          title: fields.title,
          type: fields.image_type,
          altText: fields.alt_text ?? null,
          // The address names the row, which has no id yet: set just below, in the same transaction.
          fileUrl: "",
          mimeType: "image/webp",
          byteSize: webp!.data.byteLength,
          width: webp!.width,
          height: webp!.height,
          data: new Uint8Array(webp!.data),
          hash,
          createKey: createKey ?? null,
        },
        select: { id: true },
      });
      return tx.cmsImage.update({ where: { id: created.id }, data: { fileUrl: cmsImageUrl(created.id, hash) }, select: SELECT });
    });
    invalidateLandingCache();
    return { image: toItem(row), replayed: false };
  } catch (error) {
    if (isUniqueViolation(error, "createKey")) {
      const again = await replay();
      if (again) return again;
    }
    throw error;
  }
}

/** Deletes an image; 404 when there is none (also a second delete). */
export async function deleteImage(id: number): Promise<{ title: string }> {
  const row = await prisma.cmsImage.findUnique({ where: { id }, select: { title: true } });
  if (!row) throw new DomainError(404, IMAGE_NOT_FOUND);
  const { count } = await prisma.cmsImage.deleteMany({ where: { id } });
  if (count === 0) throw new DomainError(404, IMAGE_NOT_FOUND);
  invalidateLandingCache();
  return { title: row.title };
}

/** The stored file behind a public address, or null (no such image, or another hash). */
export async function readImageFileData(id: number, hash: string): Promise<{ data: Uint8Array; mimeType: string } | null> {
  const row = await prisma.cmsImage.findFirst({ where: { id, hash }, select: { data: true, mimeType: true } });
  return row ? { data: row.data, mimeType: row.mimeType } : null;
}
