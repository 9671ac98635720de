import { describe, expect, it } from "vitest";
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

describe("charging an account (hesaba yaz)", () => {
  it("stays within the limit, up to it exactly, and past it only with approval", () => {
    expect(chargeRefusal("400.00", "100.00", "500.00", false)).toBeNull();
    expect(chargeRefusal("400.00", "100.01", "500.00", false)).toBe(
      "Kredi limiti aşılıyor: bakiye ₺400,00 + ₺100,01 = ₺500,01, limit ₺500,00. Yönetici onayı gerekir.",
    );
    expect(chargeRefusal("400.00", "100.01", "500.00", true)).toBeNull();
  });

  it("a limit of 0 allows nothing without approval", () => {
    expect(chargeRefusal("0", "0.01", "0", false)).toMatch(/^Kredi limiti aşılıyor: .* limit ₺0,00\. Yönetici onayı gerekir\.$/);
    expect(chargeRefusal("0", "1250.50", "0", true)).toBeNull();
  });

  it("no approval passes the ceiling of a balance", () => {
    expect(chargeRefusal("99999999.00", "1.00", "0", true)).toBe(OVER_BALANCE_LIMIT);
    expect(OVER_BALANCE_LIMIT).toBe("Bakiye en fazla ₺99.999.999,99 olabilir.");
  });
});

describe("receiving a payment", () => {
  it("may pay all or part of the balance, never more", () => {
    expect(paymentRefusal("350.00", "350.00")).toBeNull();
    expect(paymentRefusal("350.00", "0.01")).toBeNull();
    expect(paymentRefusal("350.00", "350.01")).toBe("Ödeme bakiyeden fazla: bakiye ₺350,00, ödeme ₺350,01.");
    expect(paymentRefusal("0", "10")).toBe("Ödeme bakiyeden fazla: bu hesabın borcu yok.");
  });
});

describe("a manager's correction", () => {
  it("goes either way but never below 0", () => {
    expect(adjustmentRefusal("100.00", "-100.00")).toBeNull();
    expect(adjustmentRefusal("100.00", "25.00")).toBeNull();
    expect(adjustmentRefusal("100.00", "-100.01")).toBe("Düzeltme bakiyeyi 0'ın altına indiremez: bakiye ₺100,00, düzeltme -₺100,01.");
    expect(adjustmentRefusal("99999999.99", "0.01")).toBe(OVER_BALANCE_LIMIT);
  });
});

describe("closing", () => {
  it("only a settled account closes", () => {
    expect(closeRefusal("0.00")).toBeNull();
    expect(closeRefusal("12.50")).toBe("Bakiyesi ₺12,50 olan hesap kapatılamaz; önce bakiyeyi sıfırlayın.");
  });
});

describe("a charge's orders", () => {
  it("are kept unique and in order, and read back", () => {
    expect(orderIdsText([15, 12, 15, 18])).toBe("12,15,18");
    expect(orderIdsText([])).toBeNull();
    expect(parseOrderIds("12,15,18")).toEqual([12, 15, 18]);
    expect(parseOrderIds(null)).toEqual([]);
  });

  it("a list longer than the column ends with an ellipsis instead of refusing the bill", () => {
    const ids = Array.from({ length: 40 }, (_, i) => 1_000_000_000 + i);
    const text = orderIdsText(ids)!;
    expect(text.length).toBeLessThanOrEqual(255);
    expect(text.endsWith(",…")).toBe(true);
    expect(parseOrderIds(text)).toEqual(ids.slice(0, parseOrderIds(text).length));
    expect(parseOrderIds(text).length).toBe(23);
  });
});

describe("account names", () => {
  it("match the Turkish way, ignoring case and extra spaces", () => {
    expect(sameAccountName("İnci Kırtasiye", "inci  KIRTASİYE ")).toBe(true);
    expect(sameAccountName("Işık Ltd", "ışık ltd")).toBe(true);
    expect(sameAccountName("Işık Ltd", "Isik Ltd")).toBe(false);
  });
});
