// The platform admin's review of premium applications and its invoices screen: words and
// limits shared by the server and the screens (no zod, no server code here).

export const APPLICATION_FILTERS = ["pending", "approved", "rejected", "all"] as const;
export type ApplicationFilter = (typeof APPLICATION_FILTERS)[number];
export const REVIEW_DECISIONS = ["approved", "rejected"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const INVOICE_FILTERS = ["unpaid", "overdue", "paid", "all"] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

/** The admin's notes on a decision (a TEXT column; a page of text is plenty). */
export const MAX_ADMIN_NOTES = 2000;
/** Rows one list shows (newest first); older ones stay in the database. */
export const REVIEW_LIST_LIMIT = 200;

export const APPLICATION_STATUS_LABELS: Record<string, string> = {
  pending: "Beklemede",
  approved: "Onaylandı",
  rejected: "Reddedildi",
};
export const APPLICATION_FILTER_LABELS: Record<ApplicationFilter, string> = {
  pending: "Bekleyen",
  approved: "Onaylanan",
  rejected: "Reddedilen",
  all: "Tümü",
};
export const INVOICE_FILTER_LABELS: Record<InvoiceFilter, string> = {
  unpaid: "Ödenmemiş",
  overdue: "Vadesi geçmiş",
  paid: "Ödenmiş",
  all: "Tümü",
};
export const BUSINESS_TYPE_LABELS: Record<string, string> = {
  restaurant: "Restoran",
  cafe: "Kafe",
  bar: "Bar",
  fast_food: "Fast Food",
  bakery: "Fırın / Pastane",
};

// Spec §8: the approval's failure texts.
export const REVIEW_FAILED = "Onay işlemi başarısız";
export const REVIEW_ERROR = "Onay işlemi sırasında hata oluştu";
export const APPLICATION_NOT_FOUND = "Başvuru bulunamadı.";
export const ALREADY_DECIDED = (status: string) =>
  `Bu başvuru zaten karara bağlandı (${APPLICATION_STATUS_LABELS[status] ?? status}); yeniden karar verilemez.`;
export const APPROVED = (restaurant: string, plan: string) => `Başvuru onaylandı: ${restaurant} artık ${plan} planında.`;
export const REJECTED = (restaurant: string) => `${restaurant} başvurusu reddedildi.`;
export const TRANSFER_RECEIVED = (number: string) => `${number} numaralı faturanın havalesi alındı olarak işaretlendi.`;
export const MARK_PAID_FAILED = "Fatura ödendi olarak işaretlenemedi";
