// Kitchen tickets (decision 079): the states a line goes through, the rules of a bump and the
// shapes the screens and the API share. No server code: the kitchen screen's JavaScript reads it.

export const KITCHEN_STATUSES = ["new", "preparing", "ready", "served"] as const;
export type KitchenStatus = (typeof KITCHEN_STATUSES)[number];

export const STATUS_LABELS: Record<KitchenStatus, string> = {
  new: "Yeni",
  preparing: "Hazırlanıyor",
  ready: "Hazır",
  served: "Servis edildi",
};

/** What one tap on a line or ticket in this state moves it to. */
export const NEXT_STATUS: Record<KitchenStatus, KitchenStatus | null> = {
  new: "preparing",
  preparing: "ready",
  ready: "served",
  served: null,
};

/** A bump back (an undo) is accepted this long after the last change of the line. */
export const UNDO_WINDOW_MS = 10 * 60 * 1000;

/** A ticket turns amber, then red, after this many minutes (the restaurant's settings; these are the defaults). */
export const DEFAULT_AMBER_MINUTES = 10;
export const DEFAULT_RED_MINUTES = 20;

export const rank = (s: KitchenStatus) => KITCHEN_STATUSES.indexOf(s);

/** A ticket's state: the lowest of its lines still on the order; with none left (all voided), its own. */
export function ticketStatusOf(items: { status: KitchenStatus; voided: boolean }[], current: KitchenStatus): KitchenStatus {
  const live = items.filter((i) => !i.voided);
  if (live.length === 0) return current;
  return live.reduce<KitchenStatus>((low, i) => (rank(i.status) < rank(low) ? i.status : low), "served");
}

/** The state one step back, when an undo is still possible at `now`; null otherwise. */
export function undoTarget(ticket: { status: KitchenStatus; bumped_at: string | null }, now: Date): KitchenStatus | null {
  if (ticket.status === "new" || !ticket.bumped_at) return null;
  if (now.getTime() - new Date(ticket.bumped_at).getTime() > UNDO_WINDOW_MS) return null;
  return KITCHEN_STATUSES[rank(ticket.status) - 1]!;
}

/** How old a ticket looks: fresh, amber or red. */
export function ageLevel(createdAt: Date, now: Date, amberMinutes: number, redMinutes: number): "fresh" | "amber" | "red" {
  const minutes = (now.getTime() - createdAt.getTime()) / 60_000;
  if (minutes >= redMinutes) return "red";
  if (minutes >= amberMinutes) return "amber";
  return "fresh";
}

export const TICKET_NOT_FOUND = "Fiş bulunamadı.";
export const TICKET_ITEM_NOT_FOUND = "Fiş satırı bulunamadı.";
export const STALE_BUMP = "Bu fiş başka bir ekrandan değiştirildi; güncel hâli gösteriliyor.";
export const UNDO_EXPIRED = "Geri alma süresi (10 dakika) doldu.";
export const SERVED_ONLY = "Garson yalnızca hazır satırları servis edildi olarak işaretleyebilir.";
export const BAD_STATUS = "Durum şunlardan biri olmalıdır: new, preparing, ready, served.";

export interface TicketItemDto {
  id: number;
  name: string;
  quantity: number;
  note: string | null;
  options: { group: string; name: string }[];
  status: KitchenStatus;
  voided: boolean;
  complimentary: boolean;
  version: number;
}

export interface TicketDto {
  id: number;
  order_id: number;
  table_number: number;
  table_label: string | null;
  station: { id: number; name: string };
  status: KitchenStatus;
  kind: "new" | "addition";
  created_at: string;
  waiter_name: string;
  /** When a sent line was voided or comped since the station last bumped it. */
  alert_at: string | null;
  /** When a line of it last changed state: a bump back is accepted for 10 minutes after it. */
  bumped_at: string | null;
  version: number;
  items: TicketItemDto[];
}

/**
 * Whether a ticket event can change a waiter's "Hazır" list, so that only those phones read it
 * again, not every phone of the restaurant on every bump (issue 23): lines that became ready were
 * sent by this user (`ready.sent_by_id`), or the ticket is one the list already shows lines of
 * (served, taken back, voided, moved). A phone whose list is empty and that sent nothing ready
 * reads nothing.
 */
export function readyListConcerned(data: Record<string, unknown>, userId: number, lines: readonly { ticket_id: number }[]): boolean {
  const ready = data.ready as { sent_by_id?: unknown } | undefined;
  if (ready && ready.sent_by_id === userId) return true;
  return typeof data.ticket_id === "number" && lines.some((l) => l.ticket_id === data.ticket_id);
}
