import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { useHydrated } from "~/components/app/use-hydrated";
import {
  applyCartIntent,
  cartChanged,
  cartCount,
  cartTotal,
  needsApproval,
  withAdditions,
  type CartIntent,
  type QuantityLine,
  withNote,
  withOption,
} from "~/modules/orders/cart";
import { EMPTY_CART } from "~/modules/orders/rules";
import { CartPanel } from "./cart-panel";
import { MenuPanel, shownItems } from "./menu-panel";
import { cartStorageKey, type OrderMenuItem, type OrderScreenData } from "./screen-data";
import { UnsentCartGuard } from "./unsent-cart-guard";
import { formatMoney } from "~/utils/money";
import type { MenuItemDto } from "~/modules/menu/menu.server";

/** How often an open order screen re-reads the menu (an item marked sold out disappears within this). */
export const MENU_POLL_MS = 10_000;

/**
 * The menu as the manager keeps it: re-read from /api/menu while the page is
 * visible, so an item marked sold out (or deleted) leaves the list without a
 * reload. An item gone from the menu but still in the cart stays known (by
 * name, as not on sale) so the cart can say which one it is; the server refuses it anyway.
 */
function useFreshMenu(initial: OrderMenuItem[], categories: { key: string }[]): OrderMenuItem[] {
  const [menu, setMenu] = useState(initial);
  const shownCategories = useRef(new Set(categories.map((c) => c.key)));
  useEffect(() => {
    shownCategories.current = new Set(categories.map((c) => c.key));
  }, [categories]);
  useEffect(() => setMenu(initial), [initial]);
  useEffect(() => {
    let stopped = false;
    const refresh = async () => {
      if (document.visibilityState !== "visible" || !navigator.onLine) return;
      try {
        const response = await fetch("/api/menu", {
          headers: { accept: "application/json", "x-sofra-background": "1" },
          credentials: "same-origin",
        });
        if (!response.ok || stopped) return;
        const all = (await response.json()) as MenuItemDto[];
        if (!Array.isArray(all) || stopped) return;
        // /api/menu leaves hidden categories out; a category hidden or shown since this page loaded follows its chips (decision 068).
        const fresh = all.filter((m) => shownCategories.current.has(m.category));
        setMenu((current) => {
          const ids = new Set(fresh.map((m) => m.id));
          // /api/menu has no options: an item keeps the groups the page came with (decision 082).
          const groups = new Map(current.map((m) => [m.id, m.option_groups]));
          return [
            ...fresh.map((m) => ({ ...m, option_groups: groups.get(m.id) })),
            ...current.filter((m) => !ids.has(m.id)).map((m) => ({ ...m, available: false })),
          ];
        });
      } catch {
        // No connection: keep the menu this page has.
      }
    };
    const timer = setInterval(() => void refresh(), MENU_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  return menu;
}

/**
 * One table's order: the menu and the cart. Without JavaScript every button
 * posts to the route's action (the cart is a server-side draft); with it the
 * cart lives on the page (kept in sessionStorage across reloads of the tab)
 * and is sent to the API, or kept on this device when there is no connection.
 */
export function OrderScreen({ data: loaderData }: { data: OrderScreenData }) {
  const { restaurantId, openOrderId } = loaderData;
  const menu = useFreshMenu(loaderData.menu, loaderData.categories);
  const table = loaderData.table!;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const editing = openOrderId !== null;

  // After an edit conflict the fresh order comes with the waiter's additions to put back on top.
  const navState = location.state as { error?: string; reapply?: QuantityLine[] } | null;
  const reapplied = useRef(Array.isArray(navState?.reapply) && navState.reapply.length > 0);
  const [lines, setLines] = useState<QuantityLine[]>(() =>
    reapplied.current ? withAdditions(loaderData.lines, navState!.reapply!) : loaderData.lines,
  );
  const [q, setQ] = useState(loaderData.q);
  const [category, setCategory] = useState(loaderData.category);
  const [confirmClear, setConfirmClear] = useState(loaderData.confirmClear);
  // A stale edit reloads the order and says why (navigation state, see submit).
  const [error, setError] = useState<string | null>(navState?.error ?? null);
  // Applied once: going back to this history entry later (after sending) must not add them again.
  useEffect(() => {
    if (!reapplied.current) return;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: { error: navState?.error }, preventScrollReset: true });
    // Only on arrival with additions: later renders change nothing here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // An error after sending is brought into view and focused: the cart can be longer than the screen.
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!error || !errorRef.current) return;
    errorRef.current.scrollIntoView({ block: "center" });
    errorRef.current.focus({ preventScroll: true });
  }, [error]);
  const [busy, setBusy] = useState(false);
  const clientOrderId = useRef<string | null>(null);
  // Set while the order is on its way: the navigation that follows is not "leaving with an unsent cart".
  const sending = useRef(false);

  // With JavaScript the cart lives on the page; keep it across reloads of this tab.
  useEffect(() => {
    if (loaderData.fixing || reapplied.current) return;
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
  // Re-applied additions are an unsent cart from the start: kept like any other.
  const firstRender = useRef(!reapplied.current);
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
  const deltas = useMemo(
    () => new Map(menu.flatMap((m) => m.option_groups ?? []).flatMap((g) => g.options.map((o) => [o.id, o.price_delta]))),
    [menu],
  );
  const total = cartTotal(lines, priceOf, (id) => deltas.get(id) ?? 0);
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

  async function submit(form: FormData) {
    if (lines.length === 0) return setError(EMPTY_CART);
    setBusy(true);
    setError(null);
    const { sendOrder, newOrderKey } = await import("./send-order");
    clientOrderId.current ??= newOrderKey();
    const outcome = await sendOrder({
      data: loaderData,
      table,
      lines,
      clientOrderId: clientOrderId.current,
      approval: {
        reason: String(form.get("reason") ?? "") || undefined,
        note: String(form.get("note") ?? "") || undefined,
        manager_password: String(form.get("manager_password") ?? "") || undefined,
      },
      guests: String(form.get("customer_count") ?? ""),
    });
    setBusy(false);
    if (outcome.kind === "error") return setError(outcome.message);
    if (outcome.kind === "reload") {
      if (outcome.dropCart) sessionStorage.removeItem(cartStorageKey(restaurantId, table));
      return navigate(`${location.pathname}${location.search}`, {
        replace: true,
        state: outcome.error ? { error: outcome.error, reapply: outcome.reapply } : undefined,
      });
    }
    // The navigation that follows sending is not "leaving with an unsent cart".
    sending.current = true;
    sessionStorage.removeItem(cartStorageKey(restaurantId, table));
    navigate(outcome.to);
  }

  /** With JavaScript, the form buttons change the page's cart instead of posting (a handler runs only with it). */
  function onCartSubmit(event: FormEvent<HTMLFormElement>) {
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
        categories={loaderData.categories}
        q={q}
        category={category}
        here={here}
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
        errorRef={errorRef}
        confirmClear={confirmClear}
        approval={needsApproval(loaderData.sentLines, lines) ? { managerMode: loaderData.managerMode } : null}
        busy={busy}
        editing={editing}
        here={here}
        onConfirmClear={setConfirmClear}
        onCartSubmit={onCartSubmit}
        onNote={(menuItemId, note) => setLines((current) => withNote(current, menuItemId, note))}
        onOption={(menuItemId, group, chosen) => setLines((current) => withOption(current, menuItemId, group, chosen))}
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
