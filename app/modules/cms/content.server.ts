// CMS content: the landing page's texts, written by platform admins (decision 056).
//
// Creating carries a key (the form's hidden create_key, the API's client_id or Idempotency-Key):
// the unique key lets one insert win, and a repeat answers the first row. Editing is
// compare-and-set on `version` when the writer sends one (the form always does): two admins
// editing the same text from the same version cannot both win, the later one is 409 and sees
// the current text. The type never changes after creation.
import type { CmsContent } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { invalidateLandingCache } from "./landing-content.server";
import { CONTENT_NOT_FOUND, CONTENT_STALE, CONTENT_TYPE_FIXED, type ContentType, type Language } from "./rules";
import type { CreateContentInput, UpdateContentInput } from "./schemas";

export interface ContentItem {
  id: number;
  type: ContentType;
  title: string;
  content: string;
  language: Language;
  is_active: boolean;
  order_index: number;
  /** Send it back with an edit: an edit based on an older version is refused (409). */
  version: number;
  created_at: string;
  updated_at: string;
}

const toItem = (row: CmsContent): ContentItem => ({
  id: row.id,
  type: row.type,
  title: row.title,
  content: row.content,
  language: row.language,
  is_active: row.isActive,
  order_index: row.orderIndex,
  version: row.version,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Every item, grouped as the landing page reads them: by type, language, then order. */
export async function listContent(): Promise<ContentItem[]> {
  const rows = await prisma.cmsContent.findMany({ orderBy: [{ type: "asc" }, { language: "asc" }, { orderIndex: "asc" }, { id: "asc" }] });
  return rows.map(toItem);
}

export async function getContent(id: number): Promise<ContentItem> {
  const row = await prisma.cmsContent.findUnique({ where: { id } });
  if (!row) throw new DomainError(404, CONTENT_NOT_FOUND);
  return toItem(row);
}

/** Creates an item; a key already used answers the first item (`replayed`). */
export async function createContent(
  input: Omit<CreateContentInput, "client_id">,
  createKey: string | undefined,
): Promise<{ item: ContentItem; replayed: boolean }> {
  const replay = async () => {
    if (!createKey) return null;
    const row = await prisma.cmsContent.findUnique({ where: { createKey } });
    return row ? { item: toItem(row), replayed: true } : null;
  };
  const first = await replay();
  if (first) return first;
  try {
    const row = await prisma.cmsContent.create({
      data: {
        type: input.type,
        title: input.title,
        content: input.content,
        language: input.language,
        isActive: input.is_active,
        orderIndex: input.order_index,
        createKey: createKey ?? null,
      },
    });
    invalidateLandingCache();
    return { item: toItem(row), replayed: false };
  } catch (error) {
    // The same key at the same moment: the other insert won; answer its row.
    if (isUniqueViolation(error, "createKey")) {
      const again = await replay();
      if (again) return again;
    }
    throw error;
  }
}

/**
 * Changes the fields given. With `version`, the update only applies to that version (one
 * atomic UPDATE … WHERE version = ?), so of two edits from the same version one is 409.
 */
export async function updateContent(id: number, input: UpdateContentInput): Promise<ContentItem> {
  const current = await prisma.cmsContent.findUnique({ where: { id }, select: { type: true, version: true } });
  if (!current) throw new DomainError(404, CONTENT_NOT_FOUND);
  if (input.type !== undefined && input.type !== current.type) throw new DomainError(400, CONTENT_TYPE_FIXED);
  if (input.version !== undefined && input.version !== current.version) throw new DomainError(409, CONTENT_STALE);
  const { count } = await prisma.cmsContent.updateMany({
    where: { id, ...(input.version !== undefined ? { version: input.version } : {}) },
    data: {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.content !== undefined ? { content: input.content } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
      ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
      ...(input.order_index !== undefined ? { orderIndex: input.order_index } : {}),
      version: { increment: 1 },
    },
  });
  if (count === 0) {
    // Deleted meanwhile (404) or changed meanwhile (409).
    const exists = await prisma.cmsContent.findUnique({ where: { id }, select: { id: true } });
    throw exists ? new DomainError(409, CONTENT_STALE) : new DomainError(404, CONTENT_NOT_FOUND);
  }
  invalidateLandingCache();
  return getContent(id);
}

export interface CmsStats {
  content_count: number;
  image_count: number;
  /** The newest write of content, images or settings; null before any. */
  last_update: string | null;
}

/** The /admin/cms figures: one aggregate per table. */
export async function cmsStats(): Promise<CmsStats> {
  const [content, images, settings] = await Promise.all([
    prisma.cmsContent.aggregate({ _count: { _all: true }, _max: { updatedAt: true } }),
    prisma.cmsImage.aggregate({ _count: { _all: true }, _max: { createdAt: true } }),
    prisma.siteSetting.findUnique({ where: { id: 1 }, select: { updatedAt: true } }),
  ]);
  const dates = [content._max.updatedAt, images._max.createdAt, settings?.updatedAt].filter((d): d is Date => d instanceof Date);
  const last = dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null;
  return { content_count: content._count._all, image_count: images._count._all, last_update: last?.toISOString() ?? null };
}
