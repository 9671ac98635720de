// The /app screens the spec names, with who may open them. Screens not built
// yet show a "yakında" page instead of a 404.

export interface AppSection {
  path: string;
  title: string;
  icon: string;
  managerOnly: boolean;
}

export const APP_SECTIONS: readonly AppSection[] = [
  { path: "menu-management", title: "Menü Yönetimi", icon: "📋", managerOnly: true },
  { path: "table-management", title: "Masa Yönetimi", icon: "🪑", managerOnly: true },
  { path: "staff-management", title: "Personel Yönetimi", icon: "👥", managerOnly: true },
  { path: "stock-management", title: "Stok Yönetimi", icon: "📦", managerOnly: true },
  { path: "payments", title: "Ödemeler", icon: "💳", managerOnly: false },
  { path: "reservations", title: "Rezervasyonlar", icon: "📅", managerOnly: true },
  { path: "discounts", title: "İndirimler", icon: "🏷️", managerOnly: true },
  { path: "detailed-reports", title: "Detaylı Raporlar", icon: "📊", managerOnly: true },
  { path: "qr-menu", title: "QR Menü", icon: "🔳", managerOnly: true },
  { path: "settings", title: "Ayarlar", icon: "⚙️", managerOnly: true },
  { path: "order-taking", title: "Sipariş Al", icon: "📝", managerOnly: false },
  { path: "data-export", title: "Veri Dışa Aktarma", icon: "⬇️", managerOnly: true },
  { path: "notifications", title: "Bildirimler", icon: "🔔", managerOnly: false },
  { path: "profile", title: "Profil", icon: "👤", managerOnly: false },
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
  "detailed-reports",
  "qr-menu",
  "settings",
].map((p) => APP_SECTIONS.find((s) => s.path === p)!);

export function findSection(path: string): AppSection | undefined {
  return APP_SECTIONS.find((s) => s.path === path);
}
