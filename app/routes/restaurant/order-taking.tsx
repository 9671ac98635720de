import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { data, Form, redirect, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/order-taking";
import { apiFetch } from "~/components/app/api-client";
import { AppHeader } from "~/components/app/app-header";
import { ProgressiveLink } from "~/components/app/progressive-link";
import { withParams } from "~/components/app/modal";
import { PremiumGate } from "~/components/app/premium-gate";
import { useHydrated } from "~/components/app/use-hydrated";
import { actorOf } from "~/modules/auth/actor";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { ThrottledError } from "~/modules/auth/throttle.server";
import { approveTakeAway, approverOf } from "~/modules/orders/approval.server";
import { TakeAwayFields } from "~/modules/orders/schemas";
import { clientAddressContext } from "~/utils/request-context";
import { firstIssueMessage } from "~/utils/validation";
import { requireFeature } from "~/modules/billing/access.server";
import { premiumGate } from "~/modules/billing/gate.server";
import { MENU_CATEGORIES, MENU_CATEGORY_LABELS } from "~/modules/menu/categories";
import { listMenu, type MenuItemDto } from "~/modules/menu/menu.server";
import { changeDraftQuantity, clearDraft, discardDraft, readCart, removeDraftItem, setDraftFree, submitCart } from "~/modules/orders/drafts.server";
import { STALE_EDIT, type OrderDto } from "~/modules/orders/orders.server";
import {
  CLIENT_KEY,
  EMPTY_CART,
  MAX_NOTE,
  MAX_QUANTITY,
  NO_TABLE,
  QUANTITY_RANGE,
  TAKE_AWAY_REASON_LABELS,
  TAKE_AWAY_REASONS,
  cartItems,
  needsApproval,
} from "~/modules/orders/rules";
import { pickerLabel } from "~/modules/tables/labels";
import { listTables } from "~/modules/tables/tables.server";
import { DomainError } from "~/utils/domain-error";
import { formatMoney } from "~/utils/money";
import { newClientOrderId } from "~/utils/client-order-id";
import { PendingBadge } from "~/components/app/pending-badge";
import { cacheMenu, cacheTables, discardOfflineOrder, getCachedMenu, getCachedTables, getOfflineOrder, storeOfflineOrder } from "~/offline/offline-db";
import { isNetworkFailure, rememberedSession, requestBackgroundSync } from "~/offline/offline-client";
import { announceChange } from "~/offline/sync";
import { positiveIntOrNull } from "~/utils/numbers";

interface Line {
  menuItemId: number;
  /** Paid units. */
  quantity: number;
  /** Ikram units (free; they need a manager's approval). */
  free?: number;
}


export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const actor = actorOf(auth);
  const requested = positiveIntOrNull(url.searchParams.get("table"));
  const [tables, menu, gate] = await Promise.all([
    listTables(auth.restaurant.id),
    listMenu(auth.restaurant.id),
    premiumGate(auth, "order_taking"),
  ]);
  const table = requested && tables.some((t) => t.number === requested) ? requested : null;
  const cart = table ? await readCart(actor, table) : null;
  return {
    restaurantId: auth.restaurant.id as number | null,
    staffName: actor.name,
    offline: false,
    fixing: null as number | null,
    tables,
    menu,
    table,
    unknownTable: requested !== null && table === null ? requested : null,
    lines: cart?.lines ?? [],
    openOrderId: cart?.openOrderId ?? null,
    baseVersion: cart?.baseVersion ?? null,
    sentLines: cart?.sentLines ?? [],
    // The idempotency key of this cart's submit, rendered into the form: a double
    // submit or a resent POST carries the same key and saves the cart once.
    submitKey: newClientOrderId(),
    q: url.searchParams.get("q") ?? "",
    category: url.searchParams.get("category") ?? "",
    confirmClear: url.searchParams.get("confirm") === "clear",
    backTo: auth.mode === "manager" ? "/app/admin" : "/app/staff",
    managerMode: auth.mode === "manager",
    gate,
  };
}

