// Gün sonu (issue 22, decision 088): the manager closes the business day. A close counts every
// payment and void or ikram that no close has counted yet (dayCloseId NULL) and stamps them with
// its id, so nothing is counted twice or lost: one committed a moment after the close, or taken
// after it on the same night, is in the next close ("önceki günlerden"). Its figures are stored as
// they were (JSON) and never recomputed. Open tables block it until paid, moved or cancelled.
import { Prisma } from "~/generated/prisma/client";
import type { PaymentType } from "~/generated/prisma/enums";
import type { Actor } from "~/modules/auth/actor";
import { nudgeJobWorker } from "~/modules/jobs/jobs.server";
import { enqueueMail } from "~/modules/mail/jobs.server";
import { enqueueReportRollups } from "~/modules/reports/jobs.server";
import { kdvPerRate } from "~/modules/payments/bill.server";
import { paymentMethodLabel } from "~/modules/payments/meal-cards";
import { TAKE_AWAY_REASON_LABELS, type TakeAwayReason } from "~/modules/orders/rules";
import { prisma, type Tx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";
import {
  ALREADY_CLOSED_NOW,
  alreadyClosed,
  CARRY_OVER_NOTE,
  DATE_TODAY_OR_YESTERDAY,
  LATER_DAY_CLOSED,
  businessDay,
  closeText,
  dateText,
  OPEN_TABLES,
  type DayFigures,
  type OpenTable,
  type TakeAwayLine,
} from "./rules";

const D = (v: Prisma.Decimal | string | number | null | undefined) => new Prisma.Decimal(v ?? 0);
const sum = (values: Prisma.Decimal[]) => values.reduce((a, b) => a.add(b), D(0));
/** Stamping in slices: a long IN list is one statement per this many rows. */
const STAMP_SLICE = 1000;
/** Within this many hours after the business day began, the close offers yesterday's first. */
const EARLY_HOURS = 6;
/** Ids listed for bills without a fiscal document (the count is whole). */
const MAX_LISTED = 50;

export interface DayCloseDto {
  id: number;
  business_date: string;
  closed_at: string;
  closed_by: string;
  note: string | null;
  figures: DayFigures;
  replayed?: boolean;
}

/** What the close screen shows before closing: the figures so far, the open tables, the business day. */
export interface DayPreview {
  business_date: string;
  /** The business days a close may name now (oldest first): yesterday's while it is not closed, and today's. */
  closable_dates: string[];
  /** The one offered first: yesterday's in the first hours of a day (a bar closing its night), else today's. */
  default_date: string | null;
  already_closed: boolean;
  open_tables: OpenTable[];
  figures: DayFigures;
}

interface Setup {
  name: string;
  timezone: string;
  dayStartHour: number;
  taxRate: Prisma.Decimal;
}

const setupOf = (db: Tx | typeof prisma, restaurantId: number) =>
  db.restaurant.findUniqueOrThrow({
    where: { id: restaurantId },
    select: { name: true, timezone: true, dayStartHour: true, taxRate: true },
  });

interface PaymentRow {
  id: number;
  orderId: number;
  method: PaymentType;
  mealCard: string | null;
  amount: Prisma.Decimal;
  serviceCharge: Prisma.Decimal;
  discountAmount: Prisma.Decimal;
  discountCode: string | null;
  tip: Prisma.Decimal;
  closesOrder: number | boolean;
  fiscalNumber: string | null;
  paidAt: Date;
  waiterName: string;
  guests: number | null;
}

interface EventRow {
  id: number;
  kind: "void" | "complimentary";
  menuItemName: string;
  quantity: number;
  amount: Prisma.Decimal;
  reason: TakeAwayReason;
  note: string | null;
  userName: string;
}

/** What no close has counted yet: payments (with their order's waiter and guests) and voids/ikram. */
async function uncounted(db: Tx | typeof prisma, restaurantId: number) {
  const [payments, events] = await Promise.all([
    db.$queryRaw<PaymentRow[]>`
      SELECT p.id, p.orderId, p.method, p.mealCard, p.amount, p.serviceCharge, p.discountAmount, p.discountCode, p.tip, p.closesOrder,
        p.fiscalNumber, p.paidAt, o.waiterName, o.guests
      FROM payments p JOIN orders o ON o.id = p.orderId
      WHERE p.restaurantId = ${restaurantId} AND p.dayCloseId IS NULL ORDER BY p.id`,
    db.$queryRaw<EventRow[]>`
      SELECT id, kind, menuItemName, quantity, amount, reason, note, userName FROM order_events
      WHERE restaurantId = ${restaurantId} AND dayCloseId IS NULL ORDER BY id`,
  ]);
  return { payments, events };
}

/** The tables still owing (active orders), which block the close. */
async function openTables(db: Tx | typeof prisma, restaurantId: number): Promise<OpenTable[]> {
  const rows = await db.$queryRaw<{ number: number; remaining: Prisma.Decimal }[]>`
    SELECT tableNumber AS number, SUM(totalAmount - paidLines) AS remaining FROM orders
    WHERE restaurantId = ${restaurantId} AND status = 'active' GROUP BY tableNumber ORDER BY tableNumber`;
  return rows.map((r) => ({ number: Number(r.number), remaining: toMoney(D(r.remaining)) }));
}

/** KDV of the orders these payments closed: their lines per category rate, their discounts and service charge. */
async function kdvOfClosed(db: Tx | typeof prisma, restaurantId: number, orderIds: number[], taxRate: Prisma.Decimal) {
  if (orderIds.length === 0) return [];
  const [lines, paid] = await Promise.all([
    db.$queryRaw<{ totalPrice: Prisma.Decimal; kdvRate: Prisma.Decimal | null }[]>`
      SELECT i.totalPrice, c.kdvRate FROM order_items i
      LEFT JOIN menu_items m ON m.id = i.menuItemId
      LEFT JOIN menu_categories c ON c.restaurantId = m.restaurantId AND c.\`key\` = m.category
      WHERE i.orderId IN (${Prisma.join(orderIds)})`,
    db.$queryRaw<{ discounts: Prisma.Decimal | null; service: Prisma.Decimal | null }[]>`
      SELECT SUM(discountAmount) AS discounts, SUM(serviceCharge) AS service FROM payments
      WHERE restaurantId = ${restaurantId} AND orderId IN (${Prisma.join(orderIds)})`,
  ]);
  const bases = new Map<string, Prisma.Decimal>();
  for (const l of lines) {
    const rate = D(l.kdvRate ?? taxRate).toFixed(2);
    bases.set(rate, (bases.get(rate) ?? D(0)).add(l.totalPrice));
  }
  return kdvPerRate(bases, D(paid[0]?.discounts), D(paid[0]?.service), taxRate);
}

/** The account receipts (tahsilat) not yet counted, by method (decision 087's movements). */
async function accountReceipts(db: Tx | typeof prisma, restaurantId: number, from: Date, to: Date) {
  const rows = await db.$queryRaw<{ method: string | null; amount: Prisma.Decimal }[]>`
    SELECT method, -SUM(amount) AS amount FROM house_account_movements
    WHERE restaurantId = ${restaurantId} AND kind = 'payment' AND createdAt >= ${from} AND createdAt < ${to}
    GROUP BY method`;
  return rows
    .filter((r) => r.method)
    .map((r) => ({ method: r.method!, label: r.method === "cash" ? "Nakit" : "Kart", amount: toMoney(D(r.amount)) }));
}

function takeAwayLines(events: EventRow[], kind: EventRow["kind"]): TakeAwayLine[] {
  return events
    .filter((e) => e.kind === kind)
    .map((e) => ({
      name: e.menuItemName,
      quantity: e.quantity,
      amount: toMoney(D(e.amount)),
      reason: e.reason,
      reason_label: TAKE_AWAY_REASON_LABELS[e.reason] ?? e.reason,
      note: e.note,
      by: e.userName,
    }));
}

/** The figures of what no close has counted yet, from `from` to `to` (the close's moment). */
async function figuresNow(
  db: Tx | typeof prisma,
  restaurantId: number,
  setup: Setup,
  from: Date,
  to: Date,
  counted: Prisma.Decimal | null,
  data?: Awaited<ReturnType<typeof uncounted>>,
  date?: string,
): Promise<{ figures: DayFigures; paymentIds: number[]; eventIds: number[] }> {
  const current = businessDay(to, setup.timezone, setup.dayStartHour);
  // Yesterday's business day closed after the day changed: counted from yesterday's start.
  const day =
    date && date !== current.date ? businessDay(new Date(current.start.getTime() - 1), setup.timezone, setup.dayStartHour) : current;
  const { payments, events } = data ?? (await uncounted(db, restaurantId));
  const closed = payments.filter((p) => Boolean(p.closesOrder));
  const methods = new Map<string, { method: PaymentType; mealCard: string | null; amount: Prisma.Decimal; count: number }>();
  for (const p of payments) {
    const key = `${p.method}:${p.mealCard ?? ""}`;
    const m = methods.get(key) ?? { method: p.method, mealCard: p.mealCard, amount: D(0), count: 0 };
    m.amount = m.amount.add(p.amount);
    m.count += 1;
    methods.set(key, m);
  }
  const tips = new Map<string, Prisma.Decimal>();
  for (const p of payments) if (D(p.tip).gt(0)) tips.set(p.waiterName, (tips.get(p.waiterName) ?? D(0)).add(p.tip));
  const codes = new Map<string, { count: number; amount: Prisma.Decimal }>();
  for (const p of payments) {
    if (!p.discountCode || D(p.discountAmount).lte(0)) continue;
    const c = codes.get(p.discountCode) ?? { count: 0, amount: D(0) };
    c.count += 1;
    c.amount = c.amount.add(p.discountAmount);
    codes.set(p.discountCode, c);
  }
  // A bill has its fiscal document when any of its payments carries one (one receipt per bill).
  const fiscalOrders = new Set(payments.filter((p) => p.fiscalNumber).map((p) => p.orderId));
  const withoutFiscal = closed.filter((p) => !fiscalOrders.has(p.orderId)).map((p) => p.orderId);
  const revenue = sum(payments.map((p) => D(p.amount)));
  const covers = closed.reduce((n, p) => n + (p.guests ?? 0), 0);
  const voids = takeAwayLines(events, "void");
  const comps = takeAwayLines(events, "complimentary");
  const cashIn = sum(payments.filter((p) => p.method === "cash").map((p) => D(p.amount).add(p.tip)));
  const receipts = await accountReceipts(db, restaurantId, from, to);
  const expected = cashIn.add(sum(receipts.filter((r) => r.method === "cash").map((r) => D(r.amount))));
  const earlier = payments.filter((p) => p.paidAt < day.start);
  const figures: DayFigures = {
    business_date: day.date,
    from: from.toISOString(),
    to: to.toISOString(),
    time_zone: setup.timezone,
    day_start_hour: setup.dayStartHour,
    revenue: toMoney(revenue),
    by_method: [...methods.values()]
      .sort((a, b) => b.amount.comparedTo(a.amount))
      .map((m) => ({
        method: m.method,
        meal_card: m.mealCard,
        label: paymentMethodLabel(m.method, m.mealCard),
        amount: toMoney(m.amount),
        count: m.count,
      })),
    payments_count: payments.length,
    orders_closed: closed.length,
    covers,
    average_per_cover: covers ? toMoney(revenue.div(covers)) : 0,
    tips_total: toMoney(sum([...tips.values()])),
    tips_by_waiter: [...tips]
      .sort(([a, x], [b, y]) => y.comparedTo(x) || a.localeCompare(b, "tr"))
      .map(([waiter_name, amount]) => ({ waiter_name, amount: toMoney(amount) })),
    discount_total: toMoney(sum(payments.map((p) => D(p.discountAmount)))),
    discounts: [...codes].map(([code, c]) => ({ code, count: c.count, amount: toMoney(c.amount) })),
    void_total: toMoney(sum(voids.map((v) => D(v.amount)))),
    voids,
    complimentary_total: toMoney(sum(comps.map((v) => D(v.amount)))),
    complimentary: comps,
    service_charge_total: toMoney(sum(payments.map((p) => D(p.serviceCharge)))),
    kdv: await kdvOfClosed(
      db,
      restaurantId,
      closed.map((p) => p.orderId),
      setup.taxRate,
    ),
    without_fiscal: { count: withoutFiscal.length, order_ids: withoutFiscal.slice(0, MAX_LISTED) },
    earlier: { count: earlier.length, amount: toMoney(sum(earlier.map((p) => D(p.amount)))) },
    carried_over: [],
    account_receipts: receipts,
    cash: {
      expected: toMoney(expected),
      counted: counted === null ? null : toMoney(counted),
      difference: counted === null ? null : toMoney(counted.sub(expected)),
    },
  };
  return { figures, paymentIds: payments.map((p) => p.id), eventIds: events.map((e) => e.id) };
}

/** Where the next close starts: the last close's moment, or the business day's start. */
async function startOfNext(db: Tx | typeof prisma, restaurantId: number, dayStart: Date): Promise<Date> {
  const [last] = await db.$queryRaw<{ closedAt: Date }[]>`
    SELECT closedAt FROM day_closes WHERE restaurantId = ${restaurantId} ORDER BY closedAt DESC LIMIT 1`;
  return last && last.closedAt > new Date(0) ? last.closedAt : dayStart;
}

/** The day so far (GET /api/day-close): nothing is written. */
export async function dayPreview(restaurantId: number, now = new Date()): Promise<DayPreview> {
  const setup = await setupOf(prisma, restaurantId);
  const day = businessDay(now, setup.timezone, setup.dayStartHour);
  const [from, tables, existing] = await Promise.all([
    startOfNext(prisma, restaurantId, day.start),
    openTables(prisma, restaurantId),
    prisma.dayClose.findUnique({
      where: { restaurantId_businessDate: { restaurantId, businessDate: dateValue(day.date) } },
      select: { id: true },
    }),
  ]);
  const { figures } = await figuresNow(prisma, restaurantId, setup, from, now, null);
  const [last] = await prisma.$queryRaw<{ businessDate: Date }[]>`
    SELECT businessDate FROM day_closes WHERE restaurantId = ${restaurantId} ORDER BY businessDate DESC LIMIT 1`;
  const lastDate = last ? last.businessDate.toISOString().slice(0, 10) : "";
  const yesterday = businessDay(new Date(day.start.getTime() - 1), setup.timezone, setup.dayStartHour).date;
  // Yesterday is offered only when payments of it are not counted yet (a night not yet closed).
  const closable = [...(figures.earlier.count > 0 && lastDate < yesterday ? [yesterday] : []), ...(lastDate < day.date ? [day.date] : [])];
  const early = now.getTime() - day.start.getTime() < EARLY_HOURS * 60 * 60 * 1000;
  const defaultDate = closable.includes(yesterday) && (early || !closable.includes(day.date)) ? yesterday : (closable.at(-1) ?? null);
  return {
    business_date: day.date,
    closable_dates: closable,
    default_date: defaultDate,
    already_closed: existing !== null,
    open_tables: tables,
    figures,
  };
}

/** A DATE column's value for a YYYY-MM-DD day. */
const dateValue = (date: string) => new Date(`${date}T00:00:00.000Z`);

function dtoOf(row: {
  id: number;
  businessDate: Date;
  closedAt: Date;
  closedByName: string;
  note: string | null;
  figures: string;
}): DayCloseDto {
  return {
    id: row.id,
    business_date: row.businessDate.toISOString().slice(0, 10),
    closed_at: row.closedAt.toISOString(),
    closed_by: row.closedByName,
    note: row.note,
    figures: JSON.parse(row.figures) as DayFigures,
  };
}

const closeSelect = { id: true, businessDate: true, closedAt: true, closedByName: true, note: true, figures: true } as const;

/** A closed day (404 when this restaurant has not closed it). */
export async function closedDay(restaurantId: number, date: string): Promise<DayCloseDto> {
  const row = await prisma.dayClose.findUnique({
    where: { restaurantId_businessDate: { restaurantId, businessDate: dateValue(date) } },
    select: closeSelect,
  });
  if (!row) throw new DomainError(404, `${dateText(date)} günü için gün sonu yok.`);
  return dtoOf(row);
}

/** The restaurant's last closes, newest first. */
export async function recentCloses(restaurantId: number, take = 14) {
  const rows = await prisma.dayClose.findMany({
    where: { restaurantId },
    orderBy: { closedAt: "desc" },
    take,
    select: { id: true, businessDate: true, closedAt: true, closedByName: true, revenue: true, cashDifference: true },
  });
  return rows.map((r) => ({
    id: r.id,
    business_date: r.businessDate.toISOString().slice(0, 10),
    closed_at: r.closedAt.toISOString(),
    closed_by: r.closedByName,
    revenue: toMoney(r.revenue),
    cash_difference: toMoney(r.cashDifference),
  }));
}

export interface CloseInput {
  countedCash: string;
  /** The business day closed (YYYY-MM-DD): today's, or yesterday's when closed after the day changed. */
  date?: string | null;
  /** Close with tables still open: they carry over to the next day (a note is required). */
  carryOver?: boolean;
  note?: string | null;
  key?: string | null;
  now?: Date;
}

async function replayOf(restaurantId: number, key: string | null | undefined): Promise<DayCloseDto | null> {
  if (!key) return null;
  const row = await prisma.dayClose.findUnique({ where: { restaurantId_closeKey: { restaurantId, closeKey: key } }, select: closeSelect });
  return row ? { ...dtoOf(row), replayed: true } : null;
}

/**
 * Closes the business day: refused (409) while a table owes or when the day is already closed. One
 * close at a time per restaurant (its row is locked); a retry with the key answers the first close.
 * The verified owners get it by e-mail (a job: the answer does not wait for the mail server).
 */
export async function closeDay(actor: Actor, input: CloseInput): Promise<DayCloseDto> {
  const now = input.now ?? new Date();
  const seen = await replayOf(actor.restaurantId, input.key);
  if (seen) return seen;
  try {
    const closed = await prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM restaurants WHERE id = ${actor.restaurantId} FOR UPDATE`;
        const again = await replayOf(actor.restaurantId, input.key);
        if (again) return again;
        const setup = await setupOf(tx, actor.restaurantId);
        const today = businessDay(now, setup.timezone, setup.dayStartHour);
        // A bar closing at 05:30 (the day starts at 05:00) closes last night: yesterday's business day.
        const day =
          input.date && input.date !== today.date
            ? businessDay(new Date(today.start.getTime() - 1), setup.timezone, setup.dayStartHour)
            : today;
        if (input.date && input.date !== day.date)
          throw new DomainError(400, DATE_TODAY_OR_YESTERDAY, { errors: { date: [DATE_TODAY_OR_YESTERDAY] } });
        const [last] = await tx.$queryRaw<{ businessDate: Date }[]>`
          SELECT businessDate FROM day_closes WHERE restaurantId = ${actor.restaurantId} ORDER BY businessDate DESC LIMIT 1`;
        const lastDate = last ? last.businessDate.toISOString().slice(0, 10) : null;
        if (lastDate === day.date) throw new DomainError(409, alreadyClosed(day.date));
        if (lastDate !== null && lastDate > day.date) throw new DomainError(409, LATER_DAY_CLOSED);
        const tables = await openTables(tx, actor.restaurantId);
        // Open tables block the close, unless the manager carries them over with a note.
        if (tables.length && !input.carryOver) throw new DomainError(409, OPEN_TABLES(tables), { open_tables: tables });
        if (tables.length && !input.note?.trim()) throw new DomainError(400, CARRY_OVER_NOTE, { errors: { note: [CARRY_OVER_NOTE] } });
        const from = await startOfNext(tx, actor.restaurantId, day.start);
        const counted = D(input.countedCash);
        const { figures, paymentIds, eventIds } = await figuresNow(tx, actor.restaurantId, setup, from, now, counted, undefined, day.date);
        figures.carried_over = tables;
        const row = await tx.dayClose.create({
          data: {
            restaurantId: actor.restaurantId,
            businessDate: dateValue(day.date),
            fromAt: from,
            closedAt: now,
            revenue: figures.revenue.toFixed(2),
            cashExpected: figures.cash.expected.toFixed(2),
            cashCounted: counted,
            cashDifference: figures.cash.difference!.toFixed(2),
            note: input.note ?? null,
            figures: JSON.stringify(figures),
            closeKey: input.key ?? null,
            closedById: actor.userId,
            closedByName: actor.name.slice(0, 120),
          },
          select: closeSelect,
        });
        // Stamped by id: exactly what the figures counted (one committed meanwhile waits for the next close).
        for (let i = 0; i < paymentIds.length; i += STAMP_SLICE) {
          await tx.$executeRaw`UPDATE payments SET dayCloseId = ${row.id} WHERE id IN (${Prisma.join(paymentIds.slice(i, i + STAMP_SLICE))})`;
        }
        for (let i = 0; i < eventIds.length; i += STAMP_SLICE) {
          await tx.$executeRaw`UPDATE order_events SET dayCloseId = ${row.id} WHERE id IN (${Prisma.join(eventIds.slice(i, i + STAMP_SLICE))})`;
        }
        await mailClose(tx, actor.restaurantId, setup.name, row.id, figures, actor.name, input.note ?? null);
        // The closed days summarised in the background (decision 090): the owner's first yearly
        // report afterwards reads summaries instead of summing the year while they wait.
        await enqueueReportRollups(actor.restaurantId, row.id, { db: tx });
        return dtoOf(row);
      },
      { timeout: 60_000 },
    );
    // Committed: this process's worker starts the jobs now rather than at its next poll.
    nudgeJobWorker();
    return closed;
  } catch (error) {
    if (isUniqueViolation(error, "closeKey")) {
      const replay = await replayOf(actor.restaurantId, input.key);
      if (replay) return replay;
    }
    if (isUniqueViolation(error, "businessDate")) throw new DomainError(409, ALREADY_CLOSED_NOW);
    throw error;
  }
}

/** The close to the restaurant's verified, active owners (decision 055: an unproven address may be a stranger's). */
async function mailClose(
  tx: Tx,
  restaurantId: number,
  name: string,
  closeId: number,
  figures: DayFigures,
  by: string,
  note: string | null,
) {
  const owners = await tx.user.findMany({
    where: { restaurantId, isOwner: true, isActive: true, emailVerifiedAt: { not: null } },
    select: { email: true },
    orderBy: { id: "asc" },
  });
  const text = closeText(name, figures, by, note);
  for (const [i, o] of owners.entries()) {
    await enqueueMail(
      { to: o.email, subject: `${name}: gün sonu ${dateText(figures.business_date)}`, text },
      { db: tx, uniqueKey: `day-close:${closeId}:${i}` },
    );
  }
}
