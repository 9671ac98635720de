// The order screen's offline data client: what the screen needs from this
// device's IndexedDB (the menu and tables kept for offline use, refused orders
// to correct) and keeping an order on the device when there is no connection.
// The route loads this module only when it needs it (dynamic import), so the
// order screen's first load carries no IndexedDB code (its JavaScript budget).
import { DEFAULT_CATEGORIES } from "~/modules/menu/categories";
import type { OrderScreenData } from "~/components/order-taking/screen-data";
import { cartItems, cartTotal, type QuantityLine } from "~/modules/orders/cart";
import { newClientOrderId } from "~/utils/client-order-id";
import { positiveIntOrNull } from "~/utils/numbers";
import { rememberedSession, requestBackgroundSync } from "./session";
import {
  cacheMenu,
  cacheTables,
  discardOfflineOrder,
  getCachedMenu,
  getCachedTables,
  getOfflineOrder,
  storeOfflineOrder,
} from "./offline-db";
import { announceChange } from "./sync";

/** A fresh answer from the server: keep its menu and tables for offline use. */
export async function keepForOffline(data: OrderScreenData): Promise<void> {
  await Promise.all([cacheMenu(data.menu), cacheTables(data.tables)]);
}

/**
 * The screen from this device's copies of the menu and tables, with an empty
 * cart (`base`: what the server answered for another table, kept for who is working).
 */
export async function offlineScreenData(url: URL, base?: OrderScreenData): Promise<OrderScreenData> {
  const [tables, menu] = await Promise.all([getCachedTables(), getCachedMenu()]);
  const session = rememberedSession();
  const wanted = positiveIntOrNull(url.searchParams.get("table"));
  const table = wanted && tables.some((t) => t.number === wanted) ? wanted : null;
  return {
    restaurantId: base?.restaurantId ?? session?.restaurantId ?? null,
    staffName: base?.staffName ?? session?.staffName ?? "",
    offline: true,
    fixing: null,
    tables: tables.map((t) => ({
      id: t.id,
      number: t.number,
      status: t.status,
      waiter_name: t.waiter_name ?? null,
      customer_count: t.customer_count ?? 0,
    })),
    menu: menu.map((m) => ({
      id: m.id,
      name: m.name,
      category: m.category,
      price: m.price,
      description: m.description ?? null,
      available: m.available,
      ...(m.option_groups ? { option_groups: m.option_groups } : {}),
    })),
    // The chips come with the page; opened offline without it, from the cached items' categories.
    categories:
      base?.categories ??
      [...new Set(menu.map((m) => m.category))].map((key) => ({ key, label: DEFAULT_CATEGORIES.find((c) => c.key === key)?.name ?? key })),
    table,
    unknownTable: wanted !== null && table === null ? wanted : null,
    lines: [],
    openOrderId: null,
    baseVersion: null,
    sentLines: [],
    submitKey: base?.submitKey ?? newClientOrderId(),
    q: url.searchParams.get("q") ?? "",
    category: url.searchParams.get("category") ?? "",
    confirmClear: url.searchParams.get("confirm") === "clear",
    backTo: base?.backTo ?? "/app/staff",
    managerMode: base?.managerMode ?? false,
    gate: null,
  };
}

/**
 * Correcting an order the server refused (`?fix=<id on this device>`): a new
 * order opens with its items; a refused edit shows the order as it is now
 * (saving drops the refused copy).
 */
export async function withRefusedOrder(data: OrderScreenData, fix: number): Promise<OrderScreenData> {
  const refused = await getOfflineOrder(fix);
  if (!refused || refused.table_number !== data.table) return data;
  if (refused.edit) return { ...data, fixing: fix };
  return {
    ...data,
    fixing: fix,
    openOrderId: null,
    lines: refused.items.reduce<{ menuItemId: number; quantity: number; free: number }[]>((lines, i) => {
      let line = lines.find((l) => l.menuItemId === i.menu_item_id);
      if (!line) lines.push((line = { menuItemId: i.menu_item_id, quantity: 0, free: 0 }));
      if (i.complimentary) line.free += i.quantity;
      else line.quantity += i.quantity;
      return lines;
    }, []),
  };
}

/** After the order went through: the refused copy it corrected goes. */
export async function dropCorrectedOrder(fixing: number): Promise<void> {
  await discardOfflineOrder(fixing);
  announceChange();
}

/**
 * No connection: the order is kept on this device with its client order id (so
 * a request that did reach the server is not repeated) and sent later. An edit
 * is kept as an edit with its key and base version: if the request that timed
 * out did reach the server, the replay changes nothing. Returns the id on this device.
 */
export async function keepOrderOffline(input: {
  clientOrderId: string;
  restaurantId: number;
  table: number;
  staffName: string;
  lines: QuantityLine[];
  menu: { id: number; name: string; price: number; option_groups?: { options: { id: number; price_delta: number }[] }[] }[];
  edit: { orderId: number; baseVersion: number | null } | null;
  fixing: number | null;
  guests?: number;
}): Promise<number | undefined> {
  const byId = new Map(input.menu.map((m) => [m.id, m]));
  const stored = await storeOfflineOrder({
    client_order_id: input.clientOrderId,
    restaurant_id: input.restaurantId,
    table_number: input.table,
    waiter_name: input.staffName,
    total_amount: cartTotal(
      input.lines,
      (id) => byId.get(id)?.price,
      (optionId) =>
        input.menu
          .flatMap((m) => m.option_groups ?? [])
          .flatMap((g) => g.options)
          .find((o) => o.id === optionId)?.price_delta ?? 0,
    ),
    items: cartItems(input.lines).map((i) => ({
      ...i,
      menu_item_name: byId.get(i.menu_item_id)?.name,
      unit_price: byId.get(i.menu_item_id)?.price,
    })),
    ...(input.edit ? { edit: { order_id: input.edit.orderId, base_version: input.edit.baseVersion } } : {}),
    ...(!input.edit && input.guests ? { customer_count: input.guests } : {}),
  });
  if (input.fixing) await discardOfflineOrder(input.fixing);
  announceChange();
  void requestBackgroundSync();
  return stored.id;
}
