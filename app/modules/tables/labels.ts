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
