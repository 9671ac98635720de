import type { TableStatus } from "~/generated/prisma/enums";

export const TABLE_STATUSES = ["empty", "occupied", "reserved", "cleaning", "out_of_order"] as const;

export const TABLE_STATUS_LABELS: Record<TableStatus, string> = {
  empty: "BOŞ",
  occupied: "DOLU",
  reserved: "REZERVE",
  cleaning: "TEMİZLENİYOR",
  out_of_order: "SERVİS DIŞI",
};

/** The staff tile's action: empty takes an order, occupied edits it, anything else is only viewed. */
export function tileAction(status: TableStatus): string {
  if (status === "empty") return "Sipariş Al";
  if (status === "occupied") return "Siparişi Düzenle";
  return "Görüntüle";
}

/** The order-taking table picker's labels. */
export function pickerLabel(status: TableStatus): string {
  if (status === "occupied") return "DOLU - Düzenle";
  if (status === "empty") return "BOŞ - Yeni Sipariş";
  return TABLE_STATUS_LABELS[status];
}

const ONES = ["", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"];
const TENS = ["", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan"];

/** A number with the Turkish locative suffix as it is read: 4'te, 7'de, 6'da, 40'ta, 100'de. */
export function withLocative(n: number): string {
  const word =
    ONES[n % 10] ||
    TENS[Math.floor(n / 10) % 10] ||
    (Math.floor(n / 100) % 10 ? "yüz" : Math.floor(n / 1000) % 1000 ? "bin" : n ? "milyon" : "sıfır");
  const vowels = word.match(/[aıoueiöü]/g) ?? [];
  const back = "aıou".includes(vowels[vowels.length - 1] ?? "e");
  const hard = "fstkçşhp".includes(word[word.length - 1]!);
  return `${n}'${hard ? "t" : "d"}${back ? "a" : "e"}`;
}

// Table management: the choices and their Turkish labels (no zod: the screen imports these).

export const SECTION_COLORS = ["blue", "green", "red", "yellow", "purple", "orange"] as const;
export type SectionColorName = (typeof SECTION_COLORS)[number];
export const SECTION_COLOR_LABELS: Record<SectionColorName, string> = {
  blue: "Mavi",
  green: "Yeşil",
  red: "Kırmızı",
  yellow: "Sarı",
  purple: "Mor",
  orange: "Turuncu",
};
// The screens draw each colour from base.css (--section-<name>, through [data-section-color]).

export const TABLE_SHAPES = ["square", "round", "rectangle"] as const;
export const TABLE_SHAPE_LABELS: Record<(typeof TABLE_SHAPES)[number], string> = {
  square: "Kare",
  round: "Yuvarlak",
  rectangle: "Dikdörtgen",
};

export const TABLE_SIZES = ["small", "medium", "large"] as const;
export const TABLE_SIZE_LABELS: Record<(typeof TABLE_SIZES)[number], string> = {
  small: "Küçük",
  medium: "Orta",
  large: "Büyük",
};

export const DEFAULT_CAPACITY = 4;
export const MAX_CAPACITY = 50;
/** Positions on a section's floor plan: 0..PLAN_UNITS on each axis, the tile kept inside the plan. */
export const PLAN_UNITS = 1000;
export const MAX_FEATURES = 10;
export const MAX_FEATURE_LENGTH = 40;

/** What the grids call a table: its display name from table management, else "Masa N". */
export function tableLabel(table: { number: number; display_name?: string | null }): string {
  return table.display_name || `Masa ${table.number}`;
}

/** The display name with the number the orders and payments go by: "Bahçe 3 (Masa 12)", or "Masa 12". */
export function numberedTableLabel(table: { number: number; display_name?: string | null }): string {
  const name = tableLabel(table);
  return name === `Masa ${table.number}` ? name : `${name} (Masa ${table.number})`;
}