/** The cart's form posts, for browsers without JavaScript (with it, the cart lives on the page). */
export async function action({ request, context, url }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const actor = actorOf(auth);
  const form = await request.formData();
  const table = positiveIntOrNull(form.get("table"));
  if (!table) return data({ error: NO_TABLE }, { status: 400 });
  const item = (name: string) => {
    const id = positiveIntOrNull(form.get(name));
    if (!id) throw new DomainError(400, "Ürün seçilmedi.");
    return id;
  };
  const back = withParams({ pathname: "/app/order-taking", search: url.search }, { table: String(table), confirm: null });
  try {
    if (form.has("add")) await changeDraftQuantity(actor, table, item("add"), 1);
    else if (form.has("add3")) await changeDraftQuantity(actor, table, item("add3"), 3);
    else if (form.has("dec")) await changeDraftQuantity(actor, table, item("dec"), -1);
    else if (form.has("remove")) await removeDraftItem(actor, table, item("remove"));
    else if (form.has("comp")) await setDraftFree(actor, table, item("comp"), true);
    else if (form.has("uncomp")) await setDraftFree(actor, table, item("uncomp"), false);
    else if (form.has("clear")) await clearDraft(actor, table);
    else if (form.has("submit")) {
      requireFeature(auth.restaurant, "order_taking");
      const key = form.get("client_order_id");
      const fields = TakeAwayFields.safeParse({
        reason: form.get("reason") || undefined,
        note: form.get("note") ?? undefined,
        manager_password: form.get("manager_password") || undefined,
      });
      if (!fields.success) return data({ error: firstIssueMessage(fields.error) }, { status: 400 });
      const approval = await approveTakeAway(approverOf(auth, context.get(clientAddressContext)), fields.data);
      const { order } = await submitCart(actor, table, typeof key === "string" && CLIENT_KEY.test(key) ? key : null, approval);
      throw redirect(`/app/staff?success=order&order=${order.id}`);
    } else return data({ error: "Geçersiz işlem." }, { status: 400 });
  } catch (error) {
    if (error instanceof ThrottledError) {
      return data({ error: error.message }, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
    }
    if (error instanceof DomainError) {
      // The order changed on another device since this cart was loaded from it: the
      // cart is dropped so that the page shows the order as it is now.
      if (error.message === STALE_EDIT) await discardDraft(actor, table);
      return data({ error: error.message }, { status: error.status });
    }
    throw error;
  }
  throw redirect(back);
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/**
 * Without a connection the screen opens from this device's copies of the menu
 * and tables, with an empty cart (a refused offline order's items when fixing
 * one). It also corrects a page the service worker served from the device's
 * copy of another table's screen.
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs): Promise<LoaderData> {
  const url = new URL(request.url);
  const wanted = positiveIntOrNull(url.searchParams.get("table"));
  const fix = positiveIntOrNull(url.searchParams.get("fix"));
  let data: LoaderData;
  try {
    data = await serverLoader();
    if ((data.table ?? null) !== wanted && !(data.unknownTable && data.unknownTable === wanted)) data = await offlineData(url, data);
    else if (navigator.onLine) {
      // A fresh answer from the server: keep its menu and tables for offline use.
      void cacheMenu(data.menu);
      void cacheTables(data.tables);
    }
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    data = await offlineData(url);
  }
  if (!fix) return data;
  const refused = await getOfflineOrder(fix);
  if (!refused || refused.table_number !== data.table) return data;
  // A refused edit (the order changed meanwhile): show the order as it is now; saving drops the refused copy.
  if (refused.edit) return { ...data, fixing: fix };
  return {
    ...data,
    fixing: fix,
    openOrderId: null,
    lines: refused.items.reduce<{ menuItemId: number; quantity: number; free: number }[]>((lines, i) => {
      let line = lines.find((l) => l.menuItemId === i.menu_item_id);
      if (!line) lines.push((line = { menuItemId: i.menu_item_id, quantity: 0, free: 0 }));
      if (i.complimentary) line.free += i.quantity;
      else line.quantity += i.quantity;
      return lines;
    }, []),
  };
}
clientLoader.hydrate = true as const;

async function offlineData(url: URL, base?: LoaderData): Promise<LoaderData> {
  const [tables, menu] = await Promise.all([getCachedTables(), getCachedMenu()]);
  const session = rememberedSession();
  const wanted = positiveIntOrNull(url.searchParams.get("table"));
  const table = wanted && tables.some((t) => t.number === wanted) ? wanted : null;
  return {
    restaurantId: base?.restaurantId ?? session?.restaurantId ?? null,
    staffName: base?.staffName ?? session?.staffName ?? "",
    offline: true,
    fixing: null,
    tables: tables.map((t) => ({ id: t.id, number: t.number, status: t.status, waiter_name: t.waiter_name ?? null, customer_count: t.customer_count ?? 0 })),
    menu: menu.map((m) => ({ id: m.id, name: m.name, category: m.category, price: m.price, description: m.description ?? null, available: m.available })),
    table,
    unknownTable: wanted !== null && table === null ? wanted : null,
    lines: [],
    openOrderId: null,
    baseVersion: null,
    sentLines: [],
    submitKey: base?.submitKey ?? newClientOrderId(),
    q: url.searchParams.get("q") ?? "",
    category: url.searchParams.get("category") ?? "",
    confirmClear: url.searchParams.get("confirm") === "clear",
    backTo: base?.backTo ?? "/app/staff",
    managerMode: base?.managerMode ?? false,
    gate: null,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Sipariş — Sofra" }];

const turkishLower = (s: string) => s.toLocaleLowerCase("tr");

function storageKey(restaurantId: number, table: number) {
  return `sofra:cart:${restaurantId}:${table}`;
}

export default function OrderTaking({ loaderData, actionData }: Route.ComponentProps) {
  const { table, tables, backTo, gate, openOrderId } = loaderData;
  const location = useLocation();
  const editing = openOrderId !== null;
  return (
    <>
      <AppHeader title={editing ? "Sipariş Düzenle" : "Sipariş Al"} backTo={backTo}>
        <PendingBadge restaurantId={loaderData.restaurantId} />
      </AppHeader>
      <main className="app-main">
        <div className="container stack">
          {loaderData.offline ? (
            <p className="notice notice--info" role="status">
              <strong>Çevrimdışı</strong>
              Menü ve masalar bu cihazdaki son bilgilerden. Alınan siparişler cihazda saklanır, bağlantı gelince gönderilir.
            </p>
          ) : null}
          {loaderData.fixing ? (
            <p className="notice notice--info" role="status">
              Gönderilemeyen siparişi düzeltiyorsunuz; kaydedince eskisi silinir.
            </p>
          ) : null}
          {loaderData.unknownTable ? (
            <p className="notice notice--error" role="alert">
              Masa bulunamadı: {loaderData.unknownTable}
            </p>
          ) : null}
          {actionData?.error ? (
            <p className="notice notice--error" role="alert">
              <strong>SİPARİŞ HATASI</strong>
              {actionData.error}
            </p>
          ) : null}
          <TablePicker tables={tables} table={table} />
          {table ? (
            <OrderScreen
              key={`${table}:${openOrderId ?? "new"}:${loaderData.baseVersion ?? ""}:${loaderData.fixing ?? ""}:${loaderData.offline}`}
              data={loaderData}
            />
          ) : (
            <p className="muted">{NO_TABLE} Sipariş almak için yukarıdan bir masa seçin.</p>
          )}
        </div>
      </main>
      {gate ? <PremiumGate gate={gate} returnTo={`${location.pathname}${location.search}`} /> : null}
    </>
  );
}

function TablePicker({ tables, table }: { tables: Route.ComponentProps["loaderData"]["tables"]; table: number | null }) {
  const navigate = useNavigate();
  return (
    <Form method="get" className="inline-form" aria-label="Masa seçimi">
      <div className="field">
        <label htmlFor="table-picker">Masa</label>
        <select
          id="table-picker"
          name="table"
          defaultValue={table ?? ""}
          onChange={(e) => e.currentTarget.value && navigate(`/app/order-taking?table=${e.currentTarget.value}`)}
        >
          <option value="">Masa seçin</option>
          {tables.map((t) => (
            <option key={t.id} value={t.number}>
              Masa {t.number} — {pickerLabel(t.status as never)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        Seç
      </button>
    </Form>
  );
}

function OrderScreen({ data: loaderData }: { data: Route.ComponentProps["loaderData"] }) {
  const { menu, restaurantId, openOrderId } = loaderData;
  const table = loaderData.table!;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const editing = openOrderId !== null;

  const [lines, setLines] = useState<Line[]>(loaderData.lines);
  const [q, setQ] = useState(loaderData.q);
  const [category, setCategory] = useState(loaderData.category);
  const [confirmClear, setConfirmClear] = useState(loaderData.confirmClear);
  // A stale edit reloads the order and says why (navigation state, see submit).
  const [error, setError] = useState<string | null>((location.state as { error?: string } | null)?.error ?? null);
  const [busy, setBusy] = useState(false);
  const clientOrderId = useRef<string | null>(null);

  // With JavaScript the cart lives on the page; keep it across reloads of this tab.
  useEffect(() => {
    if (loaderData.fixing) return;
    const key = storageKey(restaurantId ?? 0, table);
    const saved = sessionStorage.getItem(key);
    if (!saved) return;
    try {
      const parsed = JSON.parse(saved) as { lines: Line[]; openOrderId: number | null };
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
    sessionStorage.setItem(storageKey(restaurantId ?? 0, table), JSON.stringify({ lines, openOrderId }));
    clientOrderId.current = null;
  }, [lines, restaurantId, table, openOrderId]);

  const byId = useMemo(() => new Map(menu.map((m) => [m.id, m])), [menu]);
  const available = menu.filter((m) => m.available);
  const shown = available.filter(
    (m) => (!category || m.category === category) && (!q || turkishLower(m.name).includes(turkishLower(q.trim()))),
  );
  const total = lines.reduce((sum, l) => sum + (byId.get(l.menuItemId)?.price ?? 0) * l.quantity, 0);
  const count = lines.reduce((sum, l) => sum + l.quantity + (l.free ?? 0), 0);

  function change(menuItemId: number, by: number) {
    setError(null);
    setLines((current) => {
      const line = current.find((l) => l.menuItemId === menuItemId);
      const next = Math.max(0, (line?.quantity ?? 0) + by);
      if (next + (line?.free ?? 0) > MAX_QUANTITY) {
        setError(QUANTITY_RANGE);
        return current;
      }
      if (next + (line?.free ?? 0) <= 0) return current.filter((l) => l.menuItemId !== menuItemId);
      if (line) return current.map((l) => (l.menuItemId === menuItemId ? { ...l, quantity: next } : l));
      return [...current, { menuItemId, quantity: next }];
    });
  }

  /** Ikram: one unit of the item from paid to free (`on`) or back. */
  function makeFree(menuItemId: number, on: boolean) {
    setError(null);
    setLines((current) =>
      current.map((l) => {
        if (l.menuItemId !== menuItemId) return l;
        if (on && l.quantity >= 1) return { ...l, quantity: l.quantity - 1, free: (l.free ?? 0) + 1 };
        if (!on && (l.free ?? 0) >= 1) return { ...l, quantity: l.quantity + 1, free: (l.free ?? 0) - 1 };
        return l;
      }),
    );
  }

  /**
   * No connection: the order is kept on this device with its client order id
   * (so a request that did reach the server is not repeated) and sent later.
   * An edit is kept as an edit with its key and base version: if the request that
   * timed out did reach the server, the replay changes nothing (it used to be
   * queued as a new order of the added items, billing them twice). Taking sent
   * items away needs a manager's approval, which cannot be given offline.
   */
  async function keepOffline() {
    if (needsApproval(loaderData.sentLines, lines)) {
      setError("Bağlantı yok: iptal ve ikram yönetici onayı gerektirir, çevrimdışıyken yapılamaz. Bağlantı gelince tekrar deneyin.");
      return;
    }
    const toSend = lines;
    if (toSend.length === 0) return setError(EMPTY_CART);
    if (restaurantId === null) {
      setError("Bağlantı yok ve bu cihazda oturum bilgisi bulunamadı; sipariş kaydedilemedi.");
      return;
    }
    let stored;
    try {
      stored = await storeOfflineOrder({
        client_order_id: clientOrderId.current ?? newClientOrderId(),
        restaurant_id: restaurantId,
        table_number: table,
        waiter_name: loaderData.staffName,
        total_amount: sumOf(toSend),
        items: cartItems(toSend).map((i) => ({
          ...i,
          menu_item_name: byId.get(i.menu_item_id)?.name,
          unit_price: byId.get(i.menu_item_id)?.price,
        })),
        ...(editing ? { edit: { order_id: openOrderId!, base_version: loaderData.baseVersion } } : {}),
      });
    } catch (failure) {
      // Never silent: the waiter must know this order is not kept.
      setError(`Sipariş bu cihaza kaydedilemedi (${failure instanceof Error ? failure.message : "bilinmeyen hata"}). Lütfen tekrar deneyin.`);
      return;
    }
    if (loaderData.fixing) await discardOfflineOrder(loaderData.fixing);
    announceChange();
    void requestBackgroundSync();
    sessionStorage.removeItem(storageKey(restaurantId, table));
    navigate(`/app/staff?queued=${stored.id}`);
  }

  function sumOf(list: Line[]) {
    return list.reduce((sum, l) => sum + (byId.get(l.menuItemId)?.price ?? 0) * l.quantity, 0);
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
          body: { items, order_id: openOrderId, base_version: loaderData.baseVersion ?? undefined, edit_key: clientOrderId.current, ...approval },
          signal,
        })
      : await apiFetch<OrderDto>("/api/orders", { body: { table_number: table, items, client_order_id: clientOrderId.current, ...approval }, signal });
    setBusy(false);
    if (result.ok) {
      if (loaderData.fixing) {
        await discardOfflineOrder(loaderData.fixing);
        announceChange();
      }
      sessionStorage.removeItem(storageKey(restaurantId ?? 0, table));
      navigate(`/app/staff?success=order&order=${result.data.id}`);
    } else if ("network" in result) {
      await keepOffline();
    } else if (result.status === 403 && result.body?.feature) {
      // The premium gate: the loader shows it on the next load.
      navigate(`${location.pathname}${location.search}`, { replace: true });
    } else if (result.status === 409 && typeof result.body?.version === "number") {
      // The order changed on another device: drop this cart and show the order as it is now.
      sessionStorage.removeItem(storageKey(restaurantId ?? 0, table));
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
    const id = Number(submitter.value);
    switch (submitter.name) {
      case "add":
        return change(id, 1);
      case "add3":
        return change(id, 3);
      case "dec":
        return change(id, -1);
      case "comp":
        return makeFree(id, true);
      case "uncomp":
        return makeFree(id, false);
      case "remove":
        return setLines((current) => current.filter((l) => l.menuItemId !== id));
      case "clear":
        setConfirmClear(false);
        return setLines([]);
      case "submit":
        return void submit(new FormData(event.currentTarget));
    }
  }

  const here = { pathname: location.pathname, search: location.search };
  const hidden = <input type="hidden" name="table" value={table} />;

  return (
    <>
      <Form method="get" role="search" className="inline-form" onSubmit={(e) => hydrated && e.preventDefault()}>
        <input type="hidden" name="table" value={table} />
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <div className="field">
          <label htmlFor="menu-search">Menüde ara</label>
          <input id="menu-search" name="q" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Ürün adı" autoComplete="off" />
        </div>
        <button type="submit" className="button">
          Ara
        </button>
      </Form>

      <nav className="chips" aria-label="Kategoriler">
        {[{ key: "", label: "Tümü" }, ...MENU_CATEGORIES.map((c) => ({ key: c, label: MENU_CATEGORY_LABELS[c] }))].map((c) => (
          <ProgressiveLink
            key={c.key || "all"}
            className="chip"
            aria-current={category === c.key}
            to={withParams(here, { category: c.key || null, confirm: null })}
            onActivate={() => setCategory(c.key)}
          >
            {c.label}
          </ProgressiveLink>
        ))}
      </nav>

      <form method="post" onSubmit={onCartSubmit} aria-label="Menü">
        {hidden}
        {shown.length === 0 ? <p className="muted">Bu aramada ürün yok.</p> : null}
        <ul className="menu-list">
          {shown.map((m) => (
            <MenuRow key={m.id} item={m} />
          ))}
        </ul>
      </form>

      <section id="sepet" className="cart" aria-label="Sepet">
        <form method="post" onSubmit={onCartSubmit}>
          {hidden}
          <input type="hidden" name="client_order_id" value={loaderData.submitKey} />
          {error ? (
            <p className="notice notice--error" role="alert">
              <strong>SİPARİŞ HATASI</strong>
              {error}
            </p>
          ) : null}
          {lines.length === 0 ? (
            <p className="muted" style={{ margin: "0 0 10px" }}>
              Sepet boş. Menüden ürün ekleyin.
            </p>
          ) : (
            <ul className="cart-lines">
              {lines.map((l) => {
                const item = byId.get(l.menuItemId);
                return (
                  <li key={l.menuItemId} className="cart-line">
                    <span className="cart-line__name">
                      {item?.name ?? `Ürün #${l.menuItemId}`}
                      {item && !item.available ? <span className="stale"> (satışta değil)</span> : null}
                      <br />
                      {l.free ? (
                        <>
                          <span className="muted">+{l.free} ikram </span>
                          <button type="submit" name="uncomp" value={l.menuItemId} className="button button--small button--ghost" aria-label={`${item?.name ?? "Ürün"} ikramı geri al`}>
                            Geri al
                          </button>
                        </>
                      ) : null}
                      {l.quantity > 0 ? (
                        <button type="submit" name="comp" value={l.menuItemId} className="button button--small button--ghost" aria-label={`${item?.name ?? "Ürün"} ikram et`}>
                          İkram
                        </button>
                      ) : null}
                    </span>
                    <button type="submit" name="dec" value={l.menuItemId} className="button" aria-label={`${item?.name ?? "Ürün"} bir azalt`}>
                      −
                    </button>
                    <span className="cart-line__qty" aria-label="Adet">
                      {l.quantity}
                    </span>
                    <button type="submit" name="add" value={l.menuItemId} className="button" aria-label={`${item?.name ?? "Ürün"} bir artır`}>
                      +
                    </button>
                    <button type="submit" name="remove" value={l.menuItemId} className="button button--ghost" aria-label={`${item?.name ?? "Ürün"} çıkar`}>
                      ✕
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="cart-total">
            <span>
              Toplam <span className="muted">({count} ürün)</span>
            </span>
            <span data-testid="cart-total">{formatMoney(total)}</span>
          </div>
          {confirmClear ? (
            <div className="notice notice--error" role="alertdialog" aria-label="Sepeti temizle">
              <p style={{ margin: "0 0 8px" }}>Tüm ürünler sepetten çıkarılsın mı?</p>
              <div className="button-row">
                <button type="submit" name="clear" value="1" className="button button--danger">
                  Evet, temizle
                </button>
                <ProgressiveLink
                  className="button"
                  to={withParams(here, { confirm: null })}
                  onActivate={() => setConfirmClear(false)}
                >
                  Vazgeç
                </ProgressiveLink>
              </div>
            </div>
          ) : null}
          {needsApproval(loaderData.sentLines, lines) ? <TakeAwayApproval managerMode={loaderData.managerMode} /> : null}
          <div className="button-row">
            {lines.length > 0 ? (
              <ProgressiveLink
                className="button"
                to={withParams(here, { confirm: "clear" })}
                onActivate={() => setConfirmClear(true)}
              >
                Tümünü Temizle
              </ProgressiveLink>
            ) : null}
            <button type="submit" name="submit" value="1" className="button button--primary" style={{ flex: 1 }} disabled={busy}>
              {busy ? "Gönderiliyor…" : editing ? "Siparişi Güncelle" : "Siparişi Gönder"}
            </button>
          </div>
        </form>
      </section>

      {lines.length > 0 ? (
        <a className="cart-bar" href="#sepet">
          <span>
            {count} ürün · <strong>{formatMoney(total)}</strong>
          </span>
          <span>Sepete git ↓</span>
        </a>
      ) : null}
    </>
  );
}

function MenuRow({ item }: { item: MenuItemDto }) {
  return (
    <li className="menu-item">
      <div className="menu-item__text">
        <div className="menu-item__name">{item.name}</div>
        <div className="menu-item__price">{formatMoney(item.price)}</div>
      </div>
      <button type="submit" name="add" value={item.id} className="button" aria-label={`${item.name} ekle`}>
        +
      </button>
      <button type="submit" name="add3" value={item.id} className="button" aria-label={`${item.name} 3 adet ekle`}>
        +3
      </button>
    </li>
  );
}

/**
 * Shown when the cart takes away items already sent: a reason from the short list
 * and, outside manager mode, the manager password typed on the spot. Plain form
 * fields, so the no-JavaScript submit carries them too.
 */
function TakeAwayApproval({ managerMode }: { managerMode: boolean }) {
  return (
    <fieldset className="notice notice--info stack" aria-label="İptal onayı">
      <legend>
        <strong>İptal / ikram onayı</strong>
      </legend>
      <p style={{ margin: 0 }}>
        Gönderilmiş ürünleri azaltmak, çıkarmak ya da ikram etmek bir neden ve{" "}
        {managerMode ? "yönetici onayı (yönetici modundasınız)" : "yönetici şifresi"} gerektirir.
      </p>
      <div className="field">
        <label htmlFor="take-away-reason">Neden</label>
        <select id="take-away-reason" name="reason" defaultValue="">
          <option value="" disabled>
            Neden seçin
          </option>
          {TAKE_AWAY_REASONS.map((r) => (
            <option key={r} value={r}>
              {TAKE_AWAY_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="take-away-note">Açıklama (Diğer için)</label>
        <input id="take-away-note" name="note" type="text" maxLength={MAX_NOTE} autoComplete="off" />
      </div>
      {managerMode ? null : (
        <div className="field">
          <label htmlFor="take-away-password">Yönetici şifresi</label>
          <input id="take-away-password" name="manager_password" type="password" autoComplete="off" />
        </div>
      )}
    </fieldset>
  );
}
