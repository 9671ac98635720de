// Discounts' fixed lists, labels, limits and messages: shared by the schemas, the domain
// and the screens (no zod, no Prisma here: the discounts and payments pages import it).

export const DISCOUNT_TYPES = ["percentage", "fixed"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = { percentage: "Yüzde (%)", fixed: "Sabit tutar (₺)" };

/** Column sizes (discounts) and the spec's limits (section 5 and 9). */
export const MAX_NAME = 120;
export const MAX_CODE = 32;
export const MAX_PERCENT = 100;
export const MAX_FIXED = 1000;
export const MAX_MIN_ORDER = 99_999_999.99;
export const MAX_USAGE_LIMIT = 1_000_000;
/** Codes: Latin letters, digits, - and _, stored upper-case (decision 034). */
export const CODE_PATTERN = /^[A-Z0-9_-]+$/;

export const SAVE_FAILED = "İndirim kaydedilirken hata oluştu";
export const TOGGLE_FAILED = "Durum değiştirilemedi";
export const DELETE_FAILED = "İndirim silinirken hata oluştu";
export const LOAD_FAILED = "İndirimler yüklenirken hata oluştu";
export const CREATED = "İndirim eklendi";
export const UPDATED = "İndirim güncellendi";
export const DELETED = "İndirim silindi";
export const ACTIVATED = "İndirim aktifleştirildi";
export const DEACTIVATED = "İndirim pasifleştirildi";
export const NOT_FOUND = "İndirim bulunamadı.";
export const STALE = "Bu indirim siz düzenlerken başka biri tarafından değiştirildi. Güncel hâlini görüp tekrar kaydedin.";
export const CODE_TAKEN = "Bu indirim kodu zaten kullanılıyor.";
export const DATES_REVERSED = "Bitiş tarihi başlangıç tarihinden önce olamaz.";
export const PERCENT_TOO_HIGH = "Yüzde indirim en fazla 100 olabilir.";
export const FIXED_TOO_HIGH = "Sabit indirim en fazla ₺1.000,00 olabilir.";
export const LIMIT_BELOW_USES = (used: number) => `Kullanım limiti şimdiye kadarki kullanım sayısından (${used}) az olamaz.`;

/** Refusals of a code at payment (decision 035). */
export const CODE_MESSAGES = {
  unknown: "İndirim kodu bulunamadı.",
  inactive: "Bu indirim kodu aktif değil.",
  notStarted: (start: string) => `Bu indirim kodu ${start} tarihinde başlıyor.`,
  expired: "Bu indirim kodunun süresi doldu.",
  minOrder: (min: string) => `Bu indirim kodu en az ${min} tutarındaki siparişlerde geçerli.`,
  exhausted: "Bu indirim kodunun kullanım hakkı doldu.",
  oneOrder: "İndirim kodu tek bir siparişe uygulanır; lütfen yalnızca bir sipariş seçin.",
} as const;

export type DiscountState = "active" | "inactive" | "scheduled" | "expired" | "exhausted";
export const DISCOUNT_STATE_LABELS: Record<DiscountState, string> = {
  active: "Aktif",
  inactive: "Pasif",
  scheduled: "Başlamadı",
  expired: "Süresi doldu",
  exhausted: "Tükendi",
};

/** What a code is today: usable only when "active". `today` and the dates are YYYY-MM-DD in the restaurant's zone. */
export function discountState(
  d: { is_active: boolean; start_date: string; end_date: string; usage_limit: number | null; used_count: number },
  today: string,
): DiscountState {
  if (!d.is_active) return "inactive";
  if (today < d.start_date) return "scheduled";
  if (today > d.end_date) return "expired";
  if (d.usage_limit !== null && d.used_count >= d.usage_limit) return "exhausted";
  return "active";
}

/** The usage bar: used ÷ limit in percent, capped at 100 (spec section 9); null without a limit. */
export function usagePercent(used: number, limit: number | null): number | null {
  if (limit === null || limit <= 0) return null;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** "%10" or "₺50,00" */
export function formatDiscountValue(type: DiscountType, value: number, formatMoney: (n: number) => string): string {
  return type === "percentage" ? `%${value.toLocaleString("tr-TR", { maximumFractionDigits: 2 })}` : formatMoney(value);
}

/**
 * The rules between fields (the value's cap depends on the type; start ≤ end), checked by the
 * forms' schemas and again by the domain on an API edit that changes only some fields.
 */
export function crossFieldIssues(d: {
  type: DiscountType;
  value: string | number;
  start_date: string;
  end_date: string;
}): { path: "value" | "end_date"; message: string }[] {
  const issues: { path: "value" | "end_date"; message: string }[] = [];
  if (d.type === "percentage" && Number(d.value) > MAX_PERCENT) issues.push({ path: "value", message: PERCENT_TOO_HIGH });
  if (d.type === "fixed" && Number(d.value) > MAX_FIXED) issues.push({ path: "value", message: FIXED_TOO_HIGH });
  if (d.end_date < d.start_date) issues.push({ path: "end_date", message: DATES_REVERSED });
  return issues;
}
