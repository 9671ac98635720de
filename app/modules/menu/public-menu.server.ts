// The public menu (/menu/{slug}): what a guest sees after scanning a table's code. No
// session: the restaurant comes from its slug, and only what a guest may read leaves
// here (name, address, phone; the items with prices, descriptions, sale state, photo).
// A restaurant whose subscription is not active (suspended, cancelled, closed) has no
// public menu: 404 with a notice (decision 038).
import { prisma } from "~/utils/db.server";
import { toMoney } from "~/utils/money";
import type { PhotoRef } from "./photo-urls";

export interface PublicMenuItem {
  id: number;
  name: string;
  price: number;
  description: string | null;
  available: boolean;
  photo: PhotoRef | null;
}

export interface PublicMenu {
  restaurant: { name: string; address: string | null; phone: string | null; slug: string };
  /** The owner's visible categories in the owner's order (hidden ones are not shown to guests). */
  categories: { category: string; label: string; items: PublicMenuItem[] }[];
  /** The table the code was printed for, when `?masa=N` names a live one. */
  table: { number: number; displayName: string | null } | null;
  /** For Last-Modified: the newest change of the restaurant or its menu. */
  updatedAt: Date;
}

export type PublicMenuResult = { kind: "menu"; menu: PublicMenu } | { kind: "missing" } | { kind: "closed"; name: string };

/** Slugs are lower-case ASCII with dashes (utils/slug.ts); anything else cannot match. */
const SLUG = /^[a-z0-9-]{1,80}$/;

export async function publicMenu(slug: string, tableNumber: number | null): Promise<PublicMenuResult> {
  if (!SLUG.test(slug)) return { kind: "missing" };
  const restaurant = await prisma.restaurant.findUnique({
    where: { slug },
    select: { id: true, name: true, address: true, phone: true, slug: true, subscriptionStatus: true, updatedAt: true },
  });
  if (!restaurant) return { kind: "missing" };
  if (restaurant.subscriptionStatus !== "active") return { kind: "closed", name: restaurant.name };
  const [categoryRows, items, table] = await Promise.all([
    prisma.menuCategory.findMany({
      where: { restaurantId: restaurant.id, hidden: false },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { key: true, name: true, updatedAt: true },
    }),
    prisma.menuItem.findMany({
      where: { restaurantId: restaurant.id },
      orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
      select: {
        id: true,
        name: true,
        category: true,
        price: true,
        description: true,
        available: true,
        updatedAt: true,
        photo: { select: { hash: true, updatedAt: true } },
      },
    }),
    tableNumber === null
      ? null
      : prisma.restaurantTable.findFirst({
          where: { restaurantId: restaurant.id, number: tableNumber, archivedAt: null },
          select: { number: true, configuration: { select: { displayName: true } } },
        }),
  ]);
  let updatedAt = restaurant.updatedAt;
  for (const c of categoryRows) if (c.updatedAt > updatedAt) updatedAt = c.updatedAt;
  for (const i of items) {
    if (i.updatedAt > updatedAt) updatedAt = i.updatedAt;
    if (i.photo && i.photo.updatedAt > updatedAt) updatedAt = i.photo.updatedAt;
  }
  const categories = categoryRows
    .map((c) => ({
      category: c.key,
      label: c.name,
      items: items
        .filter((i) => i.category === c.key)
        .map((i) => ({
          id: i.id,
          name: i.name,
          price: toMoney(i.price),
          description: i.description,
          available: i.available,
          photo: i.photo ? { itemId: i.id, hash: i.photo.hash } : null,
        })),
    }))
    .filter((c) => c.items.length > 0);
  return {
    kind: "menu",
    menu: {
      restaurant: { name: restaurant.name, address: restaurant.address, phone: restaurant.phone, slug: restaurant.slug },
      categories,
      table: table ? { number: table.number, displayName: table.configuration?.displayName ?? null } : null,
      updatedAt,
    },
  };
}
