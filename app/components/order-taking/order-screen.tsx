import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { apiFetch } from "~/components/app/api-client";
import { useHydrated } from "~/components/app/use-hydrated";
import {
  applyCartIntent,
  cartChanged,
  cartCount,
  cartItems,
  cartTotal,
  needsApproval,
  type CartIntent,
  type QuantityLine,
} from "~/modules/orders/cart";
import type { OrderDto } from "~/modules/orders/orders.server";
import { EMPTY_CART } from "~/modules/orders/rules";
import { newClientOrderId } from "~/utils/client-order-id";
import { CartPanel } from "./cart-panel";
import { MenuPanel, shownItems } from "./menu-panel";
import { cartStorageKey, type OrderScreenData } from "./screen-data";
import { UnsentCartGuard } from "./unsent-cart-guard";
import { formatMoney } from "~/utils/money";

const OFFLINE_NEEDS_APPROVAL =
  "Bağlantı yok: iptal ve ikram yönetici onayı gerektirir, çevrimdışıyken yapılamaz. Bağlantı gelince tekrar deneyin.";

/**
 * One table's order: the menu and the cart. Without JavaScript every button
 * posts to the route's action (the cart is a server-side draft); with it the
 * cart lives on the page (kept in sessionStorage across reloads of the tab)
 * and is sent to the API, or kept on this device when there is no connection.
 */
