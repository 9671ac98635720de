// Limits on the owner's heavy jobs (decision 090) and the sales CSV made in a worker thread, against
// the production build: one heavy job at a time per restaurant (a second gets 429 with Retry-After
// while the first completes), HEAVY_WORK_LIMIT (2 on the test servers, the default) per process,
// another restaurant not blocked, a cancelled export frees its slot and lock, and the worker's
// bytes are the bytes of the export as it was made before (its code kept here as the reference).
//
// An export is kept running by a test connection that holds `LOCK TABLES payments WRITE`: the
// export's streamed query waits on it, after the export took its slot and lock and answered 200.
import { request } from "node:http";
import { gunzipSync } from "node:zlib";
import mariadb from "mariadb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { paymentMethodLabel } from "~/modules/payments/meal-cards";
import { reportPeriod } from "~/modules/reports/detailed";
import { CSV_BOM, csvText } from "~/utils/csv";
import { parseDatabaseUrl } from "~/utils/database-url";
import { zonedParts } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { HEAVY_WORK_MESSAGES, HEAVY_RETRY_AFTER_SECONDS } from "~/utils/heavy-work.server";
import { baseUrl, randomIp } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { sessionCookie } from "../setup/pages";

const settings = () => ({ ...parseDatabaseUrl(process.env.DATABASE_URL!), timezone: "Z" });

let db: mariadb.Connection;
beforeAll(async () => {
  db = await mariadb.createConnection(settings());
});
afterAll(async () => {
  await db?.end();
});

/** Holds payments locked for writing while `body` runs (exports started meanwhile wait on it). */
async function whilePaymentsLocked<T>(body: () => Promise<T>): Promise<T> {
  const lock = await mariadb.createConnection(settings());
  try {
    await lock.query("LOCK TABLES payments WRITE");
    return await body();
  } finally {
    await lock.query("UNLOCK TABLES").catch(() => undefined);
    await lock.end().catch(() => lock.destroy());
  }
}

const exportUrl = (type = "sales", period = "yearly") => `${baseUrl()}/api/reports/export?type=${type}&period=${period}`;
const startExport = (t: Tenant, type = "sales", signal?: AbortSignal) =>
  fetch(exportUrl(type), {
    headers: { authorization: `Bearer ${t.token}`, "x-forwarded-for": randomIp(), "accept-encoding": "identity" },
    signal,
  });
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

/**
 * `n` paid orders of the restaurant in this year's period, with what the CSV must get right: meal
 * cards, discount codes with `;` and quotes, a defused formula, Turkish letters, part payments
 * (closesOrder 0), ikram lines, several payments in one minute.
 */
