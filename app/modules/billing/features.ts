import type { SubscriptionPlan, SubscriptionStatus } from "~/generated/prisma/enums";

/** Features the premium gate knows, with the plans that include them. */
export const FEATURES = [
  "order_taking",
  "payment_processing",
  "menu_management",
  "table_management",
  "staff_management",
  "stock_management",
  "reservations",
  "discounts",
  "settings_edit",
  "reports_daily",
  "reports_full",
  "qr_menu",
] as const;
export type Feature = (typeof FEATURES)[number];

const PRO_ONLY: readonly Feature[] = ["reports_full", "qr_menu"];

export function isFeature(value: string): value is Feature {
  return (FEATURES as readonly string[]).includes(value);
}

export interface AccessInput {
  subscriptionPlan: SubscriptionPlan;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: Date | null;
}

export function isTrialExpired(r: AccessInput, now: Date): boolean {
  return r.subscriptionPlan === "free_trial" && (!r.trialEndsAt || r.trialEndsAt.getTime() <= now.getTime());
}

export function canAccessFeature(r: AccessInput, feature: Feature, now: Date): boolean {
  if (r.subscriptionStatus !== "active") return false;
  if (r.subscriptionPlan === "free_trial") return !isTrialExpired(r, now);
  if (r.subscriptionPlan === "basic") return !PRO_ONLY.includes(feature);
  return true;
}

export function featureAccessMap(r: AccessInput, now: Date): Record<Feature, boolean> {
  return Object.fromEntries(FEATURES.map((f) => [f, canAccessFeature(r, f, now)])) as Record<Feature, boolean>;
}

/** Turkish names, for 403 messages and the premium gate. */
export const FEATURE_LABELS: Record<Feature, string> = {
  order_taking: "Sipariş alma",
  payment_processing: "Ödeme alma",
  menu_management: "Menü yönetimi",
  table_management: "Masa yönetimi",
  staff_management: "Personel yönetimi",
  stock_management: "Stok yönetimi",
  reservations: "Rezervasyonlar",
  discounts: "İndirimler",
  settings_edit: "Ayarları düzenleme",
  reports_daily: "Günlük rapor",
  reports_full: "Detaylı raporlar",
  qr_menu: "QR menü",
};
