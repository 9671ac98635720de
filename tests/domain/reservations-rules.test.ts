// A reservation's rules, called directly on createReservation/updateReservation (moved here from
// tests/integration/reservations.test.ts; the HTTP contract, concurrency, access and page flows stay
// there): a table that exists, a time not past (in the restaurant's zone) nor over a year ahead, and
// no second pending or confirmed reservation of a table within two hours.
import { describe, expect, it } from "vitest";
import { createReservation, listReservations, updateReservation, type Place } from "~/modules/reservations/reservations.server";
import { CreateReservationSchema, UpdateReservationSchema } from "~/modules/reservations/schemas";
import { prisma } from "~/utils/db.server";
import { createRestaurant, refusal } from "../setup/domain";

const PAST = "400 Geçmiş bir tarih ve saate rezervasyon yapılamaz.";
const TOO_FAR = "400 Rezervasyon en fazla 366 gün sonrası için yapılabilir.";
const missingTable = (n: number) => `400 Masa ${n} bulunamadı. Var olan bir masa numarası girin.`;

/** A fixed "now": 10 March 2027, 12:00:30 in Istanbul (UTC+3). */
const NOW = new Date("2027-03-10T09:00:30Z");

async function place(): Promise<Place> {
  const { restaurantId } = await createRestaurant();
  return { id: restaurantId, timezone: "Europe/Istanbul" };
}

const input = (fields: Record<string, unknown> = {}) =>
  CreateReservationSchema.parse({
    customer_name: "Ayşe Yılmaz",
    customer_phone: "0532 111 22 33",
    table_number: 3,
    date: "2027-03-12",
    time: "19:00",
    ...fields,
  });
const create = (p: Place, fields: Record<string, unknown> = {}) => createReservation(p, input(fields), undefined, NOW);
const tryCreate = (p: Place, fields: Record<string, unknown> = {}) => refusal(create(p, fields));
const tryUpdate = (p: Place, id: number, fields: Record<string, unknown>) =>
  refusal(updateReservation(p, id, UpdateReservationSchema.parse(fields), NOW));
const count = (p: Place) => prisma.reservation.count({ where: { restaurantId: p.id, deletedAt: null } });

describe("creating a reservation", () => {
  it("refuses a table that does not exist, a past day or time, and a day over a year ahead (400)", async () => {
    const p = await place();
    expect(await tryCreate(p, { table_number: 99 })).toBe(missingTable(99));
    expect(await tryCreate(p, { date: "2027-03-09" })).toBe(PAST);
    // Earlier this minute's start in Istanbul is past, whatever the server's own zone; this minute is not.
    expect(await tryCreate(p, { date: "2027-03-10", time: "11:59" })).toBe(PAST);
    expect(await tryCreate(p, { date: "2027-03-10", time: "12:00" })).toBe("ok");
    // 366 days ahead is the last bookable day.
    expect(await tryCreate(p, { date: "2028-03-10", time: "12:00" })).toBe("ok");
    expect(await tryCreate(p, { date: "2028-03-11", time: "12:00" })).toBe(TOO_FAR);
    expect(await tryCreate(p, { date: "2028-04-15" })).toBe(TOO_FAR);
    expect(await count(p)).toBe(2);
  });

  it("a second pending or confirmed reservation of the table within two hours: 409 naming the first", async () => {
    const p = await place();
    const date = "2027-03-13";
    const { reservation: first } = await create(p, { date, time: "19:00" });
    for (const time of ["19:00", "20:59", "17:01"]) {
      const clash = await create(p, { date, time, customer_name: "Mehmet Kaya" }).catch(
        (e: Error & { status: number; extra?: unknown }) => e,
      );
      expect(clash, time).toMatchObject({ status: 409 });
      const message = (clash as Error).message;
      expect(message).toContain("Masa 3 için");
      expect(message).toContain("19:00 saatinde Ayşe Yılmaz adına bir rezervasyon var");
      expect(message).toContain("Aynı masaya iki saat içinde ikinci bir rezervasyon yapılamaz.");
      expect(JSON.stringify(clash)).toContain(
        JSON.stringify({ id: first.id, customer_name: "Ayşe Yılmaz", table_number: 3, date, time: "19:00" }),
      );
    }
    // Two hours apart, another table, or a reservation that holds no table: fine.
    expect(await tryCreate(p, { date, time: "21:00" })).toBe("ok");
    expect(await tryCreate(p, { date, time: "17:00" })).toBe("ok");
    expect(await tryCreate(p, { date, time: "19:30", table_number: 4 })).toBe("ok");
    expect(await tryCreate(p, { date, time: "19:30", status: "cancelled" })).toBe("ok");
    // Once the first is cancelled its time is free again (but 17:00 and 21:00 still hold 19:10).
    await updateReservation(p, first.id, { status: "cancelled" }, NOW);
    expect((await tryCreate(p, { date, time: "19:10", status: "confirmed" })).slice(0, 3)).toBe("409");
    // 19:00 is exactly two hours from 17:00 and 21:00: not a clash.
    expect(await tryCreate(p, { date, time: "19:00" })).toBe("ok");
  });
});

