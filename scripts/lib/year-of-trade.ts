// A year of trade for one restaurant, written straight into the database as multi-row INSERTs
// (bench-reports, and the yearly export of bench-rush): paid orders of 1–5 lines spread over the past
// year at Istanbul's opening hours, their payments (a tenth with a discount code), eight waiters,
// and (unless asked not to) 40 stock items with 20,000 movements. Deterministic: every fill is the same year.
import type { connect } from "./migrations.ts";

type Conn = Awaited<ReturnType<typeof connect>>;
const BATCH = 2000;

/** A small deterministic generator, so every fill is the same year. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sqlDate = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace("T", " ");
const q = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

async function insertRows(conn: Conn, head: string, rows: string[]) {
  for (let i = 0; i < rows.length; i += BATCH) await conn.query(`${head} VALUES ${rows.slice(i, i + BATCH).join(",")}`);
}

export async function fillYearOfTrade(
  conn: Conn,
  restaurantId: number,
  { orders: ORDERS, stock: withStock = true, progress = false }: { orders: number; stock?: boolean; progress?: boolean },
) {
  const rand = rng(2026);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  await conn.query("SET SESSION unique_checks = 0, foreign_key_checks = 0");

  // Waiters (they never log in: a hash that matches nothing).
  const names = ["Ali Yıldız", "Burak Kaya", "Cem Aydın", "Deniz Şahin", "Elif Çelik", "Fatma Öztürk", "Gökhan Arslan", "Hande Koç"];
  const now = Date.now();
  await insertRows(
    conn,
    "INSERT IGNORE INTO users (restaurantId, email, passwordHash, firstName, lastName, role, isActive, createdAt, updatedAt)",
    names.map((n, i) => {
      const [first, last] = n.split(" ");
      return `(${restaurantId}, ${q(`bench-waiter-${i}@sofra.local`)}, 'x', ${q(first!)}, ${q(last!)}, ${i === 7 ? "'cashier'" : "'waiter'"}, ${i === 6 ? 0 : 1}, ${q(sqlDate(now))}, ${q(sqlDate(now))})`;
    }),
  );
  const staff: { id: number; name: string }[] = (
    await conn.query("SELECT id, CONCAT(firstName, ' ', lastName) AS name FROM users WHERE restaurantId = ? ORDER BY id", [restaurantId])
  ).map((r: { id: number; name: string }) => ({ id: Number(r.id), name: r.name }));
  const tables: { id: number; number: number }[] = (
    await conn.query("SELECT id, number FROM tables WHERE restaurantId = ? ORDER BY number", [restaurantId])
  ).map((r: { id: number; number: number }) => ({ id: Number(r.id), number: Number(r.number) }));
  const menu: { id: number; name: string; price: number }[] = (
    await conn.query("SELECT id, name, price FROM menu_items WHERE restaurantId = ?", [restaurantId])
  ).map((r: { id: number; name: string; price: string }) => ({ id: Number(r.id), name: r.name, price: Number(r.price) }));
  if (!tables.length || !menu.length) throw new Error("The demo restaurant has no tables or menu.");

  const [{ maxOrder }] = await conn.query("SELECT COALESCE(MAX(id), 0) AS maxOrder FROM orders");
  let orderId = Number(maxOrder);
  const yearMs = 365 * 24 * 3600_000;
  const from = now - yearMs;
  // Order times: spread over the year, at Istanbul's opening hours (08:00–23:00, busier at lunch and dinner).
  const hourWeights = [8, 9, 10, 11, 12, 12, 13, 13, 14, 15, 16, 17, 18, 19, 19, 20, 20, 21, 22];
  const step = 10_000;
  let lines = 0;
  for (let done = 0; done < ORDERS; done += step) {
    const orders: string[] = [];
    const items: string[] = [];
    const payments: string[] = [];
    for (let k = 0; k < Math.min(step, ORDERS - done); k++) {
      const id = ++orderId;
      const dayStart = from + Math.floor(((done + k) / ORDERS) * 365) * 24 * 3600_000;
      const istanbulMidnight = dayStart - ((((dayStart + 3 * 3600_000) % (24 * 3600_000)) + 24 * 3600_000) % (24 * 3600_000));
      let created = istanbulMidnight + pick(hourWeights) * 3600_000 + Math.floor(rand() * 3600_000);
      if (created > now - 60_000) created = now - 60_000 - Math.floor(rand() * 3600_000);
      const paidAt = created + 20 * 60_000 + Math.floor(rand() * 40 * 60_000);
      const paid = Math.min(paidAt, now - 1000);
      const table = pick(tables);
      const waiter = pick(staff);
      const cashier = rand() < 0.5 ? waiter : pick(staff);
      const n = 1 + Math.floor(rand() * 5);
      let total = 0;
      for (let l = 0; l < n; l++) {
        const m = pick(menu);
        const quantity = 1 + Math.floor(rand() * 3);
        const free = rand() < 0.02;
        const lineTotal = free ? 0 : m.price * quantity;
        total += lineTotal;
        items.push(
          `(${id}, ${m.id}, ${q(m.name)}, ${quantity}, ${m.price.toFixed(2)}, ${lineTotal.toFixed(2)}, ${free ? (m.price * quantity).toFixed(2) : "0.00"}, ${free ? 1 : 0}, ${q(sqlDate(created))})`,
        );
      }
      lines += n;
      const discounted = rand() < 0.1;
      const discount = discounted ? Math.round(total * 10) / 100 : 0;
      orders.push(
        `(${id}, ${restaurantId}, ${table.id}, ${table.number}, ${q(waiter.name)}, ${waiter.id}, 'paid', ${total.toFixed(2)}, 1, ${q(sqlDate(created))}, ${q(sqlDate(paid))}, ${q(sqlDate(paid))})`,
      );
      payments.push(
        `(${restaurantId}, ${id}, ${(total - discount).toFixed(2)}, ${rand() < 0.45 ? "'cash'" : "'card'"}, ${cashier.id}, ${q(cashier.name)}, ${q(sqlDate(paid))}, ${discounted ? "'YUZDE10'" : "NULL"}, ${discount.toFixed(2)}, ${total.toFixed(2)}, 1, 0)`,
      );
    }
    await conn.beginTransaction();
    await insertRows(
      conn,
      "INSERT INTO orders (id, restaurantId, tableId, tableNumber, waiterName, createdById, status, totalAmount, version, createdAt, updatedAt, paidAt)",
      orders,
    );
    await insertRows(
      conn,
      "INSERT INTO order_items (orderId, menuItemId, menuItemName, quantity, unitPrice, totalPrice, discountApplied, complimentary, createdAt)",
      items,
    );
    await insertRows(
      conn,
      // Each pays its whole order (decision 086) and lies before any gün sonu (decision 088).
      "INSERT INTO payments (restaurantId, orderId, amount, method, takenById, takenByName, paidAt, discountCode, discountAmount, linesAmount, closesOrder, dayCloseId)",
      payments,
    );
    await conn.commit();
    if (progress)
      process.stdout.write(`\r  filled ${(done + orders.length).toLocaleString("en")} orders, ${lines.toLocaleString("en")} lines`);
  }
  if (progress) process.stdout.write("\n");
  if (!withStock) {
    await conn.query("ANALYZE TABLE orders, order_items, payments");
    return;
  }

  // Stock: 40 items, 20,000 movements over the year.
  const units = ["kg", "lt", "adet", "paket"];
  const stock: string[] = [];
  for (let i = 0; i < 40; i++) {
    const current = Math.round(rand() * 100 * 10) / 10;
    stock.push(
      `(${restaurantId}, ${q(`Bench malzeme ${i + 1}`)}, 'ingredient', ${current.toFixed(2)}, 20.00, 150.00, ${q(pick(units))}, ${(rand() * 200).toFixed(2)}, ${q(sqlDate(now))}, ${q(sqlDate(now))})`,
    );
  }
  await insertRows(
    conn,
    "INSERT INTO stock_items (restaurantId, name, category, currentStock, minStock, maxStock, unit, costPerUnit, createdAt, updatedAt)",
    stock,
  );
  const items: number[] = (await conn.query("SELECT id FROM stock_items WHERE restaurantId = ?", [restaurantId])).map((r: { id: number }) =>
    Number(r.id),
  );
  const moves: string[] = [];
  const reasons = ["purchase", "adjustment", "waste"];
  for (let i = 0; i < 20_000; i++) {
    const user = pick(staff);
    const change = rand() < 0.6 ? rand() * 20 : -rand() * 10;
    moves.push(
      `(${restaurantId}, ${pick(items)}, ${user.id}, ${q(user.name)}, ${change.toFixed(2)}, ${(rand() * 100).toFixed(2)}, ${q(pick(reasons))}, NULL, ${q(sqlDate(from + Math.floor((i / 20_000) * yearMs)))})`,
    );
  }
  await insertRows(
    conn,
    "INSERT INTO stock_movements (restaurantId, stockItemId, userId, userName, `change`, level, reason, note, createdAt)",
    moves,
  );
  await conn.query("ANALYZE TABLE orders, order_items, payments, stock_movements");
}
