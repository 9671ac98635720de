import type { CmsContentType } from "~/generated/prisma/enums";
import { prisma } from "~/utils/db.server";
import { DEFAULT_LANDING_CONTENT, type LandingContent, type LandingSite, type SiteImage } from "./landing-content";

const SINGLE: Partial<Record<CmsContentType, keyof LandingContent>> = {
  hero_title: "heroTitle",
  hero_subtitle: "heroSubtitle",
  pricing_title: "pricingTitle",
  pricing_subtitle: "pricingSubtitle",
  cta_title: "ctaTitle",
  cta_subtitle: "ctaSubtitle",
  footer_text: "footerText",
};

/**
 * The landing texts: defaults, overridden by the platform admin's active CMS entries in
 * Turkish. For a text the page shows once (the hero title), the first in order wins; feature
 * titles and descriptions map to the feature grid by their order index.
 */
export async function getLandingContent(): Promise<LandingContent> {
  const rows = await prisma.cmsContent.findMany({
    where: { language: "tr", isActive: true },
    orderBy: [{ orderIndex: "asc" }, { id: "asc" }],
    select: { type: true, content: true, orderIndex: true },
  });
  const content: LandingContent = {
    ...DEFAULT_LANDING_CONTENT,
    features: DEFAULT_LANDING_CONTENT.features.map((f) => ({ ...f })),
  };
  const seen = new Set<CmsContentType>();
  for (const row of rows) {
    const key = SINGLE[row.type];
    if (key && key !== "features") {
      if (seen.has(row.type)) continue;
      seen.add(row.type);
      (content[key] as string) = row.content;
      continue;
    }
    const feature = content.features[row.orderIndex];
    if (!feature) continue;
    if (row.type === "feature_title") feature.title = row.content;
    if (row.type === "feature_description") feature.description = row.content;
  }
  return content;
}

/** The newest image of a type (cms_images(type, createdAt) index), without its bytes. */
async function newestImage(type: "hero_image" | "logo"): Promise<SiteImage | null> {
  const row = await prisma.cmsImage.findFirst({
    where: { type },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { fileUrl: true, altText: true, title: true, width: true, height: true },
  });
  return row ? { url: row.fileUrl, alt: row.altText ?? row.title, width: row.width, height: row.height } : null;
}

async function readLandingSite(): Promise<LandingSite> {
  const [content, heroImage, logo, settings] = await Promise.all([
    getLandingContent(),
    newestImage("hero_image"),
    newestImage("logo"),
    prisma.siteSetting.findUnique({ where: { id: 1 } }),
  ]);
  return {
    content,
    heroImage,
    logo,
    contact: {
      email: settings?.contactEmail ?? null,
      phone: settings?.contactPhone ?? null,
      address: settings?.address ?? null,
      instagramUrl: settings?.instagramUrl ?? null,
      facebookUrl: settings?.facebookUrl ?? null,
    },
  };
}

/**
 * Every public page's layout reads this, so it is kept in memory for a few seconds: a burst
 * of visitors costs one read, not four queries each. A write in this process drops it at once
 * (the admin sees the change on the next page); other processes see it within CACHE_MS.
 */
const CACHE_MS = 5_000;
let cached: { at: number; value: Promise<LandingSite> } | null = null;

export function getLandingSite(now = Date.now()): Promise<LandingSite> {
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const value = readLandingSite();
  cached = { at: now, value };
  // A failed read is not kept: the next visitor tries again.
  value.catch(() => {
    if (cached?.value === value) cached = null;
  });
  return value;
}

export function invalidateLandingCache() {
  cached = null;
}
