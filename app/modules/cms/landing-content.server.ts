import type { CmsContentType } from "~/generated/prisma/enums";
import { prisma } from "~/utils/db.server";
import { DEFAULT_LANDING_CONTENT, type LandingContent } from "./landing-content";

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
 * The landing texts: defaults, overridden by the platform admin's active CMS
 * entries in Turkish. Feature titles and descriptions map to the feature grid
 * by their order index.
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
  for (const row of rows) {
    const key = SINGLE[row.type];
    if (key && key !== "features") {
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
