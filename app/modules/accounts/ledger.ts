// The rules of a house account's balance (decision 087), in DECIMAL to the kuruş. Pure (no
// database): accounts.server.ts applies them under the account's row lock, to the balance that
// lock read. Each answers the Turkish refusal, or null when the movement may be recorded.
import { Prisma } from "~/generated/prisma/client";
import { formatMoney, toMoney } from "~/utils/money";
import { MAX_BALANCE } from "./accounts";

type DecimalValue = Prisma.Decimal | string | number;
const D = (v: DecimalValue) => new Prisma.Decimal(v);
const lira = (v: DecimalValue) => formatMoney(toMoney(D(v)));

export const OVER_BALANCE_LIMIT = `Bakiye en fazla ${lira(MAX_BALANCE)} olabilir.`;

/**
 * Hesaba yaz: the balance after it may not pass the credit limit unless a manager approved it
 * (a limit of 0 allows nothing without approval), nor the ceiling of any balance.
 */
export function chargeRefusal(balance: DecimalValue, amount: DecimalValue, limit: DecimalValue, approved: boolean): string | null {
  const after = D(balance).add(amount);
  if (after.greaterThan(MAX_BALANCE)) return OVER_BALANCE_LIMIT;
  if (approved || after.lessThanOrEqualTo(limit)) return null;
  return `Kredi limiti aşılıyor: bakiye ${lira(balance)} + ${lira(amount)} = ${lira(after)}, limit ${lira(limit)}. Yönetici onayı gerekir.`;
}

/**
 * A payment received may not be more than is owed: the account records debts, not advances
 * (an over-payment is a mistyped amount far more often than a deposit).
 */
export function paymentRefusal(balance: DecimalValue, amount: DecimalValue): string | null {
  if (D(amount).lessThanOrEqualTo(balance)) return null;
  return D(balance).lessThanOrEqualTo(0)
    ? "Ödeme bakiyeden fazla: bu hesabın borcu yok."
    : `Ödeme bakiyeden fazla: bakiye ${lira(balance)}, ödeme ${lira(amount)}.`;
}

/** A correction may go either way, but never below 0 (no advances) nor over the ceiling. */
export function adjustmentRefusal(balance: DecimalValue, amount: DecimalValue): string | null {
  const after = D(balance).add(amount);
  if (after.isNegative()) return `Düzeltme bakiyeyi 0'ın altına indiremez: bakiye ${lira(balance)}, düzeltme ${lira(amount)}.`;
  if (after.greaterThan(MAX_BALANCE)) return OVER_BALANCE_LIMIT;
  return null;
}

/** Closing is for settled accounts only. */
export function closeRefusal(balance: DecimalValue): string | null {
  return D(balance).isZero() ? null : `Bakiyesi ${lira(balance)} olan hesap kapatılamaz; önce bakiyeyi sıfırlayın.`;
}

const ORDER_IDS_MAX = 255;

/**
 * A charge's orders as the column keeps them ("12,15,18"), unique and in order; past the column's
 * 255 characters the list ends with ",…" rather than refusing a bill that has many orders.
 */
export function orderIdsText(ids: readonly number[]): string | null {
  const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))].sort((a, b) => a - b);
  if (unique.length === 0) return null;
  let text = "";
  for (const id of unique) {
    const next = text === "" ? String(id) : `${text},${id}`;
    if (next.length > ORDER_IDS_MAX - 2) return `${text},…`;
    text = next;
  }
  return text;
}

/** The order ids a charge names (the ",…" of a long list dropped). */
export function parseOrderIds(text: string | null): number[] {
  if (!text) return [];
  return text
    .split(",")
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}

/** Two names of one open account? Compared the Turkish way, ignoring case and repeated spaces. */
export function sameAccountName(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLocaleLowerCase("tr");
  return norm(a) === norm(b);
}
