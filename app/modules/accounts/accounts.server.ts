// House accounts, cari hesap / veresiye (issue 22, decision 087): a regular's or a company's
// account, what is charged to it (hesaba yaz), what is paid against it, and a manager's
// corrections. Every function takes the restaurant from the session first and filters by it:
// another restaurant's account is not found. The balance changes only with a movement, in one
// transaction under the account's row lock (read by that lock, so a caller's older snapshot
// cannot hide a concurrent payment): the balance is always the sum of the account's movements.
// A key makes a retry answer with the movement the first recorded.
import { randomUUID } from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/modules/auth/actor";
import { DEFAULT_TIME_ZONE, zonedMidnight } from "~/utils/dates";
import { prisma, type SqlTx, type Tx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { toMoney } from "~/utils/money";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { naturalCompare } from "~/utils/turkish-text";
import {
  ACCOUNT_CLOSED,
  ACCOUNT_NAME_TAKEN,
  ACCOUNT_NOT_FOUND,
  KEY_REUSED,
  MAX_MOVEMENT_AMOUNT,
  MAX_MOVEMENT_NOTE,
  MAX_OPEN_ACCOUNTS,
  MAX_STATEMENT_ROWS,
  STALE_ACCOUNT_EDIT,
  TOO_MANY_ACCOUNTS,
  type AccountDto,
  type AccountPaymentMethod,
  type MovementDto,
  type MovementKind,
  type MovementResult,
  type PaymentPickerAccount,
  type StatementDto,
} from "./accounts";
import {
  adjustmentRefusal,
  chargeRefusal,
  closeRefusal,
  OVER_BALANCE_LIMIT,
  orderIdsText,
  parseOrderIds,
  paymentRefusal,
  sameAccountName,
} from "./ledger";
import type { AdjustmentInput, CreateAccountInput, PaymentInput, UpdateAccountInput } from "./schemas";

type Db = Tx | typeof prisma;
const D = (v: Prisma.Decimal | string | number) => new Prisma.Decimal(v);

/** A refusal, optionally on one form field (pageAction shows it there). */
export class AccountError extends DomainError {
  constructor(
    status: 400 | 404 | 409,
    message: string,
    readonly field?: string,
    extra?: Record<string, unknown>,
  ) {
    super(status, message, extra);
  }
}

const notFound = () => new AccountError(404, ACCOUNT_NOT_FOUND);

const accountSelect = {
  id: true,
  name: true,
  phone: true,
  creditLimit: true,
  balance: true,
  note: true,
  version: true,
  createdAt: true,
  updatedAt: true,
  closedAt: true,
} as const satisfies Prisma.HouseAccountSelect;
type AccountRow = Prisma.HouseAccountGetPayload<{ select: typeof accountSelect }>;

function accountDto(a: AccountRow): AccountDto {
  return {
    id: a.id,
    name: a.name,
    phone: a.phone,
    credit_limit: toMoney(a.creditLimit),
    balance: toMoney(a.balance),
    note: a.note,
    version: a.version,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    closed_at: a.closedAt?.toISOString() ?? null,
  };
}

/** A movement as read by raw SQL (the locking read of a key) or by the model API. */
interface MovementRow {
  id: number;
  accountId: number;
  kind: MovementKind;
  amount: Prisma.Decimal;
  balanceAfter: Prisma.Decimal;
  method: AccountPaymentMethod | null;
  note: string | null;
  tableNumber: number | null;
  orderIds: string | null;
  createdByName: string;
  createdAt: Date;
}

function movementDto(m: MovementRow): MovementDto {
  return {
    id: m.id,
    kind: m.kind,
    amount: toMoney(D(m.amount)),
    balance_after: toMoney(D(m.balanceAfter)),
    method: m.method,
    note: m.note,
    table_number: m.tableNumber,
    order_ids: parseOrderIds(m.orderIds),
    created_by_name: m.createdByName,
    created_at: new Date(m.createdAt).toISOString(),
  };
}

const byName = (a: { name: string; closedAt?: Date | null }, b: { name: string; closedAt?: Date | null }) =>
  Number(Boolean(a.closedAt)) - Number(Boolean(b.closedAt)) || naturalCompare(a.name, b.name);

/** The restaurant's open accounts (and with `includeClosed` the closed ones after them), by name. */
export async function listAccounts(restaurantId: number, { includeClosed = false } = {}): Promise<AccountDto[]> {
  const rows = await prisma.houseAccount.findMany({
    where: { restaurantId, ...(includeClosed ? {} : { closedAt: null }) },
    select: accountSelect,
  });
  return rows.sort(byName).map(accountDto);
}

/** One account of the restaurant, open or closed (404 otherwise). */
export async function getAccount(restaurantId: number, id: number, db: Db = prisma): Promise<AccountDto> {
  const row = await db.houseAccount.findFirst({ where: { id, restaurantId }, select: accountSelect });
  if (!row) throw notFound();
  return accountDto(row);
}

/** The open accounts a bill can be charged to, by name, for the cashier's "hesaba yaz" picker. */
export async function accountsForPayment(restaurantId: number): Promise<PaymentPickerAccount[]> {
  const rows = await prisma.houseAccount.findMany({
    where: { restaurantId, closedAt: null },
    select: { id: true, name: true, balance: true, creditLimit: true },
  });
  return rows.sort(byName).map((a) => ({ id: a.id, name: a.name, balance: toMoney(a.balance), credit_limit: toMoney(a.creditLimit) }));
}

/** A name another open account of the restaurant has (compared the Turkish way) is refused (409). */
async function assertNameFree(tx: Tx, restaurantId: number, name: string, exceptId: number | null) {
  const open = await tx.houseAccount.findMany({ where: { restaurantId, closedAt: null }, select: { id: true, name: true } });
  if (open.some((a) => a.id !== exceptId && sameAccountName(a.name, name))) throw new AccountError(409, ACCOUNT_NAME_TAKEN, "name");
}

const accountByKey = (db: Db, restaurantId: number, createKey: string) =>
  db.houseAccount.findUnique({ where: { restaurantId_createKey: { restaurantId, createKey } }, select: accountSelect });

/**
 * Opens an account at a balance of 0. Under the restaurant's row lock, so two opened at once
 * cannot both take one name; with a key (the form's or the API client's) a repeat answers with
 * the account the first opened.
 */
export async function openAccount(
  restaurantId: number,
  input: CreateAccountInput,
  createKey: string | null,
): Promise<{ account: AccountDto; replayed: boolean }> {
  try {
    return await prisma.$transaction(async (tx) => {
      if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, "Restoran bulunamadı.");
      if (createKey) {
        const seen = await accountByKey(tx, restaurantId, createKey);
        if (seen) return { account: accountDto(seen), replayed: true };
      }
      if ((await tx.houseAccount.count({ where: { restaurantId, closedAt: null } })) >= MAX_OPEN_ACCOUNTS)
        throw new AccountError(409, TOO_MANY_ACCOUNTS);
      await assertNameFree(tx, restaurantId, input.name, null);
      const row = await tx.houseAccount.create({
        data: {
          restaurantId,
          name: input.name,
          phone: input.phone ?? null,
          creditLimit: input.credit_limit,
          note: input.note ?? null,
          createKey,
        },
        select: accountSelect,
      });
      return { account: accountDto(row), replayed: false };
    });
  } catch (error) {
    if (createKey && isUniqueViolation(error, "createKey")) {
      const seen = await accountByKey(prisma, restaurantId, createKey);
      if (seen) return { account: accountDto(seen), replayed: true };
    }
    throw error;
  }
}