async function seedSales(t: Tenant, n: number) {
  const table = await prisma.restaurantTable.findFirstOrThrow({ where: { restaurantId: t.restaurantId }, orderBy: { number: "asc" } });
  const now = Date.now();
  const { start } = reportPeriod("yearly", new Date(now), "Europe/Istanbul");
  const from = Math.max(start.getTime(), now - 20 * 24 * 3600_000);
  const waiters = ["Ayşe Çınar", "=SUM(A1)", 'Ali "Usta"', "Şükrü; Öz"];
  const orders: string[] = [];
  const ids: number[] = [];
  const [{ maxId }] = await db.query("SELECT COALESCE(MAX(id), 0) AS maxId FROM orders");
  let id = Number(maxId) + 1000;
  for (let i = 0; i < n; i++) {
    id++;
    ids.push(id);
    const at = new Date(from + Math.floor(((now - 60_000 - from) * i) / n)).toISOString().slice(0, 23).replace("T", " ");
    orders.push(
      `(${id}, ${t.restaurantId}, ${table.id}, ${table.number}, ${db.escape(waiters[i % waiters.length])}, 'paid', ${(10 + (i % 97) * 1.25).toFixed(2)}, '${at}', '${at}', '${at}')`,
    );
  }
  await db.query(
    `INSERT INTO orders (id, restaurantId, tableId, tableNumber, waiterName, status, totalAmount, createdAt, updatedAt, paidAt) VALUES ${orders.join(",")}`,
  );
  const items: string[] = [];
  const payments: string[] = [];
  ids.forEach((orderId, i) => {
    const at = orders[i]!.match(/'(\d{4}-[^']+)'/)![1];
    items.push(`(${orderId}, 'Çay', ${1 + (i % 4)}, 10.00, ${(10 * (1 + (i % 4))).toFixed(2)}, 0, '${at}')`);
    if (i % 5 === 0) items.push(`(${orderId}, 'İkram tatlı', 1, 50.00, 0.00, 1, '${at}')`);
    const method = ["cash", "card", "meal_card"][i % 3];
    const mealCard = method === "meal_card" ? db.escape(i % 2 ? "Multinet" : "Pluxee (Sodexo)") : "NULL";
    const code = i % 7 === 0 ? db.escape(i % 2 ? 'KIŞ;"24"' : "YUZDE10") : "NULL";
    const discount = i % 7 === 0 ? (i % 13) + 0.5 : 0;
    // Every tenth order is paid in two parts: the first does not close it.
    if (i % 10 === 0) payments.push(`(${t.restaurantId}, ${orderId}, 5.25, 'cash', NULL, 'Kasa Ömer', '${at}', NULL, 0.00, NULL, 0)`);
    payments.push(
      `(${t.restaurantId}, ${orderId}, ${(10 + (i % 97) * 1.25).toFixed(2)}, '${method}', NULL, ${db.escape(waiters[(i + 1) % waiters.length])}, '${at}', ${code}, ${discount.toFixed(2)}, ${mealCard}, 1)`,
    );
  });
  await db.query(
    `INSERT INTO order_items (orderId, menuItemName, quantity, unitPrice, totalPrice, complimentary, createdAt) VALUES ${items.join(",")}`,
  );
  // Ids in an order of their own, not the times' (as when a part payment of an older bill comes
  // later): the file's order is (paidAt, id), and pages must neither repeat nor skip rows.
  const shuffled = payments.map((row, k) => ({ row, key: (k * 7919) % payments.length })).sort((a, b) => a.key - b.key);
  await db.query(
    `INSERT INTO payments (restaurantId, orderId, amount, method, takenById, takenByName, paidAt, discountCode, discountAmount, mealCard, closesOrder) VALUES ${shuffled.map((s) => s.row).join(",")}`,
  );
}

/**
 * The sales CSV as it was made before the worker thread (csv.server.ts at decision 037, in the
 * request's own thread, Prisma's Decimal for the money columns), for the same period: the worker's
 * file must be byte for byte this one.
 */
async function referenceSalesCsv(restaurantId: number, timeZone: string, now: Date): Promise<Uint8Array> {
  const range = reportPeriod("yearly", now, timeZone);
  const csvNumber = (value: unknown) => new Prisma.Decimal((value ?? 0) as string).toFixed(2).replace(".", ",");
  const line = (cells: string[]) => `${cells.join(";")}\r\n`;
  const offsets = new Map<number, number>();
  const local = (date: Date) => {
    const hour = Math.floor(date.getTime() / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const p = zonedParts(new Date(hour * 3_600_000), timeZone);
      offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - hour * 3_600_000;
      offsets.set(hour, offset);
    }
    return new Date(date.getTime() + offset).toISOString().slice(0, 16).replace("T", " ");
  };
  const header = [
    "Ödeme Zamanı",
    "Sipariş No",
    "Masa",
    "Siparişi Alan",
    "Ödemeyi Alan",
    "Ödeme Yöntemi",
    "Ürün Adedi",
    "Tutar (₺)",
    "İndirim (₺)",
    "İndirim Kodu",
  ];
  let out = CSV_BOM + line(header);
  const rows = await db.query(
    `SELECT p.orderId, p.paidAt, p.method, p.mealCard, p.amount, p.discountAmount, p.discountCode, p.takenByName,
       o.tableNumber, o.waiterName,
       IF(p.closesOrder, (SELECT COALESCE(SUM(oi.quantity), 0) FROM order_items oi WHERE oi.orderId = p.orderId AND oi.complimentary = 0), 0) AS items
     FROM payments p JOIN orders o ON o.id = p.orderId
     WHERE p.restaurantId = ? AND p.paidAt >= ? AND p.paidAt < ?
     ORDER BY p.paidAt, p.id`,
    [restaurantId, range.start, range.end],
  );
  for (const r of rows)
    out += line([
      local(r.paidAt),
      String(r.orderId),
      String(r.tableNumber),
      csvText(r.waiterName),
      csvText(r.takenByName),
      csvText(paymentMethodLabel(r.method, r.mealCard)),
      String(Number(r.items ?? 0)),
      csvNumber(r.amount),
      csvNumber(r.discountAmount),
      csvText(r.discountCode),
    ]);
  return new TextEncoder().encode(out);
}

