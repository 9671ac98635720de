// Discount codes: the manager's list and forms, and the code a cashier applies at payment.
// Every function takes the restaurant from the session first. A use is counted inside the
// payment's transaction with one conditional UPDATE, so a single-use code given to two
// payments at once is used once and the other payment is refused (409) and not taken.
import { Prisma } from "~/generated/prisma/client";
import { prisma, type SqlTx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DEFAULT_TIME_ZONE, localDay } from "~/utils/dates";
import { DomainError } from "~/utils/domain-error";
import { formatMoney, toMoney } from "~/utils/money";
import {
  CODE_MESSAGES,
  CODE_TAKEN,
  crossFieldIssues,
  discountState,
  LIMIT_BELOW_USES,
  NOT_FOUND,
  STALE,
  usagePercent,
  type DiscountState,
  type DiscountType,
} from "./rules";
import type { CreateDiscountInput, UpdateDiscountInput } from "./schemas";

/** A refusal, optionally on one form field (pageAction shows it there). */
export class DiscountError extends DomainError {
  constructor(
    status: 400 | 404 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(status, message);
  }
}

const select = {
  id: true,
  name: true,
  type: true,
  value: true,
  code: true,
  minOrderAmount: true,
  usageLimit: true,
  usedCount: true,
  startDate: true,
  endDate: true,
  isActive: true,
  version: true,
  createdAt: true,
  updatedAt: true,
} as const;
type Row = Prisma.DiscountGetPayload<{ select: typeof select }>;

/** The API's shape (the spec's snake_case fields) and the screen's. */
export interface DiscountView {
  id: number;
  name: string;
  type: DiscountType;
  value: number;
  code: string;
  min_order_amount: number;
  /** null: no limit. */
  usage_limit: number | null;
  used_count: number;
  /** Calendar days (YYYY-MM-DD) in the restaurant's time zone, both included. */
  start_date: string;
  end_date: string;
  is_active: boolean;
  /** What the code is today: only "active" is accepted at payment. */
  state: DiscountState;
  /** used ÷ limit in percent, capped at 100; null without a limit. */
  usage_percentage: number | null;
  /** Send it back with an edit: an edit based on an older version is refused (409). */
  version: number;
  created_at: string;
  updated_at: string;
}

/** A DATE column's value (UTC midnight) as YYYY-MM-DD. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const dateOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
const today = (timeZone: string, now: Date) => localDay(now, timeZone).date;

function toView(row: Row, todayIs: string): DiscountView {
  const base = {
    is_active: row.isActive,
    start_date: dayOf(row.startDate),
    end_date: dayOf(row.endDate),
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
  };
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    value: toMoney(row.value),
    code: row.code,
    min_order_amount: toMoney(row.minOrderAmount),
    ...base,
    state: discountState(base, todayIs),
    usage_percentage: usagePercent(row.usedCount, row.usageLimit),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface DiscountStats {
  /** Codes switched on (whatever their dates). */
  active_codes: number;
  /** Uses of the codes that exist now. */
  total_uses: number;
  /** What codes really took off payments (deleted codes' payments included): SUM(payments.discountAmount). */
  total_savings: number;
  /** Payments that carried a code. */
  discounted_payments: number;
}

