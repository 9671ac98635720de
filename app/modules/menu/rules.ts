// Menu item rules the management screen needs too (maxLength, step, messages);
// free of zod so that the page's JavaScript does not carry a validation library.

export const MAX_ITEM_NAME = 120;
export const MAX_ITEM_DESCRIPTION = 500;
/** The highest price a menu item may have (DECIMAL(10,2) holds more; the screen's rule is this). */
export const MAX_PRICE = 99_999.99;

// The spec's messages (sections 2 and 8, in Turkish).
export const ITEM_ADDED = "Ürün eklendi";
export const ITEM_UPDATED = "Ürün güncellendi";
export const ITEM_DELETED = "Ürün silindi";
export const ITEM_NOT_FOUND = "Ürün bulunamadı; silinmiş olabilir.";
export const STALE_ITEM_EDIT = "Bu ürün siz düzenlerken başka bir yerden değiştirildi. Güncel bilgileri görmek için formu yeniden açın.";

export const PRICE_REQUIRED = "Fiyat zorunludur.";
export const PRICE_NOT_NUMBER = "Fiyat bir sayı olmalıdır (örnek: 45,50).";
export const PRICE_NOT_POSITIVE = "Fiyat 0'dan büyük olmalıdır.";
export const PRICE_TOO_HIGH = "Fiyat en fazla ₺99.999,99 olabilir.";
export const PRICE_DECIMALS = "Fiyat en fazla iki ondalık basamak içerebilir (kuruş).";

/** Whether an item is on sale, as the screen says it. */
export const availabilityLabel = (available: boolean) => (available ? "Satışta" : "Tükendi");
