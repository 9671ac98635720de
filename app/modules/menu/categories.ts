// The menu's categories belong to the restaurant (menu_categories, decision 068). These are
// the spec's six, which every restaurant starts with; their keys are what the spec's
// `category` field carries, and a category the owner adds gets a key of its own.

export interface DefaultCategory {
  key: string;
  name: string;
  /** KDV percentage: 10 for food and soft drinks, 20 for alcoholic drinks. */
  kdvRate: string;
}

/** The spec's six, in the screen's order. */
export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  { key: "drinks", name: "İçecekler", kdvRate: "10.00" },
  { key: "breakfast", name: "Kahvaltı", kdvRate: "10.00" },
  { key: "appetizer", name: "Başlangıçlar", kdvRate: "10.00" },
  { key: "main_course", name: "Ana Yemekler", kdvRate: "10.00" },
  { key: "dessert", name: "Tatlılar", kdvRate: "10.00" },
  { key: "soup", name: "Çorbalar", kdvRate: "10.00" },
];

/** A category as the screens and the API show it. */
export interface CategoryDto {
  id: number;
  key: string;
  name: string;
  position: number;
  hidden: boolean;
  kdv_rate: number;
  /** The kitchen station its items are prepared at (decision 077). */
  station_id: number;
  item_count: number;
  version: number;
}

export const MAX_CATEGORY_NAME = 60;
export const MAX_CATEGORIES = 50;

export const CATEGORY_NOT_FOUND = "Kategori bulunamadı; silinmiş olabilir.";
export const CATEGORY_NAME_TAKEN = "Bu adda bir kategori zaten var.";
export const STALE_CATEGORY_EDIT =
  "Bu kategori siz düzenlerken başka bir yerden değiştirildi. Güncel hâlini görmek için sayfayı yenileyin.";
export const CATEGORY_NOT_EMPTY = (name: string, count: number) =>
  `“${name}” kategorisinde ${count} ürün var: önce ürünleri taşıyacağınız kategoriyi seçin ya da ürünleri silin.`;
export const TOO_MANY_CATEGORIES = `En fazla ${MAX_CATEGORIES} kategori oluşturabilirsiniz.`;
export const UNKNOWN_CATEGORY = "Böyle bir kategori yok; menü yönetiminden kategorileri kontrol edin.";
