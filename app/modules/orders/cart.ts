// The cart's rules, in one place for the server and the browser: which forms
// the cart has (its intents), what each does to the lines (quantities, ikram),
// what the cart sends as order lines, and when it needs a manager's approval.
// The server applies the same steps to the draft in SQL (drafts.server.ts, under
// the table's lock); the browser applies them to the page's cart with
// `applyCartIntent`. No zod here: this reaches the order screen's JavaScript.
import { optionKey } from "~/modules/menu/options";
import { MAX_QUANTITY, QUANTITY_RANGE } from "./rules";

/** The cart's buttons: each changes one menu item's line. */
export const ITEM_INTENTS = ["add", "add3", "dec", "remove", "comp", "uncomp"] as const;
export type ItemIntent = (typeof ITEM_INTENTS)[number];
/** The cart's buttons that act on the whole cart. */
export const CART_INTENTS = ["clear", "submit", "notes"] as const;
export type CartIntent = ItemIntent | (typeof CART_INTENTS)[number];

/** How many paid units +, +3 and − change. */
export const QUANTITY_STEP = { add: 1, add3: 3, dec: -1 } as const satisfies Partial<Record<ItemIntent, number>>;

/** A cart or order line per menu item: paid units and ikram (free) units. */
export interface QuantityLine {
  menuItemId: number;
  quantity: number;
  free?: number;
  /** The waiter's note for the kitchen on this line ("acısız"), for all its units. */
  note?: string | null;
  /** The chosen options' ids (at most one per group of the item; decision 082), for all its units. */
  options?: number[];
}

/** The line's note as the order sends it: trimmed, empty is none. */
export const lineNote = (note: string | null | undefined) => note?.trim() || null;

/** The lines with one item's note changed (as typed; trimmed when sent). */
export function withNote(lines: QuantityLine[], menuItemId: number, note: string): QuantityLine[] {
  return lines.map((l) => (l.menuItemId === menuItemId ? { ...l, note } : l));
}

/** The lines with one item's choice in one group (`groupOptions`: that group's option ids) set, or cleared with null. */
export function withOption(lines: QuantityLine[], menuItemId: number, groupOptions: number[], chosen: number | null): QuantityLine[] {
  return lines.map((l) =>
    l.menuItemId === menuItemId
      ? { ...l, options: [...(l.options ?? []).filter((o) => !groupOptions.includes(o)), ...(chosen ? [chosen] : [])] }
      : l,
  );
}

/** Cart lines as order lines: paid units, and ikram units as a complimentary line. */
export function cartItems(lines: QuantityLine[]) {
  return lines.flatMap((l) => {
    const note = lineNote(l.note);
    const withNote = { ...(note ? { note } : {}), ...(l.options?.length ? { options: l.options } : {}) };
    return [
      ...(l.quantity > 0 ? [{ menu_item_id: l.menuItemId, quantity: l.quantity, ...withNote }] : []),
      ...((l.free ?? 0) > 0 ? [{ menu_item_id: l.menuItemId, quantity: l.free!, complimentary: true, ...withNote }] : []),
    ];
  });
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

/** The paid total of the lines at the menu's prices with their options' differences (ikram units cost nothing). */
export function cartTotal(
  lines: QuantityLine[],
  priceOf: (menuItemId: number) => number | undefined,
  deltaOf: (optionId: number) => number = () => 0,
): number {
  return lines.reduce(
    (sum, l) => sum + ((priceOf(l.menuItemId) ?? 0) + (l.options ?? []).reduce((d, o) => d + deltaOf(o), 0)) * l.quantity,
    0,
  );
}

/** Units in the cart, paid and ikram. */
export function cartCount(lines: QuantityLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity + (l.free ?? 0), 0);
}

/**
 * What a cart button does to the lines, as the server does it to the draft:
 * +/+3/− change paid units (a line with no units left goes; more than
 * MAX_QUANTITY units is refused with `error`), ikram moves one unit from paid to
 * free and back, remove drops the line, clear empties the cart.
 */
