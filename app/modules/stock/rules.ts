// Stock's fixed lists, labels, limits and messages: shared by the schemas, the
// domain and the screen (no zod here: the page imports it).

export const STOCK_CATEGORIES = ["ingredient", "beverage", "cleaning", "equipment"] as const;
export type StockCategory = (typeof STOCK_CATEGORIES)[number];
export const STOCK_CATEGORY_LABELS: Record<StockCategory, string> = {
  ingredient: "Malzeme",
  beverage: "İçecek",
  cleaning: "Temizlik",
  equipment: "Ekipman",
};

export const STOCK_UNITS = ["kg", "lt", "adet", "paket"] as const;
export type StockUnit = (typeof STOCK_UNITS)[number];

export const MOVEMENT_REASONS = ["purchase", "adjustment", "waste"] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];
export const MOVEMENT_REASON_LABELS: Record<MovementReason, string> = {
  purchase: "Satın alma",
  adjustment: "Sayım düzeltmesi",
  waste: "Fire / zayi",
};

/** Column sizes (stock_items, stock_movements). */
export const MAX_NAME = 120;
export const MAX_SUPPLIER = 120;
export const MAX_NOTE = 200;
/** DECIMAL(10,2): quantities keep one decimal (the form's step 0.1), prices two (step 0.01). */
export const MAX_QUANTITY = 99_999_999.9;
export const MAX_PRICE = 99_999_999.99;
export const QUANTITY_STEP = 0.1;
export const PRICE_STEP = 0.01;
/** The low-stock warning lists at most this many items (spec section 9). */
export const LOW_STOCK_WARNING_LIMIT = 3;
/** Movements shown on an item's detail view, newest first. */
export const MOVEMENTS_SHOWN = 50;

export const NAME_REQUIRED = "Ürün adı gereklidir";
export const SAVE_FAILED = "İşlem sırasında bir hata oluştu";
export const DELETED = "Stok kaydı silindi";
export const DELETE_FAILED = "Stok kaydı silinirken bir hata oluştu";
export const LOAD_FAILED = "Stok bilgileri alınırken bir hata oluştu";
export const CREATED = "Stok kaydı eklendi";
export const UPDATED = "Stok kaydı güncellendi";
export const NOT_FOUND = "Stok kaydı bulunamadı.";
export const STALE = "Bu stok kaydı siz düzenlerken başka biri tarafından değiştirildi. Güncel hâlini görüp tekrar kaydedin.";
export const REASON_REQUIRED = "Stok miktarı değiştiğinde bir neden seçin.";
export const NEGATIVE_LEVEL = "Stok miktarı negatif olamaz.";
export const LEVEL_TOO_HIGH = "Stok miktarı en fazla 99.999.999,9 olabilir.";

export type StockLevel = "low" | "normal" | "high";
export const STOCK_LEVEL_LABELS: Record<StockLevel, string> = { low: "Az", normal: "Normal", high: "Fazla" };

/** Low at or below the minimum (checked first), high at or above the maximum (spec section 4). */
export function stockLevel(current: number, min: number, max: number): StockLevel {
  if (current <= min) return "low";
  if (current >= max) return "high";
  return "normal";
}

export const MIN_ABOVE_MAX = "Minimum stok, maksimum stoktan büyük olamaz.";
