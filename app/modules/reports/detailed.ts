// The detailed reports' fixed lists, labels, messages, shapes and calendar periods: shared by the
// schemas, the domain, the CSV and the screen (no zod, no server code here: the page imports it).
import { zonedMidnight, zonedParts } from "~/utils/dates";

export const REPORT_TYPES = ["sales", "inventory", "staff"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  sales: "Satış Raporu",
  inventory: "Stok Raporu",
  staff: "Personel Raporu",
};

export const REPORT_PERIODS = ["daily", "weekly", "monthly", "yearly"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  daily: "Günlük",
  weekly: "Haftalık",
  monthly: "Aylık",
  yearly: "Yıllık",
};

export const BAD_TYPE = "Rapor türü şunlardan biri olmalıdır: sales, inventory, staff.";
export const BAD_PERIOD = "Dönem şunlardan biri olmalıdır: daily, weekly, monthly, yearly.";
export const LOAD_FAILED = "Rapor oluşturulurken bir hata oluştu";
export const LOW_STOCK_STATUS = "Kritik";
/** How the staff report labels a deleted account's row (decision 027: deleted accounts keep their history). */
export const DELETED_ACCOUNT = "Silinmiş hesap";
/** Top-selling items shown (and returned by the API). */
export const TOP_ITEMS = 10;
/** Newest stock movements of the period shown on the page and returned by the API (the count covers all). */
export const MOVEMENTS_SHOWN = 50;

export const isReportType = (v: unknown): v is ReportType => (REPORT_TYPES as readonly unknown[]).includes(v);
export const isReportPeriod = (v: unknown): v is ReportPeriod => (REPORT_PERIODS as readonly unknown[]).includes(v);

export interface PeriodRange {
  period: ReportPeriod;
  /** First instant of the period and the first instant after it (UTC). */
  start: Date;
  end: Date;
  /** The period's first and last local dates, YYYY-MM-DD. */
  from: string;
  to: string;
  /** "23 Kasım 2026", "23 – 29 Kasım 2026", "Kasım 2026", "2026". */
  label: string;
}

const ymd = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(date.getUTCDate()).padStart(2, "0")}`;
};

const MONTHS = ["Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim", "Kasım", "Aralık"];

function dayLabel(date: string) {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return { y, m, d, text: `${d} ${MONTHS[m - 1]} ${y}` };
}

/**
 * The calendar period containing `now` in the restaurant's time zone: today, this ISO week
 * (Monday to Sunday), this month or this year, as [start, end) instants.
 */
export function reportPeriod(period: ReportPeriod, now: Date, timeZone: string): PeriodRange {
  const { year, month, day } = zonedParts(now, timeZone);
  let first: [number, number, number];
  let next: [number, number, number];
  switch (period) {
    case "daily":
      first = [year, month, day];
      next = [year, month, day + 1];
      break;
    case "weekly": {
      const fromMonday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
      first = [year, month, day - fromMonday];
      next = [year, month, day - fromMonday + 7];
      break;
    }
    case "monthly":
      first = [year, month, 1];
      next = [year, month + 1, 1];
      break;
    case "yearly":
      first = [year, 1, 1];
      next = [year + 1, 1, 1];
      break;
  }
  const from = ymd(...first);
  const to = ymd(next[0], next[1], next[2] - 1);
  const a = dayLabel(from);
  const b = dayLabel(to);
  const label =
    period === "daily"
      ? a.text
      : period === "weekly"
        ? a.y !== b.y
          ? `${a.text} – ${b.text}`
          : a.m !== b.m
            ? `${a.d} ${MONTHS[a.m - 1]} – ${b.text}`
            : `${a.d} – ${b.text}`
        : period === "monthly"
          ? `${MONTHS[month - 1]} ${year}`
          : String(year);
  return { period, start: zonedMidnight(...first, timeZone), end: zonedMidnight(...next, timeZone), from, to, label };
}

// --- The API's shapes (the spec's field names, with what Sofra adds) -------------------------

export interface SalesReport {
  /** Sum of payments.amount: what was charged, after discounts. */
  total_revenue: number;
  /** Paid orders. */
  total_orders: number;
  average_order_value: number;
  /** Units on paid orders, without ikram (free) lines. */
  total_items_sold: number;
  /** Sum of payments.discountAmount, and how many payments had a discount. */
  total_discounts: number;
  discounted_orders: number;
  /** By units sold; revenue is the lines' total before an order's discount code. */
  top_selling_items: { name: string; quantity: number; revenue: number }[];
  /** 24 local hours, 0–23. */
  hourly_breakdown: { hour: number; revenue: number; orders: number }[];
  /**
   * Cash, card, then each meal card apart (decision 083: method meal_card, meal_card its name,
   * label "Yemek kartı · Multinet"), those with payments in the period, by amount; the amounts add
   * up to total_revenue.
   */
  payment_methods: {
    method: "cash" | "card" | "meal_card" | "house_account";
    meal_card: string | null;
    label: string;
    count: number;
    amount: number;
  }[];
}

export interface InventoryReport {
  /** Stock items not deleted. */
  total_items: number;
  /** Sum of currentStock × costPerUnit of those items. */
  total_value: number;
  low_stock_count: number;
  low_stock_items: { id: number; name: string; current_stock: number; min_stock: number; unit: string; status: string }[];
  stock_movements: {
    /** Movements of the period, all of them. */
    count: number;
    by_reason: { reason: string; label: string; count: number }[];
    /** The newest ones (at most MOVEMENTS_SHOWN). */
    recent: {
      id: number;
      item: string;
      unit: string;
      change: number;
      level: number;
      reason: string;
      reason_label: string;
      note: string | null;
      user_name: string;
      created_at: string;
    }[];
  };
}

export interface StaffReport {
  /** The restaurant's accounts today (the owner included), deleted ones apart. */
  total_staff: number;
  /** Of those, the ones that took an order or a payment in the period. */
  active_staff: number;
  /** Deleted accounts whose work falls in the period: listed (active false), never counted as staff. */
  deleted_staff: number;
  /**
   * Per account (and per name for orders without one): paid orders it took and their payments
   * (orders_served, total_sales), payments it took itself (payments_taken, payments_amount).
   */
  staff_performance: {
    user_id: number | null;
    name: string;
    role: string | null;
    role_label: string | null;
    active: boolean | null;
    orders_served: number;
    total_sales: number;
    payments_taken: number;
    payments_amount: number;
  }[];
}

export interface DetailedReportBase {
  type: ReportType;
  period: ReportPeriod;
  period_label: string;
  period_start: string;
  period_end: string;
  /** First and last local dates of the period. */
  from: string;
  to: string;
  time_zone: string;
  generated_at: string;
}

export type DetailedReport =
  | (DetailedReportBase & { type: "sales"; sales: SalesReport })
  | (DetailedReportBase & { type: "inventory"; inventory: InventoryReport })
  | (DetailedReportBase & { type: "staff"; staff: StaffReport });

/** The CSV's file name: sofra-satis-raporu-aylik-2026-11-01.csv */
export function exportFileName(type: ReportType, range: PeriodRange): string {
  const t = { sales: "satis", inventory: "stok", staff: "personel" }[type];
  const p = { daily: "gunluk", weekly: "haftalik", monthly: "aylik", yearly: "yillik" }[range.period];
  return `sofra-${t}-raporu-${p}-${range.from}.csv`;
}
