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
import { requireFeature } from "~/modules/billing/access.server";
import { premiumGate } from "~/modules/billing/gate.server";
import { MENU_CATEGORIES, MENU_CATEGORY_LABELS } from "~/modules/menu/categories";
import { listMenu, type MenuItemDto } from "~/modules/menu/menu.server";
import { changeDraftQuantity, clearDraft, readCart, removeDraftItem, submitCart } from "~/modules/orders/drafts.server";
import type { OrderDto } from "~/modules/orders/orders.server";
import { EMPTY_CART, MAX_QUANTITY, NO_TABLE, QUANTITY_RANGE } from "~/modules/orders/rules";
import { pickerLabel } from "~/modules/tables/labels";
import { listTables } from "~/modules/tables/tables.server";
import { DomainError } from "~/utils/domain-error";
import { formatMoney } from "~/utils/money";
import { newClientOrderId } from "~/utils/client-order-id";
import { PendingBadge } from "~/components/app/pending-badge";
import { cacheMenu, cacheTables, discardOfflineOrder, getCachedMenu, getCachedTables, getOfflineOrder, storeOfflineOrder } from "~/offline/offline-db";
import { isNetworkFailure, rememberedSession, requestBackgroundSync } from "~/offline/offline-client";
import { announceChange } from "~/offline/sync";

interface Line {
  menuItemId: number;
  quantity: number;
}

function tableParam(value: FormDataEntryValue | string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const actor = actorOf(auth);
  const requested = tableParam(url.searchParams.get("table"));
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
    q: url.searchParams.get("q") ?? "",
    category: url.searchParams.get("category") ?? "",
    confirmClear: url.searchParams.get("confirm") === "clear",
    backTo: auth.mode === "manager" ? "/app/admin" : "/app/staff",
    gate,
  };
}