export function applyCartIntent(
  lines: QuantityLine[],
  intent: Exclude<CartIntent, "submit">,
  menuItemId?: number,
): { lines: QuantityLine[]; error?: string } {
  if (intent === "clear") return { lines: [] };
  // The notes' own button (Enter in a note field): the notes are already in the lines.
  if (intent === "notes") return { lines };
  const line = lines.find((l) => l.menuItemId === menuItemId);
  const others = () => lines.filter((l) => l.menuItemId !== menuItemId);
  const replace = (next: QuantityLine) => lines.map((l) => (l.menuItemId === menuItemId ? next : l));
  switch (intent) {
    case "remove":
      return { lines: others() };
    case "comp":
      return { lines: line && line.quantity >= 1 ? replace({ ...line, quantity: line.quantity - 1, free: (line.free ?? 0) + 1 }) : lines };
    case "uncomp":
      return {
        lines: line && (line.free ?? 0) >= 1 ? replace({ ...line, quantity: line.quantity + 1, free: (line.free ?? 0) - 1 }) : lines,
      };
    default: {
      if (menuItemId === undefined) return { lines };
      const paid = Math.max(0, (line?.quantity ?? 0) + QUANTITY_STEP[intent]);
      const free = line?.free ?? 0;
      if (paid + free > MAX_QUANTITY) return { lines, error: QUANTITY_RANGE };
      if (paid + free <= 0) return { lines: others() };
      if (line) return { lines: replace({ ...line, quantity: paid }) };
      return { lines: [...lines, { menuItemId, quantity: paid }] };
    }
  }
}

/** Whether the cart differs from the order as sent (for a new order: whether it has anything): an unsent cart. */
export function cartChanged(sent: QuantityLine[], cart: QuantityLine[]): boolean {
  const units = (list: QuantityLine[]) =>
    new Map(
      list
        .filter((l) => l.quantity + (l.free ?? 0) > 0)
        .map((l) => [l.menuItemId, `${l.quantity}:${l.free ?? 0}:${optionKey(l.options ?? [])}:${lineNote(l.note) ?? ""}`]),
    );
  const a = units(sent);
  const b = units(cart);
  return a.size !== b.size || [...a].some(([id, u]) => b.get(id) !== u);
}

/**
 * What the cart adds to the order as it was sent, per item: paid units beyond the sent ones, and
 * ikram units beyond the sent ones that did not come from sent paid units (an ikram of a sent
 * unit is a change, not an addition). After an edit conflict these go onto the fresh order.
 */
export function unsentAdditions(sent: QuantityLine[], cart: QuantityLine[]): QuantityLine[] {
  const out: QuantityLine[] = [];
  for (const c of cart) {
    const s = sent.find((l) => l.menuItemId === c.menuItemId);
    const paidAway = Math.max(0, (s?.quantity ?? 0) - c.quantity);
    const quantity = Math.max(0, c.quantity - (s?.quantity ?? 0));
    const free = Math.max(0, (c.free ?? 0) - (s?.free ?? 0) - paidAway);
    if (quantity + free > 0) out.push({ menuItemId: c.menuItemId, quantity, ...(free > 0 ? { free } : {}) });
  }
  return out;
}

/** The lines with the additions put on top (a line reaching MAX_QUANTITY stops there). */
export function withAdditions(lines: QuantityLine[], additions: QuantityLine[]): QuantityLine[] {
  const out = lines.map((l) => ({ ...l }));
  for (const a of additions) {
    const line = out.find((l) => l.menuItemId === a.menuItemId);
    const target = line ?? { menuItemId: a.menuItemId, quantity: 0 };
    const room = MAX_QUANTITY - target.quantity - (target.free ?? 0);
    const quantity = Math.min(a.quantity, Math.max(0, room));
    const free = Math.min(a.free ?? 0, Math.max(0, room - quantity));
    target.quantity += quantity;
    if (free > 0 || target.free !== undefined) target.free = (target.free ?? 0) + free;
    if (!line && target.quantity + (target.free ?? 0) > 0) out.push(target);
  }
  return out;
}
