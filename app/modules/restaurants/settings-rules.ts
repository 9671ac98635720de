// The settings screen's lists, labels, limits and messages (no zod: the page imports it).

export const SETTINGS_SAVED = "Ayarlar kaydedildi";
export const SETTINGS_SAVE_FAILED = "Ayarlar kaydedilirken bir hata oluştu";
export const SETTINGS_STALE =
  "Ayarlar siz düzenlerken başka bir cihazdan değiştirildi. Güncel ayarları görüp değişikliklerinizi yeniden kaydedin.";
export const PASSWORD_CHANGED = "Yönetici şifresi başarıyla değiştirildi";

/** Column sizes of restaurants. */
export const SETTINGS_LIMITS = { name: 120, address: 255, phone: 32, email: 191, receiptFooter: 500 } as const;
export const PERCENT_MAX = 100;
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
