import { prisma, type Tx } from "~/utils/db.server";
import { Prisma } from "~/generated/prisma/client";
import { DomainError } from "~/utils/domain-error";
import { formatMoney, toMoney } from "~/utils/money";
import { withLocative } from "./labels";
import type { TableStatusInput } from "./schemas";

export interface TableDto {
  id: number;
  number: number;
  status: string;
  waiter_name: string | null;
  customer_count: number;
  /**
   * Sofra's own field beside the spec's: set (only) when the table has an unsent
   * cart, a draft of the order screen without JavaScript (see unsentDraftSql).
   */
  draft?: true;
}

/**
 * A table has an unsent cart when some session's draft for it has items for a
 * new order, or edits an order that is still open (a draft left over from an
 * order paid since does not count). `t` is the tables row.
 */
export const unsentDraftSql = Prisma.sql`EXISTS (
  SELECT 1 FROM order_drafts d WHERE d.tableId = t.id AND (
    (d.baseOrderId IS NULL AND EXISTS (SELECT 1 FROM order_draft_items i WHERE i.draftId = d.id))
    OR EXISTS (SELECT 1 FROM orders o WHERE o.id = d.baseOrderId AND o.status = 'active')))`;

const tableSelect = { id: true, number: true, status: true, waiterName: true, customerCount: true } as const;

export function tableDto(t: {
  id: number;
  number: number;
  status: string;
  waiterName: string | null;
  customerCount: number;
  draft?: unknown;
}): TableDto {
  const dto: TableDto = { id: t.id, number: t.number, status: t.status, waiter_name: t.waiterName, customer_count: t.customerCount };
  if (Number(t.draft ?? 0) > 0) dto.draft = true;
  return dto;
}

/** Every table of the restaurant, by number, with its unsent-cart mark (the grids, the waiters' 3-second poll). */
export async function listTables(restaurantId: number): Promise<TableDto[]> {
  const tables = await prisma.$queryRaw<
    { id: number; number: number; status: string; waiterName: string | null; customerCount: number; draft: unknown }[]
  >`
    SELECT t.id, t.number, t.status, t.waiterName, t.customerCount, ${unsentDraftSql} AS draft
    FROM tables t WHERE t.restaurantId = ${restaurantId} ORDER BY t.number`;
  return tables.map(tableDto);
}

export const tableNotFound = (number: number) => new DomainError(404, `Masa bulunamadı: ${number}`);

/** The restaurant's table with this number, or a 404. */
/** How many tables the restaurant has (a new one: its plan's starter set). */
export async function countTables(restaurantId: number): Promise<number> {
  return prisma.restaurantTable.count({ where: { restaurantId } });
}

export async function findTable(restaurantId: number, number: number, db: Tx | typeof prisma = prisma) {
  const table = await db.restaurantTable.findUnique({
    where: { restaurantId_number: { restaurantId, number } },
    select: tableSelect,
  });
  if (!table) throw tableNotFound(number);
  return table;
}

/**
 * The restaurant's table with this number, locked until the transaction ends (or a 404).
 * Every write to a table's orders (new order, update, payment) takes this lock first, so
 * they run one at a time per table: no deadlock between them, and a payment counting the
 * table's open orders sees the others' committed changes.
 */
export type LockedTable = { id: number; number: number; status: string; waiterName: string | null; customerCount: number };

export async function lockTable(tx: Tx, restaurantId: number, number: number): Promise<LockedTable> {
  const [table] = await tx.$queryRaw<LockedTable[]>`
    SELECT id, number, status, waiterName, customerCount FROM tables
    WHERE restaurantId = ${restaurantId} AND number = ${number} FOR UPDATE`;
  if (!table) throw tableNotFound(number);
  return table;
}

export const unpaidBill = (number: number, amount: number) =>
  `Masa ${withLocative(number)} ödenmemiş ${formatMoney(amount)} hesap var; önce ödemeyi alın.`;

/**
 * The manager's status menu: empty clears the waiter and guests; occupied takes
 * a waiter name and a guest count (default 1); the rest clear both. A table with
 * unpaid orders cannot be set empty (the next guests would get its bill): 409.
 */
export async function setTableStatus(restaurantId: number, number: number, input: TableStatusInput): Promise<TableDto> {
  return prisma.$transaction(async (tx) => {
    // The table's lock first, as for every write to its orders: an order cannot slip in between.
    const table = await lockTable(tx, restaurantId, number);
    if (input.status === "empty") {
      const [open] = await tx.$queryRaw<{ n: bigint; total: Prisma.Decimal | null }[]>`
        SELECT COUNT(*) AS n, SUM(totalAmount) AS total FROM orders
        WHERE restaurantId = ${restaurantId} AND tableId = ${table.id} AND status = 'active'`;
      if (Number(open!.n) > 0) {
        const amount = toMoney(new Prisma.Decimal(open!.total ?? 0));
        throw new DomainError(409, unpaidBill(table.number, amount), { open_orders: Number(open!.n), open_amount: amount });
      }
    }
    const occupied = input.status === "occupied";
    const updated = await tx.restaurantTable.update({
      where: { id: table.id },
      data: {
        status: input.status,
        waiterName: occupied ? (input.waiter_name ?? table.waiterName ?? null) : null,
        customerCount: occupied ? (input.customer_count ?? 1) : 0,
      },
      select: tableSelect,
    });
    return tableDto(updated);
  });
}