/** The account's row, locked until the transaction ends, read by the lock itself (never an older snapshot). */
interface LockedAccount {
  id: number;
  name: string;
  phone: string | null;
  note: string | null;
  balance: Prisma.Decimal;
  creditLimit: Prisma.Decimal;
  version: number;
  closedAt: Date | null;
}

async function lockAccount(tx: SqlTx, restaurantId: number, id: number): Promise<LockedAccount | null> {
  const [row] = await tx.$queryRaw<LockedAccount[]>`
    SELECT id, name, phone, note, balance, creditLimit, version, closedAt
    FROM house_accounts WHERE id = ${id} AND restaurantId = ${restaurantId} FOR UPDATE`;
  return row ? { ...row, balance: D(row.balance), creditLimit: D(row.creditLimit) } : null;
}

const sameDetails = (a: LockedAccount, input: UpdateAccountInput) =>
  (input.name === undefined || input.name === a.name) &&
  (input.phone === undefined || (input.phone ?? null) === a.phone) &&
  (input.note === undefined || (input.note ?? null) === a.note) &&
  (input.credit_limit === undefined || D(input.credit_limit).equals(a.creditLimit));

/**
 * Changes an account's name, phone, credit limit or note (never its balance: only movements do).
 * With `baseVersion`, an account edited since is refused (409); posting what is stored changes
 * nothing. A closed account is not edited (409).
 */
