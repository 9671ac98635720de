// Reservations' fixed lists, labels, limits and messages: shared by the schemas, the
// domain and the screen (no zod here: the page imports it).

export const RESERVATION_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  pending: "Beklemede",
  confirmed: "Onaylandı",
  completed: "Tamamlandı",
  cancelled: "İptal edildi",
};
/** The statuses that hold a table (the clash rule and the floor grid's line). */
export const ACTIVE_STATUSES: readonly ReservationStatus[] = ["pending", "confirmed"];

/**
 * The card's one-tap moves (spec section 4): pending → confirmed or cancelled, confirmed →
 * completed. The edit form may set any of the four.
 */
export const TRANSITIONS: Record<ReservationStatus, readonly ReservationStatus[]> = {
  pending: ["confirmed", "cancelled"],
  confirmed: ["completed"],
  completed: [],
  cancelled: [],
};
export const TRANSITION_LABELS: Record<ReservationStatus, string> = {
  pending: "Beklemeye al",
  confirmed: "Onayla",
  completed: "Tamamla",
  cancelled: "İptal Et",
};
export const STATUS_CHANGED: Record<ReservationStatus, string> = {
  pending: "Rezervasyon beklemeye alındı",
  confirmed: "Rezervasyon onaylandı",
  completed: "Rezervasyon tamamlandı",
  cancelled: "Rezervasyon iptal edildi",
};

export function canMove(from: ReservationStatus, to: ReservationStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Column sizes (reservations). */
export const MAX_NAME = 120;
export const MAX_PHONE = 32;
export const MAX_EMAIL = 191;
export const MAX_NOTES = 500;
/** Spec section 9: guests 1 to 20. */
export const MIN_GUESTS = 1;
export const MAX_GUESTS = 20;
export const MAX_TABLE_NUMBER = 9999;
/** How far ahead a reservation may be taken (decision 033). */
export const MAX_DAYS_AHEAD = 366;
/** Two active reservations of one table must be at least this far apart (decision 032). */
export const CLASH_WINDOW_MS = 2 * 60 * 60 * 1000;
/** The floor grids show a reservation from this long before it until this long after it (decision 032). */
export const GRID_AHEAD_MINUTES = 60;
export const GRID_LATE_MINUTES = 15;
/** The list shows at most this many cards. */
export const LIST_LIMIT = 200;

// The spec's messages (section 8) and Sofra's own.
export const SAVE_FAILED = "Rezervasyon kaydedilirken hata oluştu";
export const DELETE_FAILED = "Rezervasyon silinirken hata oluştu";
export const STATUS_FAILED = "Durum değiştirilemedi";
export const LOAD_FAILED = "Veri yüklenirken hata oluştu";
export const CREATED = "Rezervasyon oluşturuldu";
export const UPDATED = "Rezervasyon güncellendi";
export const DELETED = "Rezervasyon silindi";
export const NOT_FOUND = "Rezervasyon bulunamadı.";
export const STALE = "Bu rezervasyon siz düzenlerken başka biri tarafından değiştirildi. Güncel hâlini görüp tekrar kaydedin.";
export const PAST = "Geçmiş bir tarih ve saate rezervasyon yapılamaz.";
export const TOO_FAR = `Rezervasyon en fazla ${MAX_DAYS_AHEAD} gün sonrası için yapılabilir.`;
export const NAME_REQUIRED = "Müşteri adı zorunludur.";
export const PHONE_REQUIRED = "Telefon zorunludur.";
export const DATE_REQUIRED = "Tarih zorunludur.";
export const TIME_REQUIRED = "Saat zorunludur.";
export const TABLE_REQUIRED = "Masa numarası zorunludur.";

export const tableMissing = (number: number) => `Masa ${number} bulunamadı. Var olan bir masa numarası girin.`;
export const badMove = (from: ReservationStatus, to: ReservationStatus) =>
  `${STATUS_FAILED}: rezervasyon şu an ${RESERVATION_STATUS_LABELS[from]}, ${RESERVATION_STATUS_LABELS[to]} durumuna geçemez.`;
/** The clash (409): the other reservation's name, day and time, so the manager knows whom to move. */
export const clashMessage = (table: number, other: { name: string; date: string; time: string }) =>
  `Masa ${table} için ${formatDay(other.date)} ${other.time} saatinde ${other.name} adına bir rezervasyon var. ` +
  "Aynı masaya iki saat içinde ikinci bir rezervasyon yapılamaz.";

const dayFormat = new Intl.DateTimeFormat("tr-TR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
/** "2026-11-24" → "24 Kasım 2026" (a calendar date: no time zone involved). */
export function formatDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return dayFormat.format(new Date(Date.UTC(y!, m! - 1, d!)));
}
