import { prisma } from "~/utils/db.server";
import { toMoney } from "~/utils/money";
import { MENU_CATEGORIES } from "./categories";

export interface MenuItemDto {
  id: number;
  name: string;
  category: string;
  price: number;
  description: string | null;
  available: boolean;
}

/** The menu, in the category order of the screen; `availableOnly` for order taking. */
export async function listMenu(restaurantId: number, { availableOnly = false } = {}): Promise<MenuItemDto[]> {
  const items = await prisma.menuItem.findMany({
    where: { restaurantId, ...(availableOnly ? { available: true } : {}) },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
  });
  const rank = (c: string) => MENU_CATEGORIES.indexOf(c as (typeof MENU_CATEGORIES)[number]);
  return items
    .map((i) => ({
      id: i.id,
      name: i.name,
      category: i.category,
      price: toMoney(i.price),
      description: i.description,
      available: i.available,
    }))
    .sort((a, b) => rank(a.category) - rank(b.category));
}
