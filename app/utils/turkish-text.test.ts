import { describe, expect, it } from "vitest";
import { foldTurkish, matchesSearch, naturalCompare, sortNaturally } from "./turkish-text";

describe("foldTurkish / matchesSearch", () => {
  it.each(["ISKENDER", "iskender", "İskender", "İSKENDER", "ıskender"])("%s finds İskender", (q) => {
    expect(matchesSearch(q, "İskender")).toBe(true);
    expect(foldTurkish(q)).toBe("iskender");
  });

  it("folds ı/I, i/İ, ş, ğ, ü, ö, ç both ways", () => {
    expect(foldTurkish("ŞİŞ KÖFTE ÇORBA ĞÜ")).toBe("sis kofte corba gu");
    expect(matchesSearch("sis", "Tavuk Şiş")).toBe(true);
    expect(matchesSearch("SUTLAC", "Sütlaç")).toBe(true);
    expect(matchesSearch("çay", "CAY")).toBe(true);
    expect(matchesSearch("ığdır", "IGDIR")).toBe(true);
  });

  it("an empty query matches everything; a different word matches nothing; null texts are skipped", () => {
    expect(matchesSearch("  ", "Ayran")).toBe(true);
    expect(matchesSearch("kola", "Ayran", null, undefined)).toBe(false);
    expect(matchesSearch("yayık", "Ayran", null, "Yayık ayranı")).toBe(true);
  });
});

describe("naturalCompare", () => {
  it("puts Masa 2 before Masa 10 and sorts Turkish letters in their place", () => {
    expect(sortNaturally(["Masa 10", "Masa 2", "Masa 1", "Bahçe 3"], (s) => s)).toEqual(["Bahçe 3", "Masa 1", "Masa 2", "Masa 10"]);
    expect(["Çay", "Cacık", "Dondurma"].sort(naturalCompare)).toEqual(["Cacık", "Çay", "Dondurma"]);
  });
});
