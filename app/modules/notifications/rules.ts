// Notifications' constants and texts, safe for the browser bundle (no zod, no server code).

export const NOTIFICATION_TYPES = ["info", "warning", "success", "promotion", "update"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const TYPE_LABELS: Record<NotificationType, string> = {
  info: "Bilgi",
  warning: "Uyarı",
  success: "Başarı",
  promotion: "Kampanya",
  update: "Güncelleme",
};

/**
 * Types only the restaurant's managers (owner, Yönetici) see in the inbox, not waiters, cashiers
 * or the kitchen: a plan offer is the owner's business (decision 065).
 */
export const MANAGERS_ONLY_TYPES: readonly NotificationType[] = ["promotion"];

export const STATUS_LABELS: Record<"sent" | "pending" | "failed" | "draft", string> = {
  sent: "Gönderildi",
  pending: "Gönderiliyor",
  failed: "Başarısız",
  draft: "Taslak",
};

/** The members' filters of the recipient picker (the members page's: all, active, inactive, trial). */
export const MEMBER_FILTERS = ["all", "active", "inactive", "trial"] as const;
export type MemberFilter = (typeof MEMBER_FILTERS)[number];
export const MEMBER_FILTER_LABELS: Record<MemberFilter, string> = {
  all: "Tümü",
  active: "Aktif",
  inactive: "Pasif",
  trial: "Deneme",
};

/** notifications.title is VARCHAR(200). */
export const MAX_TITLE = 200;
/** notifications.message is TEXT (65,535 bytes): 5,000 characters of 4-byte UTF-8 still fit. */
export const MAX_MESSAGE = 5_000;
/** One send addresses at most this many restaurants (its ids must also fit the request body). */
export const MAX_RECIPIENTS = 50_000;

/** Restaurants per delivery job: one job's e-mails finish well within a job's time. */
export const DELIVERY_CHUNK = 100;
/** Attempts per e-mail before its recipient is marked failed (the inbox row stays). */
export const MAX_EMAIL_ATTEMPTS = 3;

/** The inbox shows this many, newest first. */
export const INBOX_PAGE = 50;
/** The admin history shows this many, newest first. */
export const HISTORY_PAGE = 50;

export const BLANK_FIELDS = "Başlık ve mesaj alanları zorunludur";
export const NO_RECIPIENTS = "Lütfen en az bir alıcı seçin";
export const SENT = "Bildirim başarıyla gönderildi!";
export const SEND_FAILED = "Bildirim gönderilirken hata oluştu";
export const NOT_FOUND = "Bildirim bulunamadı.";
export const MARKED_READ = "Bildirim okundu olarak işaretlendi.";
export const ALL_MARKED_READ = "Tüm bildirimler okundu olarak işaretlendi.";
