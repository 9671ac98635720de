import { describe, expect, it } from "vitest";
import { publicMenuUrl, tableTitle } from "./rules";
import { QrMenuSchema } from "./schemas";

describe("QrMenuSchema", () => {
  it.each(["https://ornek.com/menu/a", "http://127.0.0.1:3000/menu/a?masa=3", "  https://x.example  "])("takes %s", (url) => {
    expect(QrMenuSchema.safeParse({ menu_url: url }).success).toBe(true);
  });

  it.each(["", "javascript:alert(1)", "ftp://x.example", "mailto:a@b.c", "//x.example", "https://", "menu/a"])("refuses %j", (url) => {
    expect(QrMenuSchema.safeParse({ menu_url: url }).success).toBe(false);
  });

  it("allows 2,000 characters, not 2,001", () => {
    const base = "https://x.example/";
    expect(QrMenuSchema.safeParse({ menu_url: base + "a".repeat(2000 - base.length) }).success).toBe(true);
    expect(QrMenuSchema.safeParse({ menu_url: base + "a".repeat(2001 - base.length) }).success).toBe(false);
  });
});

describe("QR menu labels", () => {
  it("builds the public menu address, with the table", () => {
    expect(publicMenuUrl("https://sofra.app", "demo-lokanta")).toBe("https://sofra.app/menu/demo-lokanta");
    expect(publicMenuUrl("https://sofra.app", "demo-lokanta", 4)).toBe("https://sofra.app/menu/demo-lokanta?masa=4");
  });

  it("names a table by number, with its display name when it says more", () => {
    expect(tableTitle(4, null)).toBe("Masa 4");
    expect(tableTitle(4, "Masa 4")).toBe("Masa 4");
    expect(tableTitle(4, "4")).toBe("Masa 4");
    expect(tableTitle(4, "Bahçe 2")).toBe("Masa 4 · Bahçe 2");
  });
});