describe("editing a reservation", () => {
  it("keeps the create rules: table, past time, clash (also when a cancelled one is brought back)", async () => {
    const p = await place();
    const date = "2027-03-13";
    const { reservation: a } = await create(p, { date, time: "19:00", customer_name: "Ayşe" });
    const { reservation: b } = await create(p, { date, time: "19:00", table_number: 4, customer_name: "Burak" });
    const moveTable = await tryUpdate(p, b.id, { table_number: 3 });
    expect(moveTable).toMatch(/^409 /);
    expect(moveTable).toContain("Ayşe adına");
    expect(await tryUpdate(p, b.id, { time: "21:00", table_number: 3 })).toBe("ok");
    // Editing a reservation does not clash with itself.
    expect(await tryUpdate(p, a.id, { time: "18:30" })).toBe("ok");
    const { reservation: cancelled } = await create(p, { date, time: "20:00", table_number: 5, status: "cancelled" });
    await create(p, { date, time: "20:30", table_number: 5, customer_name: "Can" });
    const back = await tryUpdate(p, cancelled.id, { status: "pending" });
    expect(back).toMatch(/^409 /);
    expect(back).toContain("Can adına");
    expect(await tryUpdate(p, a.id, { table_number: 77 })).toBe(missingTable(77));
    expect(await tryUpdate(p, a.id, { date: "2027-03-08" })).toBe(PAST);
    // A stale version is 409; asking for what is stored already (a double submit) is not.
    expect(await tryUpdate(p, a.id, { guest_count: 2, version: 1 })).toMatch(/^409 Bu rezervasyon siz düzenlerken/);
    expect(await tryUpdate(p, a.id, { time: "18:30", version: 1 })).toBe("ok");
    expect(await prisma.reservation.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ guestCount: 1, tableNumber: 3 });
  });

  it("bad input is refused with the field's Turkish message", () => {
    for (const [body, message] of [
      [{ guest_count: 25 }, "Kişi sayısı en fazla 20 olabilir."],
      [{ customer_name: "" }, "Müşteri adı zorunludur."],
      [{ time: "25:00" }, "Saat SS:DD biçiminde olmalıdır (örnek: 19:30)."],
      [{ version: 0 }, "Sürüm numarası geçersiz."],
      [{ status: "done" }, "Durum şunlardan biri olmalıdır: pending, confirmed, completed, cancelled."],
    ] as const) {
      const parsed = UpdateReservationSchema.safeParse(body);
      expect(parsed.success, JSON.stringify(body)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(message);
    }
  });

  it("a reservation already past can still be marked completed (its time is not changed)", async () => {
    const p = await place();
    const table = await prisma.restaurantTable.findFirstOrThrow({ where: { restaurantId: p.id, number: 2 } });
    const old = await prisma.reservation.create({
      data: {
        restaurantId: p.id,
        tableId: table.id,
        tableNumber: 2,
        customerName: "Dünkü",
        customerPhone: "0555 000 00 00",
        reservedFor: new Date(NOW.getTime() - 86_400_000),
        status: "confirmed",
      },
    });
    const done = await updateReservation(p, old.id, { status: "completed", version: 1 }, NOW);
    expect(done).toMatchObject({ status: "completed", date: "2027-03-09", time: "12:00" });
    // The default list starts today; the day's list has it.
    expect(await listReservations(p, { status: "completed" }, NOW)).toEqual([]);
    expect((await listReservations(p, { date: "2027-03-09" }, NOW)).map((r) => r.id)).toEqual([old.id]);
  });
});
