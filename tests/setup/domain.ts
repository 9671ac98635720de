// Helpers for domain tests (tests/domain): data made by calling the modules' own functions in this
// process, against the worker's database (domain-env.ts), without a server or HTTP in between.
import { randomUUID } from "node:crypto";
import { signUp } from "~/modules/restaurants/onboarding.server";
import type { Actor } from "~/modules/auth/actor";
import { createOrder } from "~/modules/orders/orders.server";
import { prisma } from "~/utils/db.server";

export interface DomainTenant {
  restaurantId: number;
  userId: number;
  /** The owner acting (what a route builds from the session). */
  actor: Actor;
}

/** A new restaurant with its owner, trial, starter tables and sample menu, as a signup makes it. */
export async function createRestaurant(overrides: Record<string, unknown> = {}): Promise<DomainTenant> {
  const { restaurantId, userId } = await signUp({
    first_name: "Test",
    last_name: "Sahibi",
    email: `domain-${randomUUID().slice(0, 12)}@test.sofra.local`,
    password: "gizli-sifre-1",
    restaurant_name: `Test Lokanta ${randomUUID().slice(0, 6)}`,
    restaurant_type: "restaurant",
    ...overrides,
  } as Parameters<typeof signUp>[0]);
  return { restaurantId, userId, actor: { restaurantId, userId, name: "Test Sahibi" } };
}

/** The restaurant's menu items by name. */
export async function menuIds(restaurantId: number): Promise<Record<string, number>> {
  const items = await prisma.menuItem.findMany({ where: { restaurantId }, select: { id: true, name: true } });
  return Object.fromEntries(items.map((i) => [i.name, i.id]));
}

/** Places an order of [item name, quantity] lines on a table, through the order module. */
export async function placeOrder(tenant: DomainTenant, table: number, lines: [string, number][], menu?: Record<string, number>) {
  const ids = menu ?? (await menuIds(tenant.restaurantId));
  const { order } = await createOrder(tenant.actor, {
    table_number: table,
    items: lines.map(([name, quantity]) => {
      const id = ids[name];
      if (id === undefined) throw new Error(`No menu item ${name}`);
      return { menu_item_id: id, quantity };
    }),
  } as Parameters<typeof createOrder>[1]);
  return order;
}

/** The message and status a domain refusal carries ("ok" when there was none). */
export async function refusal(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => "ok",
    (e: Error & { status?: number }) => (e.status ? `${e.status} ${e.message}` : e.message),
  );
}
