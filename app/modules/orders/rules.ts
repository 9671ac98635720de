// The order rules the screen needs too; kept free of zod so that the order
// screen's JavaScript does not carry a validation library for four constants.

export const MAX_QUANTITY = 99;
export const MAX_ORDER_LINES = 100;

export const EMPTY_CART = "Sipariş listesi boş!";
export const NO_TABLE = "Lütfen bir masa seçin!";
export const QUANTITY_RANGE = `Adet 1 ile ${MAX_QUANTITY} arasında olmalıdır.`;

/** A key generated on a device or rendered into a form (client order id, edit key). */
export const CLIENT_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** A cart or order line per menu item: paid units and ikram (free) units. */
export interface QuantityLine {
  menuItemId: number;
  quantity: number;
  free?: number;
}

/** Cart lines as order lines: paid units, and ikram units as a complimentary line. */
export function cartItems(lines: QuantityLine[]) {
  return lines.flatMap((l) => [
    ...(l.quantity > 0 ? [{ menu_item_id: l.menuItemId, quantity: l.quantity }] : []),
    ...((l.free ?? 0) > 0 ? [{ menu_item_id: l.menuItemId, quantity: l.free!, complimentary: true }] : []),
  ]);
}

/**
 * What a change from `was` to `now` (one menu item) takes away: ikram units added
 * (`freed`), paid units no longer on the order beyond those made ikram
 * (`paidVoided`), and ikram units no longer on it (`freeVoided`). The server
 * records these in the order history; the screen asks for approval when any is > 0.
 */
export function takeAwayOf(was: { paid: number; free: number }, now: { paid: number; free: number }) {
  const freed = Math.max(0, now.free - was.free);
  return { freed, paidVoided: Math.max(0, was.paid - now.paid - freed), freeVoided: Math.max(0, was.free - now.free) };
}

/** Whether going from the order as sent to this cart takes anything away or gives anything free (needs a manager). */
export function needsApproval(sent: QuantityLine[], cart: QuantityLine[]): boolean {
  const ids = new Set([...sent, ...cart].map((l) => l.menuItemId));
  for (const id of ids) {
    const s = sent.find((l) => l.menuItemId === id);
    const c = cart.find((l) => l.menuItemId === id);
    const t = takeAwayOf({ paid: s?.quantity ?? 0, free: s?.free ?? 0 }, { paid: c?.quantity ?? 0, free: c?.free ?? 0 });
    if (t.freed + t.paidVoided + t.freeVoided > 0) return true;
  }
  return false;
}

/** Why sent items were taken away or made free (the short list the screen offers). */
export const TAKE_AWAY_REASONS = ["customer_changed_mind", "wrong_order", "complimentary", "other"] as const;
export type TakeAwayReason = (typeof TAKE_AWAY_REASONS)[number];
export const TAKE_AWAY_REASON_LABELS: Record<TakeAwayReason, string> = {
  customer_changed_mind: "Müşteri vazgeçti",
  wrong_order: "Yanlış sipariş",
  complimentary: "İkram",
  other: "Diğer",
};
export const MAX_NOTE = 200;

export const APPROVAL_NEEDED =
  "Gönderilmiş ürünleri azaltmak, çıkarmak ya da ikram etmek yönetici onayı gerektirir: yönetici şifresini girin.";
export const REASON_NEEDED = "Gönderilmiş ürünleri azaltmak, çıkarmak ya da ikram etmek için bir neden seçin.";
export const NOTE_NEEDED = "“Diğer” nedeni için kısa bir açıklama yazın.";
export const WRONG_APPROVAL_PASSWORD = "Yönetici şifresi yanlış; değişiklik kaydedilmedi.";
