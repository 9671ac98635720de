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
