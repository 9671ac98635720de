const TURKISH: Record<string, string> = { ç: "c", ğ: "g", ı: "i", İ: "i", ö: "o", ş: "s", ü: "u", â: "a", î: "i", û: "u" };

/** "Şahin Köftecisi" -> "sahin-koftecisi" */
export function slugify(text: string): string {
  const ascii = text
    .replace(/[çğıİöşüâîûÇĞÖŞÜÂÎÛ]/g, (ch) => TURKISH[ch] ?? TURKISH[ch.toLowerCase()] ?? ch)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const slug = ascii
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "restoran";
}