export async function updateAccount(
  restaurantId: number,
  id: number,
  input: UpdateAccountInput,
  baseVersion: number | null,
): Promise<AccountDto> {
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw notFound();
    const current = await lockAccount(tx, restaurantId, id);
    if (!current) throw notFound();
    if (current.closedAt) throw new AccountError(409, ACCOUNT_CLOSED);
    if (sameDetails(current, input)) return getAccount(restaurantId, id, tx);
    if (baseVersion !== null && baseVersion !== current.version) {
      throw new AccountError(409, STALE_ACCOUNT_EDIT, undefined, { id, version: current.version });
    }
    if (input.name !== undefined && input.name !== current.name) await assertNameFree(tx, restaurantId, input.name, id);
    const row = await tx.houseAccount.update({
      where: { id },
      data: {
        name: input.name,
        phone: input.phone,
        creditLimit: input.credit_limit,
        note: input.note,
        version: { increment: 1 },
      },
      select: accountSelect,
    });
    return accountDto(row);
  });
}

/** Closes a settled account (a balance other than 0 is refused, 409); closing it again changes nothing. */
export async function closeAccount(restaurantId: number, id: number): Promise<AccountDto> {
  return prisma.$transaction(async (tx) => {
    const current = await lockAccount(tx, restaurantId, id);
    if (!current) throw notFound();
    if (!current.closedAt) {
      const refusal = closeRefusal(current.balance);
      if (refusal) throw new AccountError(409, refusal);
      await tx.houseAccount.update({ where: { id }, data: { closedAt: new Date(), version: { increment: 1 } } });
    }
    return getAccount(restaurantId, id, tx);
  });
}

const MOVEMENT_COLUMNS = Prisma.sql`id, accountId, kind, amount, balanceAfter, method, note, tableNumber, orderIds, createdByName, createdAt`;

/**
 * The movement a key recorded, if any. A plain read, except `locking`: after a lost race on the
 * key inside a caller's transaction, whose snapshot may predate the winner's commit, only a
 * locking read sees the winner's row (and on an existing row it takes no gap lock).
 */
async function movementByKey(db: SqlTx, restaurantId: number, key: string, locking = false): Promise<MovementRow | null> {
  const [row] = await db.$queryRaw<MovementRow[]>`
    SELECT ${MOVEMENT_COLUMNS} FROM house_account_movements WHERE restaurantId = ${restaurantId} AND movementKey = ${key}
    ${locking ? Prisma.sql`LOCK IN SHARE MODE` : Prisma.empty}`;
  return row ?? null;
}

/** A key already used answers its movement, if it was this kind of movement on this account (else 409). */
function sameUse(row: MovementRow, accountId: number, kind: MovementKind): MovementRow {
  if (row.accountId !== accountId || row.kind !== kind) throw new AccountError(409, KEY_REUSED, "key");
  return row;
}

interface MovementPlan {
  kind: MovementKind;
  /** Signed as it changes the balance. */
  amount: Prisma.Decimal;
  method?: AccountPaymentMethod | null;
  note?: string | null;
  tableNumber?: number | null;
  orderIds?: string | null;
}

/** The movement and the balance, together (the account is locked by the caller). */
async function record(tx: SqlTx, actor: Actor, account: LockedAccount, plan: MovementPlan, key: string, now: Date): Promise<MovementRow> {
  const balanceAfter = account.balance.add(plan.amount);
  // Raw SQL, so that a payment's transaction on the bare driver (payTable, hesaba yaz) can charge.
  const [row] = await tx.$queryRaw<MovementRow[]>`
    INSERT INTO house_account_movements (restaurantId, accountId, kind, amount, balanceAfter, method, note, tableNumber, orderIds,
      movementKey, createdById, createdByName, createdAt)
    VALUES (${actor.restaurantId}, ${account.id}, ${plan.kind}, ${plan.amount}, ${balanceAfter}, ${plan.method ?? null},
      ${plan.note ? plan.note.slice(0, MAX_MOVEMENT_NOTE) : null}, ${plan.tableNumber ?? null}, ${plan.orderIds ?? null}, ${key},
      ${actor.userId}, ${actor.name.slice(0, 120)}, ${now})
    RETURNING ${MOVEMENT_COLUMNS}`;
  await tx.$executeRaw`UPDATE house_accounts SET balance = ${balanceAfter}, updatedAt = ${now} WHERE id = ${account.id}`;
  return row!;
}

