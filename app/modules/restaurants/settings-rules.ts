// The settings screen's lists, labels, limits and messages (no zod: the page imports it).

export const SETTINGS_SAVED = "Ayarlar kaydedildi";
export const SETTINGS_SAVE_FAILED = "Ayarlar kaydedilirken bir hata oluştu";
export const SETTINGS_STALE =
  "Ayarlar siz düzenlerken başka bir cihazdan değiştirildi. Güncel ayarları görüp değişikliklerinizi yeniden kaydedin.";
export const PASSWORD_CHANGED = "Yönetici şifresi başarıyla değiştirildi";

/** Column sizes of restaurants. */
export const SETTINGS_LIMITS = { name: 120, address: 255, phone: 32, email: 191, receiptFooter: 500 } as const;
export const PERCENT_MAX = 100;
/** When a kitchen ticket turns amber and red (decision 079). */
export const KITCHEN_MINUTES_MAX = 480;
/** Gün sonu (decision 088): the business day starts at this local hour, 0–11 (a bar's night until 05:00 is one day). */
export const DAY_START_HOUR_MAX = 11;
export const DAY_START_LABEL = "Gün başlangıcı";
export const KITCHEN_AMBER_LABEL = "Sarı uyarı süresi";
export const KITCHEN_RED_LABEL = "Kırmızı uyarı süresi";
export const KITCHEN_ORDER = "Kırmızı uyarı süresi sarı uyarı süresinden uzun olmalıdır.";
export const PERCENT_STEP = 0.01;

/** The settings' business types (spec section 3); a restaurant may also be a bakery (premium application). */
export const SETTINGS_TYPES = ["restaurant", "cafe", "bar", "fast_food", "bakery"] as const;
export const SETTINGS_TYPE_LABELS: Record<(typeof SETTINGS_TYPES)[number], string> = {
  restaurant: "Restoran",
  cafe: "Kafe",
  bar: "Bar",
  fast_food: "Fast Food",
  bakery: "Fırın / Pastane",
};

/**
 * The `notifications` object's keys, in the screen's order. The spec's interface also had
 * `sms_notifications`: Sofra has no SMS provider, so no switch promises SMS (decision 064). An
 * old client that still sends it is not refused (the key is dropped like any unknown one).
 */
export const NOTIFICATION_KEYS = [
  "order_notifications",
  "payment_notifications",
  "low_stock_alerts",
  "daily_report_email",
  "push_notifications",
  "email_notifications",
] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];
export const NOTIFICATION_LABELS: Record<NotificationKey, string> = {
  order_notifications: "Sipariş bildirimleri",
  payment_notifications: "Ödeme bildirimleri",
  low_stock_alerts: "Düşük stok uyarıları",
  daily_report_email: "Günlük rapor e-postası",
  push_notifications: "Anlık (push) bildirimler",
  email_notifications: "E-posta bildirimleri",
};

/** A setting's column on `restaurants` and the files whose code reads it (null: nothing reads it yet). */
export interface SettingReaders {
  column: string;
  readers: readonly string[] | null;
}

/**
 * Every field of the settings (GET/PUT /api/restaurant/settings, `notifications.*` for the
 * switches): its column and the code that acts on it (not the settings' own load, save or the data
 * export). The settings screen shows only the fields with a reader; a test reads each file for its
 * column and renders the form (settings-readers.test.ts, decision 065). Service charge and
 * automatic printing get theirs with the bill and the kitchen ticket (issues 21 and 22): until then
 * the API keeps them and the screen does not show them.
 */
export const SETTINGS_READERS = {
  restaurant_name: {
    column: "name",
    readers: ["app/modules/menu/public-menu.server.ts", "app/modules/billing/invoice-pdf.server.ts"],
  },
  restaurant_type: {
    column: "type",
    readers: ["app/routes/restaurant/role-selection.tsx", "app/routes/restaurant/premium-application.tsx"],
  },
  address: { column: "address", readers: ["app/modules/menu/public-menu.server.ts", "app/modules/billing/invoice-pdf.server.ts"] },
  phone: { column: "phone", readers: ["app/modules/menu/public-menu.server.ts", "app/modules/billing/invoice-pdf.server.ts"] },
  email: { column: "email", readers: ["app/modules/billing/invoice-pdf.server.ts"] },
  tax_rate: { column: "taxRate", readers: ["app/modules/menu/categories.server.ts"] },
  // Charged by every payment and shown on the bill (decisions 085, 086).
  service_charge: { column: "serviceCharge", readers: ["app/modules/payments/split.server.ts", "app/modules/payments/bill.server.ts"] },
  auto_print_orders: { column: "autoPrintOrders", readers: ["app/modules/kitchen/tickets.server.ts"] },
  kitchen_amber_minutes: { column: "kitchenAmberMinutes", readers: ["app/modules/kitchen/tickets.server.ts"] },
  kitchen_red_minutes: { column: "kitchenRedMinutes", readers: ["app/modules/kitchen/tickets.server.ts"] },
  // Gün sonu's business day (decision 088).
  day_start_hour: { column: "dayStartHour", readers: ["app/modules/day-close/day-close.server.ts"] },
  receipt_footer: { column: "receiptFooter", readers: ["app/modules/payments/payments.server.ts"] },
  meal_cards: { column: "mealCards", readers: ["app/modules/payments/payments.server.ts"] },
  "notifications.order_notifications": { column: "notifyOrders", readers: ["app/modules/notifications/alerts.server.ts"] },
  "notifications.payment_notifications": { column: "notifyPayments", readers: ["app/modules/notifications/alerts.server.ts"] },
  "notifications.low_stock_alerts": { column: "lowStockAlerts", readers: ["app/modules/notifications/alerts.server.ts"] },
  "notifications.daily_report_email": { column: "dailyReportEmail", readers: ["app/modules/account/daily-report-mail.server.ts"] },
  "notifications.push_notifications": {
    column: "pushNotifications",
    readers: ["app/modules/push/push.server.ts", "app/modules/notifications/alerts.server.ts"],
  },
  "notifications.email_notifications": { column: "emailNotifications", readers: ["app/modules/notifications/delivery.server.ts"] },
} as const satisfies Record<string, SettingReaders>;