async function expect429(res: Response, message: string, seconds: number) {
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toBe(String(seconds));
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  // Nothing of a CSV: the refusal's JSON only.
  expect(await res.json()).toEqual({ detail: message });
}

const RESTAURANT_BUSY = HEAVY_WORK_MESSAGES.restaurant(HEAVY_RETRY_AFTER_SECONDS.restaurant);
const PROCESS_BUSY = HEAVY_WORK_MESSAGES.process(HEAVY_RETRY_AFTER_SECONDS.process);

describe("the sales CSV from the worker thread", () => {
  it("is byte for byte the export as it was made before: 2,400 rows over several chunks, two time zones", async () => {
    const t = await createTenant({ manager: true, first_name: "Çağrı", last_name: "Öztürk" });
    await seedSales(t, 2400);
    const istanbul = await bytesOf(await startExport(t));
    expect(istanbul.byteLength).toBeGreaterThan(100_000);
    expect(Buffer.from(istanbul).equals(Buffer.from(await referenceSalesCsv(t.restaurantId, "Europe/Istanbul", new Date())))).toBe(true);
    await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { timezone: "America/New_York" } });
    const res = await startExport(t);
    expect(res.status).toBe(200);
    const newYork = await bytesOf(res);
    expect(Buffer.from(newYork).equals(Buffer.from(await referenceSalesCsv(t.restaurantId, "America/New_York", new Date())))).toBe(true);
    expect(Buffer.from(newYork).equals(Buffer.from(istanbul))).toBe(false);
  });
});

