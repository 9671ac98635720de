// Kitchen stations (decision 077): where a category's items are prepared and, with the next
// steps of issue 21, where their tickets go. Shared by the server, the forms and the screens.

export const MAX_STATIONS = 12;
export const MAX_STATION_NAME = 40;

/** Every restaurant starts with these two, in this order (the first is the default of new categories). */
export const DEFAULT_STATIONS = ["Mutfak", "Bar"] as const;
export type DefaultStation = (typeof DEFAULT_STATIONS)[number];

/** The category keys (the spec's and the sample menus') whose items are drinks: they go to Bar. */
export const DRINK_CATEGORY_KEYS: ReadonlySet<string> = new Set([
  "drinks",
  "hot_drinks",
  "cold_drinks",
  "beers",
  "wines",
  "raki",
  "cocktails",
]);

/** The default station of a default or sample category. */
export const defaultStationOf = (categoryKey: string): DefaultStation => (DRINK_CATEGORY_KEYS.has(categoryKey) ? "Bar" : "Mutfak");

export const STATION_NOT_FOUND = "İstasyon bulunamadı; silinmiş olabilir.";
export const STATION_NAME_TAKEN = "Bu adda bir istasyon zaten var.";
export const STALE_STATION_EDIT = "Bu istasyon siz düzenlerken değiştirildi. Güncel hâli gösteriliyor; değişikliğinizi yeniden yapın.";
export const TOO_MANY_STATIONS = `En fazla ${MAX_STATIONS} istasyon oluşturabilirsiniz.`;
export const LAST_STATION = "Son istasyon silinemez: her kategorinin hazırlandığı bir istasyon olmalıdır.";
export const UNKNOWN_STATION = "İstasyon bu restorana ait değil ya da silinmiş.";
export const STATION_HAS_TICKETS = (name: string, count: number) =>
  `“${name}” istasyonunda hazırlanmakta olan ${count} fiş var. Fişler servis edildikten sonra silin.`;
export const STATION_IN_USE = (name: string, count: number) =>
  `“${name}” istasyonunda ${count} kategori var. Silmeden önce kategorilerin taşınacağı istasyonu seçin (move_to).`;

/** A station as the screens and the API show it. */
export interface StationDto {
  id: number;
  name: string;
  position: number;
  /** How many menu categories go to it. */
  category_count: number;
  version: number;
}