/** The restaurant's discounts, newest first. */
export async function listDiscounts(restaurantId: number, timeZone = DEFAULT_TIME_ZONE, now = new Date()): Promise<DiscountView[]> {
  const rows = await prisma.discount.findMany({ where: { restaurantId }, select, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const day = today(timeZone, now);
  return rows.map((r) => toView(r, day));
}

export async function discountStats(restaurantId: number): Promise<DiscountStats> {
  const [codes, payments] = await Promise.all([
    prisma.discount.aggregate({ where: { restaurantId }, _sum: { usedCount: true } }).then(async (a) => ({
      uses: a._sum.usedCount ?? 0,
      active: await prisma.discount.count({ where: { restaurantId, isActive: true } }),
    })),
    prisma.payment.aggregate({
      where: { restaurantId, discountAmount: { gt: 0 } },
      _sum: { discountAmount: true },
      _count: { _all: true },
    }),
  ]);
  return {
    active_codes: codes.active,
    total_uses: codes.uses,
    total_savings: toMoney(payments._sum.discountAmount ?? new Prisma.Decimal(0)),
    discounted_payments: payments._count._all,
  };
}

export async function getDiscount(restaurantId: number, id: number, timeZone = DEFAULT_TIME_ZONE, now = new Date()): Promise<DiscountView> {
  const row = await prisma.discount.findFirst({ where: { id, restaurantId }, select });
  if (!row) throw new DiscountError(404, NOT_FOUND);
  return toView(row, today(timeZone, now));
}

/**
 * Creates a discount. A repeat with the same key returns the first one (replayed), even when the
 * two arrive together: the unique (restaurantId, createKey) lets one insert win. A code already
 * used in this restaurant is refused (409, on the code field).
 */
export async function createDiscount(
  restaurantId: number,
  input: Omit<CreateDiscountInput, "client_id">,
  createKey: string | undefined,
  timeZone = DEFAULT_TIME_ZONE,
): Promise<{ discount: DiscountView; replayed: boolean }> {
  const day = today(timeZone, new Date());
  const replay = async () => {
    if (!createKey) return null;
    const row = await prisma.discount.findUnique({ where: { restaurantId_createKey: { restaurantId, createKey } }, select });
    return row ? { discount: toView(row, day), replayed: true } : null;
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    const row = await prisma.discount.create({
      data: {
        restaurantId,
        name: input.name,
        type: input.type,
        value: input.value,
        code: input.code,
        minOrderAmount: input.min_order_amount,
        usageLimit: input.usage_limit,
        startDate: dateOf(input.start_date),
        endDate: dateOf(input.end_date),
        isActive: input.is_active,
        createKey: createKey ?? null,
      },
      select,
    });
    return { discount: toView(row, day), replayed: false };
  } catch (error) {
    // Two submits of one form collide on the key or on the code, whichever index MariaDB checks first.
    if (isUniqueViolation(error, "createKey") || isUniqueViolation(error, "code")) {
      const first = await replay();
      if (first) return first;
    }
    if (isUniqueViolation(error, "code")) throw new DiscountError(409, CODE_TAKEN, "code");
    throw error;
  }
}

/**
 * Edits a discount under its row lock: the fields given change, the rules between fields are
 * checked on the result. With `version`, an edit based on an older version is refused (409)
 * unless it asks for what the discount already is (a double submit). The used count is never
 * edited; a limit below it is refused.
 */
export async function updateDiscount(
  restaurantId: number,
  id: number,
  input: UpdateDiscountInput,
  timeZone = DEFAULT_TIME_ZONE,
): Promise<DiscountView> {
  const day = today(timeZone, new Date());
  try {
    return await prisma.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<
        { id: number }[]
      >`SELECT id FROM discounts WHERE id = ${id} AND restaurantId = ${restaurantId} FOR UPDATE`;
      if (locked.length === 0) throw new DiscountError(404, NOT_FOUND);
      const row = await tx.discount.findUniqueOrThrow({ where: { id }, select });
      const next = {
        name: input.name ?? row.name,
        type: input.type ?? row.type,
        value: input.value ?? row.value.toString(),
        code: input.code ?? row.code,
        min_order_amount: input.min_order_amount ?? row.minOrderAmount.toString(),
        usage_limit: input.usage_limit === undefined ? row.usageLimit : input.usage_limit,
        start_date: input.start_date ?? dayOf(row.startDate),
        end_date: input.end_date ?? dayOf(row.endDate),
        is_active: input.is_active ?? row.isActive,
      };
      const unchanged =
        next.name === row.name &&
        next.type === row.type &&
        row.value.equals(next.value) &&
        next.code === row.code &&
        row.minOrderAmount.equals(next.min_order_amount) &&
        next.usage_limit === row.usageLimit &&
        next.start_date === dayOf(row.startDate) &&
        next.end_date === dayOf(row.endDate) &&
        next.is_active === row.isActive;
      if (unchanged) return toView(row, day);
      if (input.version !== undefined && input.version !== row.version) throw new DiscountError(409, STALE);
      const [issue] = crossFieldIssues(next);
      if (issue) throw new DiscountError(400, issue.message, issue.path);
      if (next.usage_limit !== null && next.usage_limit < row.usedCount) {
        throw new DiscountError(409, LIMIT_BELOW_USES(row.usedCount), "usage_limit");
      }
      const updated = await tx.discount.update({
        where: { id },
        data: {
          name: next.name,
          type: next.type,
          value: next.value,
          code: next.code,
          minOrderAmount: next.min_order_amount,
          usageLimit: next.usage_limit,
          startDate: dateOf(next.start_date),
          endDate: dateOf(next.end_date),
          isActive: next.is_active,
          version: { increment: 1 },
        },
        select,
      });
      return toView(updated, day);
    });
  } catch (error) {
    if (isUniqueViolation(error, "code")) throw new DiscountError(409, CODE_TAKEN, "code");
    throw error;
  }
}

/**
 * Deletes a discount. Payments it was applied to keep their code and amount (their discountId
 * becomes NULL), so reports and the savings figure still count them. Another restaurant's id,
 * or one deleted already, is 404.
 */
export async function deleteDiscount(restaurantId: number, id: number): Promise<void> {
  const { count } = await prisma.discount.deleteMany({ where: { id, restaurantId } });
  if (count === 0) throw new DiscountError(404, NOT_FOUND);
}

// ---------------------------------------------------------------------------
// At payment
// ---------------------------------------------------------------------------