/** The answer's status, headers and bytes as they come over the wire (fetch would decompress them). */
function rawExport(t: Tenant, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; chunks: number }>(
    (resolve, reject) => {
      const req = request(
        exportUrl(),
        { headers: { authorization: `Bearer ${t.token}`, "x-forwarded-for": randomIp(), "accept-encoding": acceptEncoding } },
        (res) => {
          const parts: Buffer[] = [];
          res.on("data", (b: Buffer) => parts.push(b));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts), chunks: parts.length }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

describe("the sales CSV compressed by its worker (decision 097)", () => {
  it("a client taking gzip gets the worker's gzip stream of the same bytes; one that does not, the bytes themselves", async () => {
    const t = await createTenant({ manager: true });
    await seedSales(t, 2400);
    const expected = Buffer.from(await referenceSalesCsv(t.restaurantId, "Europe/Istanbul", new Date()));
    const gz = await rawExport(t, "br;q=1.0, gzip;q=0.8, *;q=0.1");
    expect(gz.status).toBe(200);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["vary"]).toMatch(/accept-encoding/i);
    expect(gz.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(gunzipSync(gz.body).equals(expected)).toBe(true);
    // Compressed, and each of the file's pages flushed as it was made.
    expect(gz.body.length).toBeLessThan(expected.length / 3);
    const plain = await rawExport(t, "br, gzip;q=0");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(expected)).toBe(true);
  });
});

describe("one heavy job at a time per restaurant", () => {
  it("a second export fired with the first gets 429 with Retry-After, and the first completes whole", async () => {
    const t = await createTenant({ manager: true });
    await seedSales(t, 300);
    const expected = await referenceSalesCsv(t.restaurantId, "Europe/Istanbul", new Date());
    const [a, b] = await whilePaymentsLocked(async () => {
      const both = await Promise.all([startExport(t), startExport(t)]);
      // The winner waits on the table lock; the other was refused at once.
      const refused = both.find((r) => r.status === 429);
      expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
      await expect429(refused!, RESTAURANT_BUSY, HEAVY_RETRY_AFTER_SECONDS.restaurant);
      return both;
    });
    const winner = a!.status === 200 ? a! : b!;
    expect(Buffer.from(await bytesOf(winner)).equals(Buffer.from(expected))).toBe(true);
    // Done: the next one runs.
    expect((await startExport(t)).status).toBe(200);
  });

  it("across kinds: the data-export ZIP and the stock CSV wait for the running sales CSV (429), another restaurant does not", async () => {
    const [t, other] = await Promise.all([createTenant({ manager: true }), createTenant({ manager: true })]);
    await seedSales(t, 50);
    await seedSales(other, 50);
    const cookie = await sessionCookie(t);
    const [running, otherRuns] = await whilePaymentsLocked(async () => {
      const first = await startExport(t);
      expect(first.status).toBe(200);
      // The ZIP download is a page link: its refusal is plain Turkish text.
      const zip = await fetch(`${baseUrl()}/app/data-export/download`, { headers: { cookie, "x-forwarded-for": randomIp() } });
      expect(zip.status).toBe(429);
      expect(zip.headers.get("retry-after")).toBe(String(HEAVY_RETRY_AFTER_SECONDS.restaurant));
      expect(zip.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await zip.text()).toBe(RESTAURANT_BUSY);
      await expect429(await startExport(t, "inventory"), RESTAURANT_BUSY, HEAVY_RETRY_AFTER_SECONDS.restaurant);
      // Another restaurant's export is not held back by this one's lock.
      const second = await startExport(other);
      expect(second.status).toBe(200);
      return [first, second];
    });
    expect(
      Buffer.from(await bytesOf(running)).equals(Buffer.from(await referenceSalesCsv(t.restaurantId, "Europe/Istanbul", new Date()))),
    ).toBe(true);
    expect(
      Buffer.from(await bytesOf(otherRuns)).equals(Buffer.from(await referenceSalesCsv(other.restaurantId, "Europe/Istanbul", new Date()))),
    ).toBe(true);
    const zip = await fetch(`${baseUrl()}/app/data-export/download`, { headers: { cookie, "x-forwarded-for": randomIp() } });
    expect(zip.status).toBe(200);
    expect((await bytesOf(zip)).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });
});

describe("HEAVY_WORK_LIMIT per process", () => {
  it("three restaurants' exports fired at once on a process that allows two: one gets 429, the two complete whole", async () => {
    const tenants = await Promise.all([0, 1, 2].map(() => createTenant({ manager: true })));
    for (const t of tenants) await seedSales(t, 200);
    const answers = await whilePaymentsLocked(async () => {
      const all = await Promise.all(tenants.map((t) => startExport(t)));
      expect(all.map((r) => r.status).sort()).toEqual([200, 200, 429]);
      await expect429(
        all.find((r) => r.status === 429)!,
        PROCESS_BUSY,
        HEAVY_RETRY_AFTER_SECONDS.process,
      );
      return all;
    });
    for (const [i, res] of answers.entries()) {
      if (res.status !== 200) continue;
      const expected = await referenceSalesCsv(tenants[i]!.restaurantId, "Europe/Istanbul", new Date());
      expect(Buffer.from(await bytesOf(res)).equals(Buffer.from(expected))).toBe(true);
    }
  });

  it("a client that goes away mid-export frees its slot, its worker and its restaurant's lock", async () => {
    const [third, ...tenants] = await Promise.all([0, 1, 2].map(() => createTenant({ manager: true })));
    for (const t of tenants) await seedSales(t, 100);
    const aborts = tenants.map(() => new AbortController());
    await whilePaymentsLocked(async () => {
      const running = await Promise.all(tenants.map((t, i) => startExport(t, "sales", aborts[i]!.signal)));
      expect(running.map((r) => r.status)).toEqual([200, 200]);
      // Both slots are taken now.
      expect((await startExport(third!)).status).toBe(429);
      for (const a of aborts) a.abort();
      // The server hears the sockets close, the workers KILL their waiting queries: slots and locks free.
      const again = await retryUntil(
        () => startExport(tenants[0]!, "inventory"),
        (r) => r.status === 200,
      );
      await again.arrayBuffer();
    });
    const after = await Promise.all(tenants.map((t) => startExport(t)));
    expect(after.map((r) => r.status)).toEqual([200, 200]);
    await Promise.all(after.map((r) => r.arrayBuffer()));
  });
});

/** Calls `make` until `done` holds (at most ~5 s): the server notices a closed socket a moment later. */
async function retryUntil(make: () => Promise<Response>, done: (r: Response) => boolean): Promise<Response> {
  let last: Response | undefined;
  for (let i = 0; i < 50; i++) {
    last = await make();
    if (done(last)) return last;
    await last.arrayBuffer();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never: last answer ${last?.status}`);
}