/** The cart's form posts, for browsers without JavaScript (with it, the cart lives on the page). */
export async function action({ request, context, url }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const actor = actorOf(auth);
  const form = await request.formData();
  const table = tableParam(form.get("table"));
  if (!table) return data({ error: NO_TABLE }, { status: 400 });
  const item = (name: string) => {
    const id = tableParam(form.get(name));
    if (!id) throw new DomainError(400, "Ürün seçilmedi.");
    return id;
  };
  const back = withParams({ pathname: "/app/order-taking", search: url.search }, { table: String(table), confirm: null });
  try {
    if (form.has("add")) await changeDraftQuantity(actor, table, item("add"), 1);
    else if (form.has("add3")) await changeDraftQuantity(actor, table, item("add3"), 3);
    else if (form.has("dec")) await changeDraftQuantity(actor, table, item("dec"), -1);
    else if (form.has("remove")) await removeDraftItem(actor, table, item("remove"));
    else if (form.has("clear")) await clearDraft(actor, table);
    else if (form.has("submit")) {
      requireFeature(auth.restaurant, "order_taking");
      const order = await submitCart(actor, table);
      throw redirect(`/app/staff?success=order&table=${table}&total=${order.total_amount}`);
    } else return data({ error: "Geçersiz işlem." }, { status: 400 });
  } catch (error) {
    if (error instanceof DomainError) return data({ error: error.message }, { status: error.status });
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
  const wanted = tableParam(url.searchParams.get("table"));
  const fix = tableParam(url.searchParams.get("fix"));
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
  return {
    ...data,
    fixing: fix,
    openOrderId: null,
    lines: refused.items.map((i) => ({ menuItemId: i.menu_item_id, quantity: i.quantity })),
  };
}
clientLoader.hydrate = true as const;

async function offlineData(url: URL, base?: LoaderData): Promise<LoaderData> {
  const [tables, menu] = await Promise.all([getCachedTables(), getCachedMenu()]);
  const session = rememberedSession();
  const wanted = tableParam(url.searchParams.get("table"));
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
    q: url.searchParams.get("q") ?? "",
    category: url.searchParams.get("category") ?? "",
    confirmClear: url.searchParams.get("confirm") === "clear",
    backTo: base?.backTo ?? "/app/staff",
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
            <OrderScreen key={`${table}:${openOrderId ?? "new"}:${loaderData.fixing ?? ""}:${loaderData.offline}`} data={loaderData} />
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
  const [error, setError] = useState<string | null>(null);
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
  const count = lines.reduce((sum, l) => sum + l.quantity, 0);

  function change(menuItemId: number, by: number) {
    setError(null);
    setLines((current) => {
      const line = current.find((l) => l.menuItemId === menuItemId);
      const next = (line?.quantity ?? 0) + by;
      if (next > MAX_QUANTITY) {
        setError(QUANTITY_RANGE);
        return current;
      }
      if (next <= 0) return current.filter((l) => l.menuItemId !== menuItemId);
      if (line) return current.map((l) => (l.menuItemId === menuItemId ? { ...l, quantity: next } : l));
      return [...current, { menuItemId, quantity: next }];
    });
  }

  /**
   * No connection: the order is kept on this device with its client order id
   * (so a request that did reach the server is not repeated) and sent later.
   * An order being edited cannot be changed offline: the items added since it
   * was opened go as a new order for the table.
   */
  async function keepOffline() {
    const toSend = editing ? addedSince(loaderData.lines, lines) : lines;
    if (toSend.length === 0) {
      setError("Bağlantı yok: açık sipariş çevrimdışıyken değiştirilemez. Yeni ürün ekleyip tekrar deneyin.");
      return;
    }
    if (restaurantId === null) {
      setError("Bağlantı yok ve bu cihazda oturum bilgisi bulunamadı; sipariş kaydedilemedi.");
      return;
    }
    try {
      await storeOfflineOrder({
        client_order_id: clientOrderId.current ?? newClientOrderId(),
        restaurant_id: restaurantId,
        table_number: table,
        waiter_name: loaderData.staffName,
        total_amount: sumOf(toSend),
        items: toSend.map((l) => ({
          menu_item_id: l.menuItemId,
          quantity: l.quantity,
          menu_item_name: byId.get(l.menuItemId)?.name,
          unit_price: byId.get(l.menuItemId)?.price,
        })),
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
    navigate(`/app/staff?queued=1&table=${table}&total=${sumOf(toSend)}`);
  }

  function sumOf(list: Line[]) {
    return list.reduce((sum, l) => sum + (byId.get(l.menuItemId)?.price ?? 0) * l.quantity, 0);
  }

  async function submit() {
    if (lines.length === 0) return setError(EMPTY_CART);
    setBusy(true);
    setError(null);
    const items = lines.map((l) => ({ menu_item_id: l.menuItemId, quantity: l.quantity }));
    clientOrderId.current ??= newClientOrderId();
    if (!navigator.onLine) {
      setBusy(false);
      return keepOffline();
    }
    // A flaky connection can hang: after 10 s the order is kept offline instead (its
    // client order id makes a late arrival of this request harmless).
    const signal = AbortSignal.timeout(10_000);
    const result = editing
      ? await apiFetch<OrderDto>(`/api/orders/table/${table}/update`, { method: "PUT", body: { items, order_id: openOrderId }, signal })
      : await apiFetch<OrderDto>("/api/orders", { body: { table_number: table, items, client_order_id: clientOrderId.current }, signal });
    setBusy(false);
    if (result.ok) {
      if (loaderData.fixing) {
        await discardOfflineOrder(loaderData.fixing);
        announceChange();
      }
      sessionStorage.removeItem(storageKey(restaurantId ?? 0, table));
      navigate(`/app/staff?success=order&table=${table}&total=${result.data.total_amount}`);
    } else if ("network" in result) {
      await keepOffline();
    } else if (result.status === 403 && result.body?.feature) {
      // The premium gate: the loader shows it on the next load.
      navigate(`${location.pathname}${location.search}`, { replace: true });
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
      case "remove":
        return setLines((current) => current.filter((l) => l.menuItemId !== id));
      case "clear":
        setConfirmClear(false);
        return setLines([]);
      case "submit":
        return void submit();
    }
  }

  const here = { pathname: location.pathname, search: location.search };
  const hidden = (
    <>
      <input type="hidden" name="table" value={table} />
    </>
  );

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

/** What was added to an order since it was loaded (for sending offline as a new order). */
function addedSince(before: Line[], after: Line[]): Line[] {
  return after
    .map((l) => ({ menuItemId: l.menuItemId, quantity: l.quantity - (before.find((b) => b.menuItemId === l.menuItemId)?.quantity ?? 0) }))
    .filter((l) => l.quantity > 0);
}