const codeSelect = {
  id: true,
  code: true,
  type: true,
  value: true,
  minOrderAmount: true,
  usageLimit: true,
  usedCount: true,
  startDate: true,
  endDate: true,
  isActive: true,
} as const;
type CodeRow = Prisma.DiscountGetPayload<{ select: typeof codeSelect }>;

export interface AppliedDiscount {
  discountId: number;
  code: string;
  /** What the code takes off the order's total (never more than the total). */
  amount: Prisma.Decimal;
}

/**
 * What a code takes off `total`, or the refusal. A percentage is rounded to the kuruş, half up
 * (10 % of 33.35 is 3.34; decision 035); a fixed amount larger than the total takes the total.
 */
function evaluate(row: CodeRow | undefined, total: Prisma.Decimal, todayIs: string): AppliedDiscount {
  if (!row) throw new DiscountError(400, CODE_MESSAGES.unknown, "discount_code");
  const start = dayOf(row.startDate);
  const state = discountState(
    { is_active: row.isActive, start_date: start, end_date: dayOf(row.endDate), usage_limit: row.usageLimit, used_count: row.usedCount },
    todayIs,
  );
  if (state === "inactive") throw new DiscountError(400, CODE_MESSAGES.inactive, "discount_code");
  if (state === "scheduled") throw new DiscountError(400, CODE_MESSAGES.notStarted(start.split("-").reverse().join(".")), "discount_code");
  if (state === "expired") throw new DiscountError(400, CODE_MESSAGES.expired, "discount_code");
  if (state === "exhausted") throw new DiscountError(409, CODE_MESSAGES.exhausted, "discount_code");
  if (total.lessThan(row.minOrderAmount))
    throw new DiscountError(400, CODE_MESSAGES.minOrder(formatMoney(toMoney(row.minOrderAmount))), "discount_code");
  const value = row.value;
  const raw = row.type === "percentage" ? total.mul(value).div(100).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP) : value;
  return { discountId: row.id, code: row.code, amount: Prisma.Decimal.min(raw, total) };
}

const timeZoneOf = async (db: SqlTx, restaurantId: number) => {
  const [r] = await db.$queryRaw<{ timezone: string }[]>`SELECT timezone FROM restaurants WHERE id = ${restaurantId}`;
  return r?.timezone ?? DEFAULT_TIME_ZONE;
};

/** Checks a code against an order total without using it (the payment screen's confirmation). */
export async function previewDiscount(
  restaurantId: number,
  code: string,
  total: Prisma.Decimal | number,
  now = new Date(),
): Promise<AppliedDiscount> {
  const [row, timeZone] = await Promise.all([
    prisma.discount.findUnique({ where: { restaurantId_code: { restaurantId, code } }, select: codeSelect }),
    timeZoneOf(prisma, restaurantId),
  ]);
  return evaluate(row ?? undefined, new Prisma.Decimal(total), today(timeZone, now));
}

/**
 * Uses a code for a payment, inside the payment's transaction: the code's row is locked, checked
 * (this restaurant's, active, within its days, minimum order), and its use counted by a
 * conditional UPDATE that fails when no use is left, which refuses the payment (409).
 */
export async function redeemDiscount(
  tx: SqlTx,
  restaurantId: number,
  code: string,
  total: Prisma.Decimal,
  now: Date,
): Promise<AppliedDiscount> {
  // The row's lock and its columns in one read (the dates as text: a DATE is a day, not an instant).
  const [locked] = await tx.$queryRaw<
    (Omit<CodeRow, "startDate" | "endDate" | "isActive"> & { startDay: string; endDay: string; isActive: number | boolean })[]
  >`
    SELECT id, code, type, value, minOrderAmount, usageLimit, usedCount, isActive,
      DATE_FORMAT(startDate, '%Y-%m-%d') AS startDay, DATE_FORMAT(endDate, '%Y-%m-%d') AS endDay
    FROM discounts WHERE restaurantId = ${restaurantId} AND code = ${code} FOR UPDATE`;
  const timeZone = await timeZoneOf(tx, restaurantId);
  const row: CodeRow | undefined = locked && {
    id: locked.id,
    code: locked.code,
    type: locked.type,
    value: new Prisma.Decimal(locked.value),
    minOrderAmount: new Prisma.Decimal(locked.minOrderAmount),
    usageLimit: locked.usageLimit,
    usedCount: locked.usedCount,
    isActive: Boolean(Number(locked.isActive)),
    startDate: dateOf(locked.startDay),
    endDate: dateOf(locked.endDay),
  };
  const applied = evaluate(row, total, today(timeZone, now));
  const counted = await tx.$executeRaw`
    UPDATE discounts SET usedCount = usedCount + 1, updatedAt = ${now}
    WHERE id = ${applied.discountId} AND restaurantId = ${restaurantId} AND (usageLimit IS NULL OR usedCount < usageLimit)`;
  if (counted === 0) throw new DiscountError(409, CODE_MESSAGES.exhausted, "discount_code");
  return applied;
}
