// Billing's words and numbers, shared by the server and the screens (no zod, no server code here).

/** An invoice is payable by bank transfer for this many days after it is written. */
export const INVOICE_DUE_DAYS = 7;
/** Past its due date an unpaid invoice makes the subscription past due; this many days later it is suspended. */
export { SUSPEND_AFTER_DAYS } from "~/utils/billing-clock";
/** The billing tab lists this many invoices (spec: invoice list limit 5). */
export const RECENT_INVOICES = 5;
export const MAX_INVOICES_PER_PAGE = 50;

/** KDV on subscriptions, in percent. Plan prices include it (decision 062). */
export const SUBSCRIPTION_KDV_RATE = 20;
/** Said wherever a plan price is shown (/pricing, the plan pages, the confirmation). */
export const PRICES_INCLUDE_KDV = `Fiyatlara %${SUBSCRIPTION_KDV_RATE} KDV dahildir.`;

/**
 * A total that includes KDV split into net + KDV, in kuruş (integers), so that net + KDV is the
 * total exactly however the net rounds.
 */
export function splitKdv(totalCents: number, rate = SUBSCRIPTION_KDV_RATE): { net: number; kdv: number } {
  const net = Math.round((totalCents * 100) / (100 + rate));
  return { net, kdv: totalCents - net };
}

export const PLAN_CHANGED = "Plan başarıyla değiştirildi!";
export const PLAN_CHANGE_FAILED = "Plan değiştirme sırasında hata oluştu.";
export const UPGRADED = "Abonelik başarıyla yükseltildi!";
export const NO_INVOICES = "Henüz fatura bulunmuyor.";
export const NO_PAYMENT_METHODS = "Henüz ödeme yöntemi eklenmemiş.";
export const INVOICE_NOT_FOUND = "Fatura bulunamadı.";

export const PLAN_LABELS: Record<string, string> = {
  free_trial: "Ücretsiz Deneme",
  basic: "Basic",
  pro: "Pro",
  enterprise: "Enterprise",
};

/** What a closed account (suspended or cancelled, by the platform or for an unpaid invoice) is called. */
const CLOSED_ACCOUNT: Record<string, string> = {
  suspended: "Hesabınız askıya alınmış",
  cancelled: "Üyeliğiniz iptal edilmiş",
};
const closedAccount = (status: string) => CLOSED_ACCOUNT[status] ?? "Üyeliğiniz aktif değil";
/** 403: a closed account cannot extend its trial (issue 20). */
export const CLOSED_NO_EXTENSION = (status: string) =>
  `${closedAccount(status)}; deneme süresi uzatılamaz. Bilgi için bizimle iletişime geçin.`;
/** 403: nor apply for premium (the platform reopens it, not an application). */
export const CLOSED_NO_APPLICATION = (status: string) =>
  `${closedAccount(status)}; premium başvurusu yapılamaz. Bilgi için bizimle iletişime geçin.`;

export const CYCLE_LABELS: Record<string, string> = { monthly: "Aylık", yearly: "Yıllık" };

/** Spec: paid shows Ödendi, anything else Beklemede; an invoice replaced by a plan change says so. */
export function invoiceStatusLabel(status: string): string {
  if (status === "paid") return "Ödendi";
  if (status === "cancelled") return "İptal edildi";
  return "Beklemede";
}

/** Spec: 90 % or more red, 75 % or more amber, otherwise green. */
export function usageTone(percentage: number): "green" | "amber" | "red" {
  if (percentage >= 90) return "red";
  if (percentage >= 75) return "amber";
  return "green";
}

/** "TR00 0000 0000 …": an IBAN in groups of four, as banks print it. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})/g, "$1 ").trim();
}

/** What the subscription's state is called on the billing tab. */
export type BillingState = "trial" | "active" | "awaiting_payment" | "past_due" | "suspended" | "inactive";

export const BILLING_STATE_LABELS: Record<BillingState, string> = {
  trial: "Deneme",
  active: "Aktif",
  awaiting_payment: "Aktif · ödeme bekleniyor",
  past_due: "Ödeme gecikti",
  suspended: "Askıda",
  inactive: "Pasif",
};
