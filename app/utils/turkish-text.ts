// Searching and sorting the Turkish way (decision 069). One fold for every search of the app,
// on the page and in SQL, and one comparison for every list of tables.

const FOLD: Record<string, string> = { ı: "i", ş: "s", ğ: "g", ü: "u", ö: "o", ç: "c", â: "a", î: "i", û: "u" };

/**
 * Text folded for matching: Turkish lower case ("I" → "ı", "İ" → "i"), then the letters a
 * person may type without their marks folded to ASCII, so "ISKENDER", "iskender" and
 * "İskender" all become "iskender" (and "sis" finds "Şiş", "cay" finds "Çay").
 */
export function foldTurkish(text: string): string {
  return text
    .toLocaleLowerCase("tr")
    .replace(/[ışğüöçâîû]/g, (ch) => FOLD[ch]!)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
}

/** Whether `query` (as typed) occurs in any of `texts`, folded; an empty query matches everything. */
export function matchesSearch(query: string, ...texts: (string | null | undefined)[]): boolean {
  const q = foldTurkish(query.trim());
  if (!q) return true;
  return texts.some((t) => t != null && foldTurkish(t).includes(q));
}

const collator = new Intl.Collator("tr", { numeric: true, sensitivity: "base" });

/** Turkish alphabetical order with numbers by value: "Masa 2" before "Masa 10", "Çay" after "Cacık". */
export const naturalCompare = (a: string, b: string): number => collator.compare(a, b);

/** A copy of `list` sorted naturally by `label`. */
export function sortNaturally<T>(list: readonly T[], label: (item: T) => string): T[] {
  return [...list].sort((a, b) => naturalCompare(label(a), label(b)));
}
