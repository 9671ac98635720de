// Sending the page's cart (with JavaScript): to the API, or onto this device when
// there is no connection. Loaded when the waiter sends, not with the page (the
// order screen's JavaScript budget); the screen turns the outcome into a
// navigation or a message.
import { apiFetch } from "~/components/app/api-client";
import { cartItems, needsApproval, unsentAdditions, type QuantityLine } from "~/modules/orders/cart";
import type { OrderDto } from "~/modules/orders/orders.server";
import { EMPTY_CART, GUESTS_RANGE, MAX_GUESTS, STALE_EDIT_REAPPLIED } from "~/modules/orders/rules";
import { newClientOrderId } from "~/utils/client-order-id";
import type { OrderScreenData } from "./screen-data";

const OFFLINE_NEEDS_APPROVAL =
  "Bağlantı yok: iptal ve ikram yönetici onayı gerektirir, çevrimdışıyken yapılamaz. Bağlantı gelince tekrar deneyin.";

export type SendOutcome =
  | { kind: "done"; to: string }
  /**
   * Show the order as it is now (the premium gate, or the order changed on another device: `error`
   * says so, and `reapply` holds what the waiter had added, to put on top of the fresh order).
   */
  | { kind: "reload"; error?: string; dropCart: boolean; reapply?: QuantityLine[] }
  | { kind: "error"; message: string };

interface SendInput {
  data: OrderScreenData;
  table: number;
  lines: QuantityLine[];
  /** The cart's idempotency key (kept by the screen until the cart changes). */
  clientOrderId: string;
  approval: { reason?: string; note?: string; manager_password?: string };
  /** A new table's guest count (kişi sayısı) as typed; empty when not given. */
  guests?: string;
}

export const newOrderKey = newClientOrderId;

/**
 * No connection: the order is kept on this device with its client order id (so a
 * request that did reach the server is not repeated) and sent later; an edit is
 * kept as that edit. Taking sent items away needs a manager's approval, which
 * cannot be given offline.
 */
/** The guest count field: a whole number from 1 to 99, nothing when empty, an error otherwise. */
function guestCount(value: string | undefined): number | null | "bad" {
  const typed = value?.trim() ?? "";
  if (typed === "") return null;
  const n = Number(typed);
  return /^\d{1,2}$/.test(typed) && n >= 1 && n <= MAX_GUESTS ? n : "bad";
}

async function keepOffline({ data, table, lines, clientOrderId }: SendInput, guests: number | null): Promise<SendOutcome> {
  if (needsApproval(data.sentLines, lines)) return { kind: "error", message: OFFLINE_NEEDS_APPROVAL };
  if (lines.length === 0) return { kind: "error", message: EMPTY_CART };
  if (data.restaurantId === null)
    return { kind: "error", message: "Bağlantı yok ve bu cihazda oturum bilgisi bulunamadı; sipariş kaydedilemedi." };
  try {
    const { keepOrderOffline } = await import("~/offline/order-taking-data");
    const stored = await keepOrderOffline({
      clientOrderId,
      restaurantId: data.restaurantId,
      table,
      staffName: data.staffName,
      lines,
      menu: data.menu,
      edit: data.openOrderId !== null ? { orderId: data.openOrderId, baseVersion: data.baseVersion } : null,
      fixing: data.fixing,
      guests: guests ?? undefined,
    });
    return { kind: "done", to: `/app/staff?queued=${stored ?? ""}` };
  } catch (failure) {
    // Never silent: the waiter must know this order is not kept.
    return {
      kind: "error",
      message: `Sipariş bu cihaza kaydedilemedi (${failure instanceof Error ? failure.message : "bilinmeyen hata"}). Lütfen tekrar deneyin.`,
    };
  }
}

export async function sendOrder(input: SendInput): Promise<SendOutcome> {
  const { data, table, lines, clientOrderId, approval } = input;
  if (lines.length === 0) return { kind: "error", message: EMPTY_CART };
  const guests = guestCount(input.guests);
  if (guests === "bad") return { kind: "error", message: GUESTS_RANGE };
  if (!navigator.onLine) return keepOffline(input, guests);
  const items = cartItems(lines);
  // A flaky connection can hang: after 10 s the order is kept offline instead (its
  // client order id makes a late arrival of this request harmless).
  const signal = AbortSignal.timeout(10_000);
  const result =
    data.openOrderId !== null
      ? await apiFetch<OrderDto>(`/api/orders/table/${table}/update`, {
          method: "PUT",
          body: { items, order_id: data.openOrderId, base_version: data.baseVersion ?? undefined, edit_key: clientOrderId, ...approval },
          signal,
        })
      : await apiFetch<OrderDto>("/api/orders", {
          body: { table_number: table, items, client_order_id: clientOrderId, ...(guests ? { customer_count: guests } : {}), ...approval },
          signal,
        });
  if (result.ok) {
    if (data.fixing) await (await import("~/offline/order-taking-data")).dropCorrectedOrder(data.fixing);
    return { kind: "done", to: `/app/staff?success=order&order=${result.data.id}` };
  }
  if ("network" in result) return keepOffline(input, guests);
  // The premium gate: the loader shows it on the next load.
  if (result.status === 403 && result.body?.feature) return { kind: "reload", dropCart: false };
  // The order changed on another device: show the order as it is now, with the waiter's additions
  // on top (never silently dropped); changes to sent units were made against lines that changed.
  if (result.status === 409 && typeof result.body?.version === "number") {
    const reapply = unsentAdditions(data.sentLines, lines);
    return { kind: "reload", error: reapply.length > 0 ? STALE_EDIT_REAPPLIED : result.detail, dropCart: true, reapply };
  }
  // A refusal with its reason (approval or reason missing, an item off the menu…).
  if (result.status < 500) return { kind: "error", message: result.detail };
  return { kind: "error", message: `Sunucu hatası: ${result.status} ${result.detail}` };
}