export function OrderScreen({ data: loaderData }: { data: OrderScreenData }) {
  const { menu, restaurantId, openOrderId } = loaderData;
  const table = loaderData.table!;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const editing = openOrderId !== null;

  const [lines, setLines] = useState<QuantityLine[]>(loaderData.lines);
  const [q, setQ] = useState(loaderData.q);
  const [category, setCategory] = useState(loaderData.category);
  const [confirmClear, setConfirmClear] = useState(loaderData.confirmClear);
  // A stale edit reloads the order and says why (navigation state, see submit).
  const [error, setError] = useState<string | null>((location.state as { error?: string } | null)?.error ?? null);
  const [busy, setBusy] = useState(false);
  const clientOrderId = useRef<string | null>(null);
  // Set while the order is on its way: the navigation that follows is not "leaving with an unsent cart".
  const sending = useRef(false);

  // With JavaScript the cart lives on the page; keep it across reloads of this tab.
  useEffect(() => {
    if (loaderData.fixing) return;
    const key = cartStorageKey(restaurantId, table);
    const saved = sessionStorage.getItem(key);
    if (!saved) return;
    try {
      const parsed = JSON.parse(saved) as { lines: QuantityLine[]; openOrderId: number | null };
      if (parsed.openOrderId === openOrderId && Array.isArray(parsed.lines)) setLines(parsed.lines);
    } catch {
      sessionStorage.removeItem(key);
    }
  }, [restaurantId, table, openOrderId, loaderData.fixing]);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const key = cartStorageKey(restaurantId, table);
    // Only an unsent cart is kept: the staff grid marks the tables whose cart is kept here.
    if (cartChanged(loaderData.sentLines, lines)) sessionStorage.setItem(key, JSON.stringify({ lines, openOrderId }));
    else sessionStorage.removeItem(key);
    clientOrderId.current = null;
  }, [lines, restaurantId, table, openOrderId, loaderData.sentLines]);

  const byId = useMemo(() => new Map(menu.map((m) => [m.id, m])), [menu]);
  const shown = shownItems(menu, category, q);
  const priceOf = (id: number) => byId.get(id)?.price;
  const total = cartTotal(lines, priceOf);
  const count = cartCount(lines);
  const unsent = hydrated && cartChanged(loaderData.sentLines, lines);

  function apply(intent: Exclude<CartIntent, "submit">, menuItemId?: number) {
    if (intent === "clear") setConfirmClear(false);
    setError(null);
    setLines((current) => {
      const next = applyCartIntent(current, intent, menuItemId);
      if (next.error) setError(next.error);
      return next.lines;
    });
  }

  function leaveAfterSending(to: string) {
    sending.current = true;
    sessionStorage.removeItem(cartStorageKey(restaurantId, table));
    navigate(to);
  }

  /** No connection: the order is kept on this device and sent later (app/offline/order-taking-data.ts). */
  async function keepOffline() {
    // Taking sent items away needs a manager's approval, which cannot be given offline.
    if (needsApproval(loaderData.sentLines, lines)) return setError(OFFLINE_NEEDS_APPROVAL);
    if (lines.length === 0) return setError(EMPTY_CART);
    if (restaurantId === null) return setError("Bağlantı yok ve bu cihazda oturum bilgisi bulunamadı; sipariş kaydedilemedi.");
    let stored: number | undefined;
    try {
      const { keepOrderOffline } = await import("~/offline/order-taking-data");
      stored = await keepOrderOffline({
        clientOrderId: clientOrderId.current ?? newClientOrderId(),
        restaurantId,
        table,
        staffName: loaderData.staffName,
        lines,
        menu,
        edit: editing ? { orderId: openOrderId, baseVersion: loaderData.baseVersion } : null,
        fixing: loaderData.fixing,
      });
    } catch (failure) {
      // Never silent: the waiter must know this order is not kept.
      setError(
        `Sipariş bu cihaza kaydedilemedi (${failure instanceof Error ? failure.message : "bilinmeyen hata"}). Lütfen tekrar deneyin.`,
      );
      return;
    }
    leaveAfterSending(`/app/staff?queued=${stored ?? ""}`);
  }

  async function submit(form: FormData) {
    if (lines.length === 0) return setError(EMPTY_CART);
    const approval = {
      reason: String(form.get("reason") ?? "") || undefined,
      note: String(form.get("note") ?? "") || undefined,
      manager_password: String(form.get("manager_password") ?? "") || undefined,
    };
    setBusy(true);
    setError(null);
    const items = cartItems(lines);
    clientOrderId.current ??= newClientOrderId();
    if (!navigator.onLine) {
      setBusy(false);
      return keepOffline();
    }
    // A flaky connection can hang: after 10 s the order is kept offline instead (its
    // client order id makes a late arrival of this request harmless).
    const signal = AbortSignal.timeout(10_000);
    const result = editing
      ? await apiFetch<OrderDto>(`/api/orders/table/${table}/update`, {
          method: "PUT",
          body: {
            items,
            order_id: openOrderId,
            base_version: loaderData.baseVersion ?? undefined,
            edit_key: clientOrderId.current,
            ...approval,
          },
          signal,
        })
      : await apiFetch<OrderDto>("/api/orders", {
          body: { table_number: table, items, client_order_id: clientOrderId.current, ...approval },
          signal,
        });
    setBusy(false);
    if (result.ok) {
      if (loaderData.fixing) await (await import("~/offline/order-taking-data")).dropCorrectedOrder(loaderData.fixing);
      leaveAfterSending(`/app/staff?success=order&order=${result.data.id}`);
    } else if ("network" in result) {
      await keepOffline();
    } else if (result.status === 403 && result.body?.feature) {
      // The premium gate: the loader shows it on the next load.
      navigate(`${location.pathname}${location.search}`, { replace: true });
    } else if (result.status === 409 && typeof result.body?.version === "number") {
      // The order changed on another device: drop this cart and show the order as it is now.
      sessionStorage.removeItem(cartStorageKey(restaurantId, table));
      navigate(`${location.pathname}${location.search}`, { replace: true, state: { error: result.detail } });
    } else if (result.status < 500) {
      // A refusal with its reason (approval or reason missing, a stale edit, an item off the menu…).
      setError(result.detail);
    } else {
      setError(`Sunucu hatası: ${result.status} ${result.detail}`);
    }
  }

  /** With JavaScript, the form buttons change the page's cart instead of posting. */
  function onCartSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter) return;
    const intent = submitter.name as CartIntent;
    if (intent === "submit") return void submit(new FormData(event.currentTarget));
    if (intent === "clear") return apply("clear");
    return apply(intent, Number(submitter.value));
  }

  const here = { pathname: location.pathname, search: location.search };

  return (
    <>
      <MenuPanel
        table={table}
        items={shown}
        q={q}
        category={category}
        here={here}
        hydrated={hydrated}
        onSearch={setQ}
        onCategory={(c) => {
          setCategory(c);
          setQ("");
        }}
        onCartSubmit={onCartSubmit}
      />
      <CartPanel
        table={table}
        lines={lines}
        byId={byId}
        total={total}
        count={count}
        submitKey={loaderData.submitKey}
        error={error}
        confirmClear={confirmClear}
        approval={needsApproval(loaderData.sentLines, lines) ? { managerMode: loaderData.managerMode } : null}
        busy={busy}
        editing={editing}
        here={here}
        onConfirmClear={setConfirmClear}
        onCartSubmit={onCartSubmit}
      />
      {lines.length > 0 ? (
        <a className="cart-bar" href="#sepet">
          <span>
            {count} ürün · <strong>{formatMoney(total)}</strong>
          </span>
          <span>Sepete git ↓</span>
        </a>
      ) : null}
      <UnsentCartGuard unsent={unsent} sending={sending} />
    </>
  );
}
