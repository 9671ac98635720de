// The /app screens the spec names, with who may open them. Screens not built
// yet show a "yakında" page instead of a 404.

import type { IconName } from "~/components/icons/names";

export interface AppSection {
  path: string;
  title: string;
  icon: IconName;
  managerOnly: boolean;
}

export const APP_SECTIONS: readonly AppSection[] = [
  { path: "menu-management", title: "Menü Yönetimi", icon: "clipboard-list", managerOnly: true },
  { path: "table-management", title: "Masa Yönetimi", icon: "armchair", managerOnly: true },
  { path: "staff-management", title: "Personel Yönetimi", icon: "users", managerOnly: true },
  { path: "stock-management", title: "Stok Yönetimi", icon: "package", managerOnly: true },
  { path: "payments", title: "Ödemeler", icon: "credit-card", managerOnly: false },
  { path: "reservations", title: "Rezervasyonlar", icon: "calendar-days", managerOnly: true },
  { path: "discounts", title: "İndirimler", icon: "tag", managerOnly: true },
  { path: "accounts", title: "Cari Hesaplar", icon: "book-user", managerOnly: true },
  { path: "detailed-reports", title: "Detaylı Raporlar", icon: "chart-column", managerOnly: true },
  { path: "day-close", title: "Gün Sonu", icon: "calendar-check", managerOnly: true },
  { path: "qr-menu", title: "QR Menü", icon: "qr-code", managerOnly: true },
  { path: "settings", title: "Ayarlar", icon: "settings", managerOnly: true },
  { path: "kitchen", title: "Mutfak Ekranı", icon: "utensils", managerOnly: false },
  { path: "stations", title: "Mutfak İstasyonları", icon: "chef-hat", managerOnly: true },
  { path: "order-taking", title: "Sipariş Al", icon: "notebook-pen", managerOnly: false },
  { path: "data-export", title: "Veri Dışa Aktarma", icon: "download", managerOnly: true },
  { path: "notifications", title: "Bildirimler", icon: "bell", managerOnly: false },
  { path: "profile", title: "Profil", icon: "user", managerOnly: false },
];

/** The all-management menu of the manager panel, in the spec's order. */
export const MANAGEMENT_MENU = [
  "menu-management",
  "table-management",
  "staff-management",
  "stock-management",
  "payments",
  "reservations",
  "discounts",
  "accounts",
  "detailed-reports",
  "day-close",
  "qr-menu",
  "settings",
  "kitchen",
  "stations",
].map((p) => APP_SECTIONS.find((s) => s.path === p)!);

export function findSection(path: string): AppSection | undefined {
  return APP_SECTIONS.find((s) => s.path === path);
}
