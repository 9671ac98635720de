// Options on order lines (decision 082): what the owner defines per category or item ("Pişme":
// az / orta / iyi; "Porsiyon": 1 / 1,5 at +₺60), and what an order line keeps of its choice. No
// zod and nothing of the server here: the order screen's JavaScript reads it.

// What an order line keeps of its choice lives below the modules (kitchen tickets read it too).
export { chosenIds, optionKey, readChosen, type ChosenOption } from "~/utils/chosen-options";

export const MAX_OPTION_GROUPS = 60;
export const MAX_OPTIONS_PER_GROUP = 8;
export const MAX_OPTION_GROUP_NAME = 40;
export const MAX_OPTION_NAME = 40;
/** A line takes at most one option per group, and no more than this many in all. */
export const MAX_LINE_OPTIONS = 8;

export const OPTION_GROUP_NOT_FOUND = "Seçenek grubu bulunamadı.";
export const STALE_OPTION_GROUP_EDIT = "Bu seçenek grubu siz düzenlerken değişti. Güncel hâli gösteriliyor; değişikliğinizi yeniden yapın.";
export const TOO_MANY_OPTION_GROUPS = `En fazla ${MAX_OPTION_GROUPS} seçenek grubu olabilir.`;
export const OPTION_TARGET_NEEDED = "Grubun uygulanacağı kategoriyi ya da ürünü seçin.";
export const UNKNOWN_OPTION_TARGET = "Seçilen kategori ya da ürün bulunamadı.";
export const OPTIONS_NEEDED = "En az bir seçenek yazın.";
export const OPTION_NAMES_REPEAT = "Bir grupta aynı adlı iki seçenek olamaz.";
export const NEGATIVE_LINE_PRICE = "Seçeneklerle birlikte ürün fiyatı 0'ın altına inemez.";

export interface OptionDto {
  id: number;
  name: string;
  /** What it adds to the item's price (negative: takes off). */
  price_delta: number;
}

export interface OptionGroupDto {
  id: number;
  name: string;
  /** The category it applies to (every item in it), or null. */
  category_id: number | null;
  /** The item it applies to, or null. */
  menu_item_id: number | null;
  position: number;
  version: number;
  options: OptionDto[];
}

/** A group as order taking offers it on an item's line. */
export interface ItemOptionGroup {
  id: number;
  name: string;
  options: OptionDto[];
}

/** "Az pişmiş · 1,5 porsiyon": how a line's options read on a ticket, a cart and a bill. */
export const optionsLabel = (options: readonly { name: string }[]) => options.map((o) => o.name).join(" · ");
