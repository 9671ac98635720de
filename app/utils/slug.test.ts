import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("transliterates Turkish letters", () => {
    expect(slugify("Şahin Köftecisi")).toBe("sahin-koftecisi");
    expect(slugify("İğneada Çay Evi")).toBe("igneada-cay-evi");
    expect(slugify("Işık Büfe")).toBe("isik-bufe");
    expect(slugify("ÇĞİÖŞÜ çğıöşü")).toBe("cgiosu-cgiosu");
    expect(slugify("Hâlâ Açık")).toBe("hala-acik");
  });

  it("drops other accents and punctuation", () => {
    expect(slugify("Café Crème & Co.")).toBe("cafe-creme-co");
    expect(slugify("  --Lokanta  No: 7!--  ")).toBe("lokanta-no-7");
  });

  it("falls back to 'restoran' when nothing is left", () => {
    expect(slugify("")).toBe("restoran");
    expect(slugify("   ")).toBe("restoran");
    expect(slugify("!!!")).toBe("restoran");
    expect(slugify("日本料理")).toBe("restoran");
  });

  it("caps the length at 60 without a trailing hyphen", () => {
    expect(slugify("a".repeat(100))).toBe("a".repeat(60));
    const cut = slugify(`${"a".repeat(59)} bbbb`);
    expect(cut).toBe("a".repeat(59));
    for (const text of ["Çok Uzun Bir Restoran Adı ".repeat(5), "x y ".repeat(40)]) {
      const slug = slugify(text);
      expect(slug.length).toBeLessThanOrEqual(60);
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});
