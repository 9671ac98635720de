// Helpers for the service-floor API tests: tables, menu, orders, payments.
import { randomUUID } from "node:crypto";
import { prisma } from "~/utils/db.server";
import { api } from "./api";
import type { Tenant } from "./factories";

/** The owner's "First Last" (signupPayload's default names): the waiter name of every order they take. */
export const OWNER_NAME = "Test Sahibi";

export const MSG = {
  emptyCart: "Sipariş listesi boş!",
  noTable: "Lütfen bir masa seçin!",
  quantityRange: "Adet 1 ile 99 arasında olmalıdır.",
  quantityInt: "Adet tam sayı olmalıdır.",
  noOpenOrder: "Bu masada düzenlenecek açık sipariş yok.",
  alreadyPaid: "Bu sipariş zaten ödendi.",
  orderNotFound: "Sipariş bulunamadı.",
  paid: "Ödeme alındı.",
  tableNotNumber: "Masa numarası bir sayı olmalıdır.",
  orderIdNotNumber: "Sipariş numarası bir sayı olmalıdır.",
  badPaymentMethod: "Ödeme yöntemi şunlardan biri olmalıdır: cash, card, meal_card.",
  badOrderStatus: "status 'active' ya da 'payable' olmalıdır.",
  badClientOrderId: "İstemci sipariş numarası 8-64 harf, rakam, - veya _ olmalıdır.",
  orderGate: "Deneme süreniz doldu. Sipariş alma için planınızı yükseltin.",
  paymentGate: "Deneme süreniz doldu. Ödeme alma için planınızı yükseltin.",
  tableNotFound: (n: number | string) => `Masa bulunamadı: ${n}`,
  unknownMenuItem: (id: number) => `Menüde böyle bir ürün yok (#${id}).`,
  unavailable: (name: string) => `“${name}” şu anda satışta değil.`,
  outOfOrder: (n: number) => `Masa ${n} servis dışı; sipariş alınamaz.`,
} as const;

export interface MenuEntry {
  id: number;
  price: number;
}

/** The restaurant's menu by item name, straight from the database. */
export async function menuOf(tenant: Tenant): Promise<Record<string, MenuEntry>> {
  const rows = await prisma.menuItem.findMany({ where: { restaurantId: tenant.restaurantId } });
  return Object.fromEntries(rows.map((r) => [r.name, { id: r.id, price: Number(r.price) }]));
}

export const clientOrderId = () => `c-${randomUUID()}`;

/** A JSON request; a string body is sent as is, still labelled JSON (for malformed-JSON cases). */
const JSON_TYPE = { "content-type": "application/json" };

export const postOrder = (tenant: Tenant, body: unknown) => api("/api/orders", { token: tenant.token, body, headers: JSON_TYPE });

export const updateOrder = (tenant: Tenant, table: number | string, body: unknown) =>
  api(`/api/orders/table/${table}/update`, { method: "PUT", token: tenant.token, body, headers: JSON_TYPE });

export const tableOrders = (tenant: Tenant, table: number | string, status?: string) =>
  api(`/api/orders/table/${table}${status === undefined ? "" : `?status=${encodeURIComponent(status)}`}`, { token: tenant.token });

export const payOrder = (tenant: Tenant, id: number | string, method = "cash") =>
  api(`/api/orders/${id}/pay?payment_method=${encodeURIComponent(method)}`, { method: "PUT", token: tenant.token });

export const setStatus = (tenant: Tenant, table: number | string, query: Record<string, string | number>) =>
  api(`/api/tables/${table}/status?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
    method: "POST",
    token: tenant.token,
  });

/** Places an order of `lines` ([item name, quantity]) on a table and returns the 201 body. */
export async function placeOrder(tenant: Tenant, table: number, lines: [string, number][], menu?: Record<string, MenuEntry>) {
  const m = menu ?? (await menuOf(tenant));
  const res = await postOrder(tenant, {
    table_number: table,
    items: lines.map(([name, quantity]) => ({ menu_item_id: m[name]!.id, quantity })),
  });
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${res.text}`);
  return res.json as { id: number; total_amount: number; table_number: number; waiter_name: string; items: any[] };
}

export const tableRow = (tenant: Tenant, number: number) =>
  prisma.restaurantTable.findUniqueOrThrow({
    where: { restaurantId_number: { restaurantId: tenant.restaurantId, number } },
  });

/** The table as the API shows it, for compact assertions. */
export async function tableState(tenant: Tenant, number: number) {
  const t = await tableRow(tenant, number);
  return { status: t.status, waiter_name: t.waiterName, customer_count: t.customerCount };
}

export const EMPTY_TABLE = { status: "empty", waiter_name: null, customer_count: 0 } as const;

export const orderCount = (tenant: Tenant) => prisma.order.count({ where: { restaurantId: tenant.restaurantId } });
export const paymentCount = (tenant: Tenant) => prisma.payment.count({ where: { restaurantId: tenant.restaurantId } });

/** An order with its lines and its payment (`payment`: the first; an order paid in parts has more, decision 086). */
export const orderRow = (id: number) =>
  prisma.order
    .findUniqueOrThrow({ where: { id }, include: { items: { orderBy: { id: "asc" } }, payments: { orderBy: { id: "asc" } } } })
    .then((o) => ({ ...o, payment: o.payments[0] ?? null }));

export const expireTrial = (tenant: Tenant) =>
  prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { trialEndsAt: new Date(Date.now() - 60_000) } });

/** Today's YYYY-MM-DD in Istanbul. */
export const istanbulToday = (now = new Date()) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);

/** Order lines, sorted by menu item id, without their row ids (for comparing bodies). */
export const linesOf = (items: any[]) =>
  items.map(({ id: _id, ...rest }) => rest).sort((x, y) => (x.menu_item_id ?? 0) - (y.menu_item_id ?? 0));
