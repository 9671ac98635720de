// The print agent's ticket layout (decision 080): the print view's content as ESC/POS, Turkish
// letters in code page 857 and never as UTF-8, then a cut.
import { describe, expect, it } from "vitest";
import type { TicketDto } from "~/modules/kitchen/tickets";
import { escposText, occurrences } from "../../tests/setup/escpos";
import { encodeTicket } from "./ticket-escpos";

const item = (id: number, name: string, quantity: number, extra: Partial<TicketDto["items"][number]> = {}) => ({
  id,
  name,
  quantity,
  note: null,
  options: [],
  status: "new" as const,
  voided: false,
  complimentary: false,
  version: 1,
  ...extra,
});

const ticket: TicketDto = {
  id: 4711,
  order_id: 12,
  table_number: 7,
  table_label: "Bahçe 2",
  station: { id: 3, name: "Mutfak" },
  status: "new",
  kind: "addition",
  created_at: "2026-11-27T17:05:00.000Z",
  waiter_name: "Ayşe Öztürk",
  alert_at: null,
  bumped_at: null,
  version: 1,
  items: [
    item(1, "İskender", 2, { note: "az pişmiş, acısız", options: [{ group: "Porsiyon", name: "1,5" }] }),
    item(2, "Künefe", 1, { voided: true }),
    item(3, "Çay", 3, { complimentary: true }),
  ],
};

describe("encodeTicket", () => {
  const bytes = encodeTicket(ticket, { timeZone: "Europe/Istanbul" });
  const text = escposText(bytes);

  it("lays out the print view's content: station, table and label, EK, time, waiter, lines, marks, notes", () => {
    expect(text).toContain("MUTFAK\n");
    expect(text).toContain("Bahçe 2 (Masa 7) · EK");
    expect(text).toContain("20:05 · Ayşe Öztürk · Fiş #4711");
    expect(text).toContain("2 × İskender\n");
    expect(text).toContain("   Not: az pişmiş, acısız\n");
    expect(text).toContain("   Porsiyon: 1,5\n");
    expect(text).toContain("1 × Künefe - İPTAL\n");
    expect(text).toContain("3 × Çay - İKRAM\n");
  });

  it("writes Turkish letters in code page 857 (ESC t 13), never UTF-8, and ends with one cut", () => {
    const raw = Buffer.from(bytes);
    expect(raw.includes(Buffer.from([0x1b, 0x74, 13]))).toBe(true);
    // İ ş ı ü ç: 0x98 0x9F 0x8D 0x81 0x87 in code page 857.
    expect(raw.includes(Buffer.from([0x98, ..."skender".split("").map((c) => c.charCodeAt(0))]))).toBe(true);
    for (const letter of "çğıİöşüÇĞÖŞÜ") expect(raw.includes(Buffer.from(letter, "utf8")), letter).toBe(false);
    expect(occurrences(text, "[CUT]")).toBe(1);
    expect(text.trimEnd().endsWith("[CUT]")).toBe(true);
    expect(raw.subarray(raw.length - 5).includes(Buffer.from([0x1d, 0x56]))).toBe(true);
  });

  it("a first ticket without a label says only the table", () => {
    const plain = escposText(encodeTicket({ ...ticket, kind: "new", table_label: null }, { timeZone: "Europe/Istanbul" }));
    expect(plain).toContain("Masa 7\n");
    expect(plain).not.toContain("EK");
  });
});
