// The members screens' words and numbers, shared by the server and the admin pages (no zod, no
// server code here: route components import it).
import { PLAN_LABELS } from "~/modules/billing/billing-rules";

export { PLAN_LABELS };

/** Every plan, in the order the dashboard lists them (a plan without members shows 0). */
export const ALL_PLANS = ["free_trial", "basic", "pro", "enterprise"] as const;

export const MEMBER_FILTERS = ["all", "active", "inactive", "trial"] as const;
export type MemberFilter = (typeof MEMBER_FILTERS)[number];

export const MEMBER_FILTER_LABELS: Record<MemberFilter, string> = {
  all: "Tümü",
  active: "Aktif",
  inactive: "Pasif",
  trial: "Deneme",
};

/** Spec §4: the subscription statuses' labels. */
export const STATUS_LABELS: Record<string, string> = {
  active: "Aktif",
  inactive: "Pasif",
  suspended: "Askıda",
  cancelled: "İptal",
};

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;
export const planLabel = (plan: string) => PLAN_LABELS[plan] ?? plan;

/** What an admin may do to a member's subscription (POST /api/admin/customers/{id}/status takes the status it leads to). */
export const MEMBER_ACTIONS = ["suspend", "reactivate", "cancel"] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];
export const ACTION_STATUSES = { suspend: "suspended", reactivate: "active", cancel: "cancelled" } as const;
export const TARGET_STATUSES = ["active", "suspended", "cancelled"] as const;

/** Members per page of /admin/members (and the API's default page size). */
export const MEMBERS_PAGE_SIZE = 25;
export const MAX_MEMBERS_PAGE_SIZE = 100;
/** The dashboard's recent signups (spec §9). */
export const RECENT_SIGNUPS = 10;
/** The note an admin may leave with a suspension or cancellation (restaurants.adminStatusNote). */
export const MAX_STATUS_NOTE = 500;
export { MEMBER_AUDIT_ROWS } from "~/modules/audit/audit-labels";

export const MEMBER_NOT_FOUND = "Üye bulunamadı.";
export const PLAN_CHANGED_BY_ADMIN = (name: string, plan: string) => `${name} planı ${planLabel(plan)} olarak değiştirildi.`;
export const SAME_PLAN = "Üye zaten bu planda.";
export const MEMBER_NOT_ACTIVE = "Üyelik aktif değil (askıda veya iptal): önce üyeliği yeniden etkinleştirin.";
export const MEMBER_OVERDUE = (number: string) =>
  `Üyenin son ödeme tarihi geçmiş bir faturası var (${number}): fatura ödenmeden plan değiştirilemez.`;
export const MEMBER_OVER_LIMIT = (detail: string) => `Üyenin kullanımı bu plana sığmıyor: ${detail}`;

export const SUSPENDED = "Üyelik askıya alındı.";
export const REACTIVATED = "Üyelik yeniden etkinleştirildi.";
export const REACTIVATED_PAYMENT_HOLD =
  "Yönetici askısı kaldırıldı; ancak son ödeme tarihi geçmiş fatura nedeniyle üyelik askıda kalıyor. Ödeme alındığında açılır.";
export const CANCELLED = "Üyelik iptal edildi.";
export const ALREADY_SUSPENDED = "Üyelik zaten askıda.";
export const ALREADY_ACTIVE = "Üyelik zaten aktif.";
export const ALREADY_CANCELLED = "Üyelik zaten iptal edilmiş.";
export const CANNOT_SUSPEND_CANCELLED = "İptal edilmiş bir üyelik askıya alınamaz; önce yeniden etkinleştirin.";
export const PAYMENT_HOLD_ONLY = "Bu üyelik ödenmemiş fatura nedeniyle askıda: fatura ödendi olarak işaretlendiğinde kendiliğinden açılır.";
