// The QR menu's rules and messages, for the screen and the server (no zod, no server code).

/** The longest menu address a code is made for (a version-40 code holds ~2,300 bytes at level M). */
export const MAX_MENU_URL = 2000;

export const QR_MESSAGES = {
  // The spec's message (section 8).
  failed: "QR kodu oluşturulurken hata oluştu",
  urlRequired: "Menü adresi zorunludur.",
  urlTooLong: `Menü adresi en fazla ${MAX_MENU_URL.toLocaleString("tr-TR")} karakter olabilir.`,
  urlInvalid: "Menü adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır.",
  urlNotText: "Menü adresi metin olmalıdır.",
  tooMuchData: "Bu adres QR koda sığmayacak kadar uzun; daha kısa bir adres deneyin.",
} as const;

/** The file name the spec gives the downloaded code. */
export const QR_FILE_NAME = "menu-qr-code.png";

/** The public menu of a restaurant, on the origin the manager uses (`?masa=N` for one table). */
export function publicMenuUrl(origin: string, slug: string, tableNumber?: number): string {
  return `${origin}/menu/${encodeURIComponent(slug)}${tableNumber === undefined ? "" : `?masa=${tableNumber}`}`;
}

/** How a table is named on the sheet and the public menu: "Masa 4", with its display name when it says more. */
export function tableTitle(number: number, displayName: string | null | undefined): string {
  const base = `Masa ${number}`;
  const name = displayName?.trim();
  return name && name !== base && name !== String(number) ? `${base} · ${name}` : base;
}
