// What the order screen shows: the loader's answer online, or the same shape
// built from this device's copies offline (app/offline/order-taking-data.ts).
import type { PremiumGateData } from "~/modules/billing/gate.server";
import type { MenuItemDto } from "~/modules/menu/menu.server";
import type { ItemOptionGroup } from "~/modules/menu/options";
import type { QuantityLine } from "~/modules/orders/cart";
import type { TableDto } from "~/modules/tables/tables.server";

/** A menu item as order taking offers it: with the option groups of its line, if any (decision 082). */
export type OrderMenuItem = MenuItemDto & { option_groups?: ItemOptionGroup[] };

export interface OrderScreenData {
  restaurantId: number | null;
  staffName: string;
  /** Opened from this device's copies, without a connection. */
  offline: boolean;
  /** The refused offline order being corrected (its id on this device). */
  fixing: number | null;
  tables: TableDto[];
  menu: OrderMenuItem[];
  /** The category chips: the visible categories in the owner's order. */
  categories: { key: string; label: string }[];
  table: number | null;
  unknownTable: number | null;
  lines: QuantityLine[];
  /** The open order this cart edits (null: the cart makes a new order). */
  openOrderId: number | null;
  baseVersion: number | null;
  /** The order's lines as sent (for telling what an edit takes away). */
  sentLines: QuantityLine[];
  /** The submit's idempotency key, rendered into the form. */
  submitKey: string;
  q: string;
  category: string;
  confirmClear: boolean;
  backTo: string;
  managerMode: boolean;
  gate: PremiumGateData | null;
}

/** Where the page's cart is kept across reloads of the tab (with JavaScript). */
export function cartStorageKey(restaurantId: number | null, table: number) {
  return `sofra:cart:${restaurantId ?? 0}:${table}`;
}
