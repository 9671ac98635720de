// House accounts, cari hesap / veresiye (issue 22, decision 087): what the screens and the API say
// and show. No zod and nothing of the server here: the page's components read it.

export const MAX_ACCOUNT_NAME = 120;
export const MAX_ACCOUNT_PHONE = 20;
export const MAX_ACCOUNT_NOTE = 200;
export const MAX_MOVEMENT_NOTE = 200;
/** Open accounts per restaurant: the page lists them all and the cashier's picker offers them all. */
export const MAX_OPEN_ACCOUNTS = 500;
/** One movement's amount (a bill, a payment, a correction). */
export const MAX_MOVEMENT_AMOUNT = 999_999.99;
export const MAX_CREDIT_LIMIT = 9_999_999.99;
/** What an account may owe at most (the column holds far more; this keeps a typo from making it absurd). */
export const MAX_BALANCE = 99_999_999.99;
/** A statement lists at most this many movements (the latest of its period); its totals count them all. */
export const MAX_STATEMENT_ROWS = 500;

export const ACCOUNT_NOT_FOUND = "Cari hesap bulunamadı.";
export const ACCOUNT_CLOSED = "Bu cari hesap kapatılmış; üzerinde işlem yapılamaz.";
export const ACCOUNT_NAME_TAKEN = "Bu adla açık bir cari hesap zaten var.";
export const STALE_ACCOUNT_EDIT = "Bu cari hesap siz düzenlerken değişti. Güncel hâli gösteriliyor; değişikliğinizi yeniden yapın.";
export const TOO_MANY_ACCOUNTS = `En fazla ${MAX_OPEN_ACCOUNTS} açık cari hesap olabilir; kullanılmayanları kapatın.`;
export const KEY_REUSED = "Bu işlem anahtarı (key) başka bir hareket için kullanıldı.";
export const ADJUSTMENT_NOTE_REQUIRED = "Düzeltmenin nedenini açıklama olarak yazın.";

export type MovementKind = "charge" | "payment" | "adjustment";
export type AccountPaymentMethod = "cash" | "card";
export const ACCOUNT_PAYMENT_METHODS = ["cash", "card"] as const satisfies readonly AccountPaymentMethod[];

export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  charge: "Hesaba yazıldı",
  payment: "Tahsilat",
  adjustment: "Düzeltme",
};
export const ACCOUNT_PAYMENT_METHOD_LABELS: Record<AccountPaymentMethod, string> = { cash: "Nakit", card: "Kart" };

/** An account as the API and the page show it. */
export interface AccountDto {
  id: number;
  name: string;
  phone: string | null;
  /** What may be charged without a manager's approval (0: nothing). */
  credit_limit: number;
  /** What the customer owes (positive: owes). */
  balance: number;
  note: string | null;
  /** Send it back with an edit: an edit based on an older version is refused (409). */
  version: number;
  created_at: string;
  updated_at: string;
  /** Closed accounts keep their statement; nothing more can be written to them. */
  closed_at: string | null;
}

/** One movement of a statement, with the balance right after it. */
export interface MovementDto {
  id: number;
  kind: MovementKind;
  /** Signed as it changed the balance: a charge +, a payment −, a correction either way. */
  amount: number;
  balance_after: number;
  method: AccountPaymentMethod | null;
  note: string | null;
  table_number: number | null;
  order_ids: number[];
  created_by_name: string;
  created_at: string;
}

export interface StatementDto {
  account: AccountDto;
  /** The period's days (YYYY-MM-DD, the restaurant's), null when open-ended. */
  from: string | null;
  to: string | null;
  /** What was owed when the period began. */
  opening_balance: number;
  /** What was owed when it ended (opening + charges − payments + adjustments). */
  closing_balance: number;
  totals: { charges: number; payments: number; adjustments: number; count: number };
  /** Oldest first; with `truncated`, only the period's latest MAX_STATEMENT_ROWS. */
  movements: MovementDto[];
  truncated: boolean;
}

/** What a payment or a correction answers: the movement recorded and the account after it. */
export interface MovementResult {
  movement: MovementDto;
  account: AccountDto;
  /** True when this answered a repeat of the same key (nothing new was recorded). */
  replayed: boolean;
}

/** An open account as the cashier's "hesaba yaz" picker offers it. */
export interface PaymentPickerAccount {
  id: number;
  name: string;
  balance: number;
  credit_limit: number;
}
