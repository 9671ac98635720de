// The restaurant's own settings (the General tab and /api/restaurant/settings).
// The restaurant comes from the session: there is no id to get wrong.
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";
import { mealCardsOf } from "~/modules/payments/meal-cards";
import { KITCHEN_ORDER, SETTINGS_STALE, type NotificationKey } from "./settings-rules";
import type { UpdateSettingsInput } from "./settings-schemas";

const settingsSelect = {
  name: true,
  type: true,
  address: true,
  phone: true,
  email: true,
  taxRate: true,
  serviceCharge: true,
  autoPrintOrders: true,
  kitchenAmberMinutes: true,
  kitchenRedMinutes: true,
  dayStartHour: true,
  receiptFooter: true,
  mealCards: true,
  notifyOrders: true,
  notifyPayments: true,
  lowStockAlerts: true,
  dailyReportEmail: true,
  pushNotifications: true,
  emailNotifications: true,
  settingsVersion: true,
} as const;
type SettingsRow = Prisma.RestaurantGetPayload<{ select: typeof settingsSelect }>;

/** Which column holds each `notifications` flag. */
const NOTIFICATION_COLUMNS = {
  order_notifications: "notifyOrders",
  payment_notifications: "notifyPayments",
  low_stock_alerts: "lowStockAlerts",
  daily_report_email: "dailyReportEmail",
  push_notifications: "pushNotifications",
  email_notifications: "emailNotifications",
} as const satisfies Record<NotificationKey, keyof SettingsRow>;

export interface SettingsView {
  restaurant_name: string;
  restaurant_type: SettingsRow["type"];
  address: string | null;
  phone: string | null;
  email: string | null;
  tax_rate: number;
  service_charge: number;
  auto_print_orders: boolean;
  /** A kitchen ticket turns amber, then red, this many minutes after it was sent. */
  kitchen_amber_minutes: number;
  kitchen_red_minutes: number;
  /** Gün sonu: the local hour the business day starts (decision 088). */
  day_start_hour: number;
  receipt_footer: string | null;
  /** The meal cards it accepts as payment (decision 083): known ones in their order, then others. */
  meal_cards: string[];
  notifications: Record<NotificationKey, boolean>;
  /** Send it back with a save: a save based on an older version is refused (409). */
  version: number;
}

function toView(row: SettingsRow): SettingsView {
  return {
    restaurant_name: row.name,
    restaurant_type: row.type,
    address: row.address,
    phone: row.phone,
    email: row.email,
    tax_rate: toMoney(row.taxRate),
    service_charge: toMoney(row.serviceCharge),
    auto_print_orders: row.autoPrintOrders,
    kitchen_amber_minutes: row.kitchenAmberMinutes,
    kitchen_red_minutes: row.kitchenRedMinutes,
    day_start_hour: row.dayStartHour,
    receipt_footer: row.receiptFooter,
    meal_cards: mealCardsOf(row.mealCards),
    notifications: Object.fromEntries(Object.entries(NOTIFICATION_COLUMNS).map(([key, column]) => [key, row[column]])) as Record<
      NotificationKey,
      boolean
    >,
    version: row.settingsVersion,
  };
}

export async function getSettings(restaurantId: number): Promise<SettingsView> {
  return toView(await prisma.restaurant.findUniqueOrThrow({ where: { id: restaurantId }, select: settingsSelect }));
}

/** The columns an input changes (fields left out are kept; null clears an optional text). */
function changesOf(input: Omit<UpdateSettingsInput, "version">): Prisma.RestaurantUpdateManyMutationInput {
  const text = (v: string | null | undefined) => (v === undefined ? undefined : v);
  const data: Prisma.RestaurantUpdateManyMutationInput = {
    name: input.restaurant_name,
    type: input.restaurant_type,
    address: text(input.address),
    phone: text(input.phone),
    email: text(input.email),
    taxRate: input.tax_rate,
    serviceCharge: input.service_charge,
    autoPrintOrders: input.auto_print_orders,
    kitchenAmberMinutes: input.kitchen_amber_minutes,
    kitchenRedMinutes: input.kitchen_red_minutes,
    dayStartHour: input.day_start_hour,
    receiptFooter: text(input.receipt_footer),
    mealCards: input.meal_cards,
  };
  for (const [key, column] of Object.entries(NOTIFICATION_COLUMNS)) {
    const value = input.notifications?.[key as NotificationKey];
    if (value !== undefined) (data as Record<string, unknown>)[column] = value;
  }
  return data;
}

/** Whether the row already has every value asked for (a repeated save). */
function changesNothing(row: SettingsRow, data: Prisma.RestaurantUpdateManyMutationInput): boolean {
  return Object.entries(data).every(([column, value]) => {
    if (value === undefined) return true;
    const current = row[column as keyof SettingsRow];
    if (current instanceof Prisma.Decimal) return current.equals(value as string);
    if (column === "mealCards") return JSON.stringify(mealCardsOf(current)) === JSON.stringify(value);
    return current === value;
  });
}

/**
 * Saves the settings. Repeating a save changes nothing. With `version` (the form always sends
 * it), a save based on older settings than the row's is refused (409) instead of silently
 * overwriting what another device saved; the version check and the write are one UPDATE.
 */
export async function updateSettings(restaurantId: number, input: UpdateSettingsInput): Promise<SettingsView> {
  const { version, ...fields } = input;
  const data = changesOf(fields);
  const current = await prisma.restaurant.findUniqueOrThrow({ where: { id: restaurantId }, select: settingsSelect });
  if (changesNothing(current, data)) return toView(current);
  // Amber comes before red, whichever of the two this save changes.
  const amber = fields.kitchen_amber_minutes ?? current.kitchenAmberMinutes;
  const red = fields.kitchen_red_minutes ?? current.kitchenRedMinutes;
  if (amber >= red) throw new DomainError(400, KITCHEN_ORDER);
  const { count } = await prisma.restaurant.updateMany({
    where: { id: restaurantId, ...(version === undefined ? {} : { settingsVersion: version }) },
    data: { ...data, settingsVersion: { increment: 1 } },
  });
  if (count === 0) {
    const now = await prisma.restaurant.findUniqueOrThrow({ where: { id: restaurantId }, select: settingsSelect });
    if (changesNothing(now, data)) return toView(now);
    throw new DomainError(409, SETTINGS_STALE);
  }
  return getSettings(restaurantId);
}
