// The adisyon and a receipt as a print device's lines (decision 089): 42 columns at most, amounts
// right-aligned in "TL", nothing code page 857 lacks, the same figures as the pages.
import { describe, expect, it } from "vitest";
import type { BillDto } from "./bill.server";
import { adisyonLines, NOT_FISCAL, pair, paperMoney, receiptLines, wrap } from "./paper-text";
import type { PaperHeader, ReceiptDto } from "./receipt.server";

const header: PaperHeader = {
  name: "Çınar Kebap",
  address: "Bağdat Caddesi No: 12, Kadıköy / İstanbul — sahil tarafı",
  phone: "0216 555 12 34",
  time_zone: "Europe/Istanbul",
  footer: "Afiyet olsun! Yine bekleriz.",
};

const expectPrintable = (lines: string[]) => {
  for (const line of lines) {
    expect(line.length, line).toBeLessThanOrEqual(42);
    expect(line, line).not.toMatch(/[₺—–…“”\n]/);
  }
};

describe("layout helpers", () => {
  it("money in TL with Turkish separators, negatives with a hyphen", () => {
    expect(paperMoney(1234.5)).toBe("1.234,50 TL");
    expect(paperMoney(0)).toBe("0,00 TL");
    expect(paperMoney(-10)).toBe("-10,00 TL");
  });

  it("wraps words at 42 columns and cuts a word longer than a line", () => {
    expect(wrap("a ".repeat(30))).toEqual(["a ".repeat(21).trim(), "a ".repeat(9).trim()]);
    expect(wrap("x".repeat(50))).toEqual(["x".repeat(42), "x".repeat(8)]);
    expect(wrap("Not: çok acı olsun", 42, "   ")).toEqual(["   Not: çok acı olsun"]);
  });

  it("puts the amount at the right edge, on the last line of a long label", () => {
    expect(pair("TOPLAM", "715,00 TL")).toEqual([`TOPLAM${" ".repeat(42 - 6 - 9)}715,00 TL`]);
    const long = pair(`2 × ${"Karışık ızgara tabağı ".repeat(3)}`, "1.380,00 TL");
    expect(long.at(-1)!.endsWith("1.380,00 TL")).toBe(true);
    for (const line of long) expect(line.length).toBeLessThanOrEqual(42);
  });
});

describe("adisyonLines", () => {
  const bill: BillDto = {
    table_number: 4,
    table_label: "Bahçe 2",
    waiter_name: "Ayşe Öztürk",
    customer_count: 3,
    order_ids: [1, 2],
    lines: [
      {
        order_item_id: 1,
        order_id: 1,
        name: "Adana Kebap",
        quantity: 1,
        paid_quantity: 0,
        unit_price: 380,
        amount: 380,
        complimentary: false,
        note: "acısız",
        options: [{ id: 1, group: "Porsiyon", name: "1,5 porsiyon", price_delta: 0 }],
        kdv_rate: 10,
      },
      {
        order_item_id: 2,
        order_id: 2,
        name: "Çay",
        quantity: 2,
        paid_quantity: 0,
        unit_price: 20,
        amount: 0,
        complimentary: true,
        note: null,
        options: [],
        kdv_rate: 10,
      },
    ],
    subtotal: 380,
    discount: 0,
    service_charge_rate: 10,
    service_charge: 38,
    tax: [{ rate: 10, base: 418, amount: 38 }],
    total: 418,
    paid: 100,
    remaining: 318,
    payments: [],
  } as BillDto;
  const lines = adisyonLines(bill, header, new Date("2026-11-27T17:05:00Z"));

  it("has the page's content: head, table, time, waiter and guests, lines, sums, KDV, paid, remaining, footer", () => {
    expect(lines[0]!.trim()).toBe("ÇINAR KEBAP");
    const text = lines.join("\n");
    for (const expected of [
      "ADİSYON · Masa 4 (Bahçe 2)",
      "27 Kasım 2026 20:05",
      "Garson: Ayşe Öztürk · 3 kişi",
      "   1,5 porsiyon",
      "   Not: acısız",
      "Tel: 0216 555 12 34",
      "Afiyet olsun! Yine bekleriz.",
      NOT_FISCAL,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(lines).toContain(pair("1 × Adana Kebap", "380,00 TL")[0]);
    expect(lines).toContain(pair("2 × Çay", "İKRAM")[0]);
    expect(lines).toContain(pair("Servis ücreti (%10)", "38,00 TL")[0]);
    expect(lines).toContain(pair("TOPLAM", "418,00 TL")[0]);
    expect(lines).toContain(pair("KDV %10 (dahil)", "38,00 TL")[0]);
    expect(lines).toContain(pair("Ödenen", "100,00 TL")[0]);
    expect(lines).toContain(pair("Kalan", "318,00 TL")[0]);
    // The address's dash is a hyphen on paper.
    expect(text).toContain("sahil tarafı");
    expectPrintable(lines);
  });
});

describe("receiptLines", () => {
  const receipt: ReceiptDto = {
    source: "payment",
    id: 77,
    table_number: 6,
    table: "Masa 6",
    paid_at: "2026-11-27T19:30:00.000Z",
    taken_by: "Kasiyer Kemal",
    method: "cash",
    method_label: "Nakit",
    meal_card: null,
    house_account: null,
    amount: 223.66,
    service_charge: 20.33,
    discount: 10,
    discount_codes: ["YAZ10"],
    tip: 5,
    tendered: 250,
    change: 21.34,
    remaining: 447.34,
    fiscal: "ÖKC fiş 1234 · Z 56",
    order_ids: [1, 2],
  };

  it("says what was paid, how, the tip, cash and change, what remains, the fiscal document and the footer", () => {
    const lines = receiptLines(receipt, header);
    const text = lines.join("\n");
    for (const expected of [
      "ÖDEME FİŞİ · Masa 6",
      "27 Kasım 2026 22:30",
      "Ödemeyi alan: Kasiyer Kemal",
      "Ödeme no: 77",
      "Ödeme şekli: Nakit",
      "Mali belge: ÖKC fiş 1234 · Z 56",
      NOT_FISCAL,
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const [label, value] of [
      ["İndirim (YAZ10)", "-10,00 TL"],
      ["Servis ücreti", "20,33 TL"],
      ["ÖDENEN", "223,66 TL"],
      ["Bahşiş", "5,00 TL"],
      ["Alınan", "250,00 TL"],
      ["Para üstü", "21,34 TL"],
      ["Masada kalan", "447,34 TL"],
    ] as const) {
      expect(lines, label).toContain(pair(label, value)[0]);
    }
    expectPrintable(lines);
  });

  it("an order's receipt by card, nothing left: no cash, change or remaining lines", () => {
    const lines = receiptLines(
      {
        ...receipt,
        source: "order",
        id: 12,
        method: "card",
        method_label: "Kart",
        tip: 0,
        tendered: null,
        change: null,
        remaining: null,
        fiscal: null,
        discount: 0,
        discount_codes: [],
      },
      { ...header, footer: null, address: null, phone: null },
    );
    const text = lines.join("\n");
    expect(text).toContain("Sipariş no: 12");
    expect(text).toContain("Ödeme şekli: Kart");
    for (const absent of ["Bahşiş", "Alınan", "Para üstü", "Masada kalan", "Mali belge", "İndirim", "Tel:"])
      expect(text).not.toContain(absent);
  });
});
