// A document sent to a print device (decision 089): the server's lines printed as they are, in
// code page 857 and never UTF-8, the restaurant's name in bold, then one cut.
import { describe, expect, it } from "vitest";
import { escposText, occurrences } from "../../tests/setup/escpos";
import { encodeDocument } from "./ticket-escpos";

const lines = [
  "              ÇINAR KEBAP",
  "         Bağdat Cad. 12, Kadıköy",
  "-".repeat(42),
  "ÖDEME FİŞİ · Bahçe 2 (Masa 4)",
  "27 Kasım 2026 20:05",
  "ÖDENEN                           223,66 TL",
  "Ödeme şekli: Yemek kartı · Multinet",
  "Para üstü                         26,34 TL",
  "   Bilgi fişidir, mali değeri yoktur.",
];

describe("encodeDocument", () => {
  const bytes = encodeDocument({ lines });
  const text = escposText(bytes);

  it("prints every line as laid out, leading spaces and all, 42 columns on one printed line each", () => {
    for (const line of lines) expect(text).toContain(`${line}\n`);
    expect(text.indexOf("ÇINAR KEBAP")).toBeLessThan(text.indexOf("ÖDENEN"));
  });

  it("writes Turkish letters in code page 857 (ESC t 13), never UTF-8, the first line bold, and ends with one cut", () => {
    const raw = Buffer.from(bytes);
    expect(raw.includes(Buffer.from([0x1b, 0x74, 13]))).toBe(true);
    for (const letter of "çğıİöşüÇĞÖŞÜ") expect(raw.includes(Buffer.from(letter, "utf8")), letter).toBe(false);
    // ESC E 1 before the name, ESC E 0 after it.
    const name = raw.indexOf(Buffer.from("KEBAP"));
    expect(raw.subarray(0, name).includes(Buffer.from([0x1b, 0x45, 1]))).toBe(true);
    expect(raw.indexOf(Buffer.from([0x1b, 0x45, 0]), name)).toBeGreaterThan(name);
    expect(occurrences(text, "[CUT]")).toBe(1);
    expect(text.trimEnd().endsWith("[CUT]")).toBe(true);
  });

  it("keeps 42 columns on a printer set to fewer, and prints an empty line as one", () => {
    const narrow = escposText(encodeDocument({ lines: ["A", "", "-".repeat(42)] }, { columns: 32 }));
    expect(narrow).toContain(`A\n\n${"-".repeat(42)}\n`);
  });
});