/**
 * A payment or a correction, once: the key is answered before the transaction and again under
 * the account's lock (the transaction's first plain read comes after the lock, so it sees what
 * the previous holder committed); a lost race on the key answers the winner's movement. Without a
 * key the write is recorded under a key of the server's own (no retry can repeat it).
 */
async function writeOnce(
  actor: Actor,
  accountId: number,
  kind: MovementKind,
  key: string | null,
  plan: (account: LockedAccount) => MovementPlan,
): Promise<MovementResult> {
  const { restaurantId } = actor;
  const replay = async (row: MovementRow): Promise<MovementResult> => ({
    movement: movementDto(sameUse(row, accountId, kind)),
    account: await getAccount(restaurantId, accountId),
    replayed: true,
  });
  if (key) {
    const seen = await movementByKey(prisma, restaurantId, key);
    if (seen) return replay(seen);
  }
  try {
    return await prisma.$transaction(async (tx) => {
      const account = await lockAccount(tx, restaurantId, accountId);
      if (!account) throw notFound();
      if (key) {
        const again = await movementByKey(tx, restaurantId, key);
        if (again)
          return {
            movement: movementDto(sameUse(again, accountId, kind)),
            account: await getAccount(restaurantId, accountId, tx),
            replayed: true,
          };
      }
      if (account.closedAt) throw new AccountError(409, ACCOUNT_CLOSED);
      const row = await record(tx, actor, account, plan(account), key ?? `srv-${randomUUID()}`, new Date());
      return { movement: movementDto(row), account: await getAccount(restaurantId, accountId, tx), replayed: false };
    });
  } catch (error) {
    if (key && isUniqueViolation(error, "movementKey")) {
      const winner = await movementByKey(prisma, restaurantId, key);
      if (winner) return replay(winner);
    }
    throw error;
  }
}

/**
 * Money received against the account (tahsilat), in cash or by card: never more than the account
 * owes (409 "Ödeme bakiyeden fazla"; the account keeps debts, not advances).
 */
export async function receivePayment(
  actor: Actor,
  accountId: number,
  input: PaymentInput & { key?: string | null },
): Promise<MovementResult> {
  const amount = D(input.amount);
  return writeOnce(actor, accountId, "payment", input.key ?? null, (account) => {
    const refusal = paymentRefusal(account.balance, amount);
    if (refusal) throw new AccountError(409, refusal, "amount", { balance: toMoney(account.balance) });
    return { kind: "payment", amount: amount.neg(), method: input.method, note: input.note ?? null };
  });
}

/** A manager's correction (the route asks for manager mode), + or −, with its reason; never below 0. */
export async function adjust(actor: Actor, accountId: number, input: AdjustmentInput & { key?: string | null }): Promise<MovementResult> {
  const amount = D(input.amount);
  return writeOnce(actor, accountId, "adjustment", input.key ?? null, (account) => {
    const refusal = adjustmentRefusal(account.balance, amount);
    if (refusal) throw new AccountError(409, refusal, "amount", { balance: toMoney(account.balance) });
    return { kind: "adjustment", amount, note: input.note };
  });
}

export interface ChargeInput {
  accountId: number;
  /** What is charged (> 0, to the kuruş). */
  amount: Prisma.Decimal;
  /** A manager approved passing the credit limit. */
  approved: boolean;
  tableNumber: number | null;
  orderIds: number[];
  note?: string | null;
  /** The charge's idempotency key: a repeat answers the first charge and records nothing. */
  key: string;
  now: Date;
}

export interface ChargeResult {
  movementId: number;
  accountName: string;
  /** The account's balance right after this charge. */
  balance: Prisma.Decimal;
  creditLimit: Prisma.Decimal;
  /** True when the key had charged already (nothing new was recorded). */
  replayed: boolean;
}

/**
 * Hesaba yaz: charges a bill (or part of one) to an account, inside the caller's transaction (the
 * payment's). Locks the account; another restaurant's or a closed account is 404; past the credit
 * limit it is 409 unless a manager approved it. The movement and the balance are written together.
 */
