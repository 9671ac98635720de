import type { MenuCategory } from "~/generated/prisma/enums";

export const MENU_CATEGORIES = ["drinks", "breakfast", "appetizer", "main_course", "dessert", "soup"] as const;

export const MENU_CATEGORY_LABELS: Record<MenuCategory, string> = {
  drinks: "İçecekler",
  breakfast: "Kahvaltı",
  appetizer: "Başlangıçlar",
  main_course: "Ana Yemekler",
  dessert: "Tatlılar",
  soup: "Çorbalar",
};
