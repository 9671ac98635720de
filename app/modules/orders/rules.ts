// The order rules the screen needs too; kept free of zod so that the order
// screen's JavaScript does not carry a validation library for four constants.

export const MAX_QUANTITY = 99;
export const MAX_ORDER_LINES = 100;
/** A line's note for the kitchen ("acısız"); the column is VARCHAR(140). */
export const MAX_LINE_NOTE = 140;

export const EMPTY_CART = "Sipariş listesi boş!";
export const NO_TABLE = "Lütfen bir masa seçin!";
export const QUANTITY_RANGE = `Adet 1 ile ${MAX_QUANTITY} arasında olmalıdır.`;
/** A new table's guest count (kişi sayısı). */
export const MAX_GUESTS = 99;
export const GUESTS_RANGE = `Kişi sayısı 1 ile ${MAX_GUESTS} arasında olmalıdır.`;

/** Why sent items were taken away or made free (the short list the screen offers). */
export const TAKE_AWAY_REASONS = ["customer_changed_mind", "wrong_order", "complimentary", "other"] as const;
export type TakeAwayReason = (typeof TAKE_AWAY_REASONS)[number];
export const TAKE_AWAY_REASON_LABELS: Record<TakeAwayReason, string> = {
  customer_changed_mind: "Müşteri vazgeçti",
  wrong_order: "Yanlış sipariş",
  complimentary: "İkram",
  other: "Diğer",
};
export const MAX_NOTE = 200;

export const APPROVAL_NEEDED =
  "Gönderilmiş ürünleri azaltmak, çıkarmak ya da ikram etmek yönetici onayı gerektirir: yönetici şifresini girin.";
export const REASON_NEEDED = "Gönderilmiş ürünleri azaltmak, çıkarmak ya da ikram etmek için bir neden seçin.";
export const NOTE_NEEDED = "“Diğer” nedeni için kısa bir açıklama yazın.";
export const WRONG_APPROVAL_PASSWORD = "Yönetici şifresi yanlış; değişiklik kaydedilmedi.";

/** An edit refused because the order changed meanwhile, with the waiter's additions kept on the fresh order. */
export const STALE_EDIT_REAPPLIED =
  "Bu sipariş siz düzenlerken başka bir cihazdan değiştirildi. Eklediğiniz ürünler güncel siparişe yeniden eklendi: kontrol edip tekrar gönderin.";