export async function chargeToAccount(tx: SqlTx, actor: Actor, input: ChargeInput): Promise<ChargeResult> {
  if (!CLIENT_KEY.test(input.key)) throw new AccountError(400, "İşlem anahtarı (key) 8-64 harf, rakam, - veya _ olmalıdır.", "key");
  const amount = D(input.amount);
  if (amount.lessThanOrEqualTo(0) || amount.decimalPlaces() > 2 || amount.greaterThan(MAX_MOVEMENT_AMOUNT)) {
    throw new AccountError(400, "Hesaba yazılacak tutar 0'dan büyük olmalı ve kuruşa kadar yazılmalıdır.", "amount");
  }
  const { restaurantId } = actor;
  const account = await lockAccount(tx, restaurantId, input.accountId);
  if (!account) throw notFound();
  const replay = (row: MovementRow): ChargeResult => {
    const first = sameUse(row, account.id, "charge");
    return {
      movementId: first.id,
      accountName: account.name,
      balance: D(first.balanceAfter),
      creditLimit: account.creditLimit,
      replayed: true,
    };
  };
  const seen = await movementByKey(tx, restaurantId, input.key);
  if (seen) return replay(seen);
  if (account.closedAt) throw notFound();
  const refusal = chargeRefusal(account.balance, amount, account.creditLimit, input.approved);
  if (refusal) {
    throw new AccountError(409, refusal, "amount", {
      approval_required: refusal !== OVER_BALANCE_LIMIT,
      balance: toMoney(account.balance),
      credit_limit: toMoney(account.creditLimit),
    });
  }
  const plan: MovementPlan = {
    kind: "charge",
    amount,
    note: input.note?.trim() || null,
    tableNumber: input.tableNumber,
    orderIds: orderIdsText(input.orderIds),
  };
  try {
    const row = await record(tx, actor, account, plan, input.key, input.now);
    return {
      movementId: row.id,
      accountName: account.name,
      balance: D(row.balanceAfter),
      creditLimit: account.creditLimit,
      replayed: false,
    };
  } catch (error) {
    // The key was recorded by a transaction that committed after the caller's snapshot was taken.
    if (!isUniqueViolation(error, "movementKey")) throw error;
    const winner = await movementByKey(tx, restaurantId, input.key, true);
    if (!winner) throw error;
    return replay(winner);
  }
}

/** The instant a local day (YYYY-MM-DD) starts, and the next day's start. */
function dayBounds(day: string, timeZone: string) {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return { start: zonedMidnight(y, m, d, timeZone), next: zonedMidnight(y, m, d + 1, timeZone) };
}

/**
 * The account's statement (ekstre) for a period of the restaurant's days (both included; either
 * end open): what was owed when it began, each movement with the balance after it (oldest first;
 * the latest MAX_STATEMENT_ROWS of a longer period), the period's totals and what was owed at its end.
 */
export async function statement(
  restaurantId: number,
  accountId: number,
  { from, to }: { from?: string; to?: string },
  timeZone = DEFAULT_TIME_ZONE,
): Promise<StatementDto> {
  const account = await getAccount(restaurantId, accountId);
  const start = from ? dayBounds(from, timeZone).start : null;
  const end = to ? dayBounds(to, timeZone).next : null;
  const where: Prisma.HouseAccountMovementWhereInput = {
    restaurantId,
    accountId,
    createdAt: { ...(start ? { gte: start } : {}), ...(end ? { lt: end } : {}) },
  };
  const [before, sums, rows] = await Promise.all([
    start
      ? prisma.houseAccountMovement.aggregate({ where: { restaurantId, accountId, createdAt: { lt: start } }, _sum: { amount: true } })
      : null,
    prisma.houseAccountMovement.groupBy({ by: ["kind"], where, _sum: { amount: true }, _count: { _all: true } }),
    prisma.houseAccountMovement.findMany({ where, orderBy: { id: "desc" }, take: MAX_STATEMENT_ROWS }),
  ]);
  const opening = D(before?._sum.amount ?? 0);
  const sumOf = (kind: MovementKind) => D(sums.find((s) => s.kind === kind)?._sum.amount ?? 0);
  const count = sums.reduce((n, s) => n + s._count._all, 0);
  const net = sumOf("charge").add(sumOf("payment")).add(sumOf("adjustment"));
  return {
    account,
    from: from ?? null,
    to: to ?? null,
    opening_balance: toMoney(opening),
    closing_balance: toMoney(opening.add(net)),
    totals: {
      charges: toMoney(sumOf("charge")),
      payments: toMoney(sumOf("payment").neg()),
      adjustments: toMoney(sumOf("adjustment")),
      count,
    },
    movements: rows.reverse().map(movementDto),
    truncated: count > rows.length,
  };
}
