// The public site's contact details (one row, id 1), shown in the footer. A save carries the
// version the form was read at (0 before the first save): of two saves from the same version
// one is 409, never a silent overwrite.
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { invalidateLandingCache } from "./landing-content.server";
import { SETTINGS_STALE } from "./rules";
import type { SettingsInput } from "./schemas";

export interface SiteSettings {
  contact_email: string | null;
  contact_phone: string | null;
  address: string | null;
  instagram_url: string | null;
  facebook_url: string | null;
  version: number;
  updated_at: string | null;
}

const ROW_ID = 1;

export const EMPTY_SETTINGS: SiteSettings = {
  contact_email: null,
  contact_phone: null,
  address: null,
  instagram_url: null,
  facebook_url: null,
  version: 0,
  updated_at: null,
};

export async function getSiteSettings(): Promise<SiteSettings> {
  const row = await prisma.siteSetting.findUnique({ where: { id: ROW_ID } });
  if (!row) return EMPTY_SETTINGS;
  return {
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    address: row.address,
    instagram_url: row.instagramUrl,
    facebook_url: row.facebookUrl,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function saveSiteSettings(input: SettingsInput, version: number): Promise<SiteSettings> {
  const fields = {
    contactEmail: input.contact_email ?? null,
    contactPhone: input.contact_phone ?? null,
    address: input.address ?? null,
    instagramUrl: input.instagram_url ?? null,
    facebookUrl: input.facebook_url ?? null,
  };
  if (version === 0) {
    try {
      await prisma.siteSetting.create({ data: { id: ROW_ID, ...fields } });
    } catch (error) {
      // Someone saved first: this form was read before their save.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new DomainError(409, SETTINGS_STALE);
      throw error;
    }
  } else {
    const { count } = await prisma.siteSetting.updateMany({
      where: { id: ROW_ID, version },
      data: { ...fields, version: { increment: 1 } },
    });
    if (count === 0) throw new DomainError(409, SETTINGS_STALE);
  }
  invalidateLandingCache();
  return getSiteSettings();
}
