import { useEffect, useState } from "react";
import { useKeptActionData } from "~/components/connection-error";
import { data, Form, Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/payments";
import { AppHeader } from "~/components/app/app-header";
import { FormError } from "~/components/forms";
import { ProgressiveLink } from "~/components/app/progressive-link";
import { Modal } from "~/components/app/modal";
import { withParams } from "~/utils/url";
import { PremiumGate } from "~/components/app/premium-gate";
import { TableGroups } from "~/components/app/table-grid";
import { TableTile } from "~/components/app/table-tile";
import { useHydrated } from "~/components/app/use-hydrated";
import { actorOf } from "~/modules/auth/actor";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { previewDiscount } from "~/modules/discounts/discounts.server";
import { CODE_MESSAGES, MAX_CODE } from "~/modules/discounts/rules";
import { premiumGate } from "~/modules/billing/gate.server";
import { countOrders, listOpenOrders } from "~/modules/orders/orders.server";
import { orderHistory } from "~/modules/orders/history.server";
import { OrderHistory } from "~/components/app/order-history";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "~/modules/payments/methods";
import { MAX_RECEIPT_ORDERS, ORDER_NOT_FOUND, paymentReceipt, payOrders } from "~/modules/payments/payments.server";
import { PaymentFormSchema } from "~/modules/payments/schemas";
import { listTables } from "~/modules/tables/tables.server";
import { numberedTableLabel } from "~/modules/tables/labels";
import { formatClock } from "~/utils/dates";
import { DomainError } from "~/utils/domain-error";
import { formatMoney, sumMoney } from "~/utils/money";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf, submittedValue } from "~/utils/page-reply";
import { positiveIntOrNull } from "~/utils/numbers";
import "~/styles/payments.css";

type Method = (typeof PAYMENT_METHODS)[number];

const PARTIAL_FAILURE = "Bazı ödemeler işlenirken hata oluştu";

/** "12,13" → [12, 13]: the orders a payment result URL names. */
const idList = (value: string | null) =>
  (value ?? "")
    .split(",")
    .slice(0, MAX_RECEIPT_ORDERS)
    .map(positiveIntOrNull)
    .filter((id): id is number => id !== null);

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  // The spec's result URL (?success=payment&amount&method&table) names the paid table: show the grid then.
  const table = url.searchParams.has("success") ? null : positiveIntOrNull(url.searchParams.get("table"));
  const [tables, gate] = await Promise.all([listTables(auth.restaurant.id), premiumGate(auth, "payment_processing")]);
  const known = table !== null && tables.some((t) => t.number === table);
  const orders = known ? await listOpenOrders(auth.restaurant.id, table) : [];
  const history = await orderHistory(
    auth.restaurant.id,
    orders.map((o) => o.id),
  );
  const select = url.searchParams.get("select");
  const p = url.searchParams;
  return {
    tables,
    table: known ? table : null,
    orders,
    history,
    selectAll: select !== "none",
    timeZone: auth.restaurant.timezone,
    backTo: auth.mode === "manager" ? "/app/admin" : "/app/staff",
    gate,
    success: p.get("success") === "payment" ? await paymentReceipt(auth.restaurant.id, idList(p.get("orders"))) : null,
    failed: p.get("error") === "payment",
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const base = url.pathname.replace(/\.data$/, "");
  return pageAction(await request.formData(), PaymentFormSchema, async ({ table, method, orderIds, confirmed, payKey, discountCode }) => {
    requireFeature(auth.restaurant, "payment_processing");
    // A code is one payment's (decision 035): with several orders ticked, which one it reduces is not said.
    if (discountCode && orderIds.length > 1) throw new DomainError(400, CODE_MESSAGES.oneOrder);
    // First the confirmation: method, amount (from the database) and count.
    if (!confirmed) {
      const chosen = (await listOpenOrders(auth.restaurant.id, table)).filter((o) => orderIds.includes(o.id));
      if (chosen.length === 0) {
        // Another restaurant's order (or none at all) does not exist here; one of ours was paid meanwhile.
        const ours = await countOrders(auth.restaurant.id, orderIds);
        throw ours === 0 ? new DomainError(404, ORDER_NOT_FOUND) : new DomainError(409, "Seçilen siparişler artık açık değil.");
      }
      const subtotal = sumMoney(chosen.map((o) => o.total_amount));
      // The code is checked now (its use is counted only when paid): the dialog shows what will be charged.
      const discount = discountCode ? await previewDiscount(auth.restaurant.id, discountCode, subtotal) : null;
      const off = discount ? Number(discount.amount.toFixed(2)) : 0;
      const confirm = {
        method,
        orderIds: chosen.map((o) => o.id),
        subtotal,
        discount: discount ? { code: discount.code, amount: off } : null,
        amount: sumMoney([subtotal, -off]),
        count: chosen.length,
        payKey: crypto.randomUUID(),
      };
      return { confirm };
    }
    let outcome;
    try {
      outcome = await payOrders(actorOf(auth), orderIds, method, payKey, discountCode);
    } catch (error) {
      // The spec's ÖDEME HATASI for what the domain did not foresee (the error is logged).
      console.error(error);
      throw redirect(`${base}?error=payment&table=${table}`);
    }
    // Nothing paid and one reason (another restaurant's order: 404): that refusal, as the API gives it.
    const [first] = outcome.failed;
    if (first && outcome.paid.length === 0 && outcome.failed.every((f) => f.status === first.status && f.detail === first.detail)) {
      throw new DomainError(first.status, first.detail);
    }
    if (outcome.failed.length > 0) {
      return data({ partial: { failed: outcome.failed, paidCount: outcome.paid.length } }, { status: 409 });
    }
    // The result names the paid orders; the loader reads the figures from the database.
    throw redirect(`${base}?success=payment&orders=${outcome.paid.map((p) => p.order_id).join(",")}`);
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Ödemeler — Sofra" }];

export default function Payments({ loaderData, actionData: answer }: Route.ComponentProps) {
  // The confirmation dialog is the first post's answer: a confirm that cannot reach the server keeps it open.
  const actionData = useKeptActionData(answer);
  const { table, tables, gate, backTo } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();

  // After the result has been shown, clean the URL so a reload does not repeat it.
  useEffect(() => {
    if (hydrated && (loaderData.success || loaderData.failed)) {
      const timer = setTimeout(
        () =>
          navigate(withParams(location, { success: null, orders: null, error: null, table: null }), {
            replace: true,
            preventScrollReset: true,
          }),
        4000,
      );
      return () => clearTimeout(timer);
    }
  }, [hydrated, loaderData.success, loaderData.failed, location, navigate]);

  return (
    <>
      <AppHeader
        heading={table !== null}
        title={table ? `${numberedTableLabel(tables.find((t) => t.number === table) ?? { number: table })} · Hesap` : "Ödemeler"}
        backTo={table ? location.pathname : backTo}
      />
      <main className="app-main">
        <div className="container stack">
          {loaderData.success ? (
            <div className="notice notice--success payment-receipt" role="status">
              <p>
                <strong>ÖDEME BAŞARILI</strong>
                {formatMoney(loaderData.success.amount)}{" "}
                {loaderData.success.methods.map((m) => PAYMENT_METHOD_LABELS[m].toLocaleLowerCase("tr")).join(" ve ")} ile alındı
                {loaderData.success.count > 1 ? ` (${loaderData.success.count} sipariş)` : ""}.
                {loaderData.success.discount > 0
                  ? ` İndirim (${loaderData.success.codes.join(", ")}): ${formatMoney(loaderData.success.discount)}.`
                  : ""}
                {loaderData.success.freed ? ` Masa ${loaderData.success.table} boşaltıldı.` : ""}
              </p>
              {loaderData.success.footer ? (
                <p className="payment-receipt__footer" data-testid="receipt-footer">
                  {loaderData.success.footer}
                </p>
              ) : null}
            </div>
          ) : null}
          {loaderData.failed ? (
            <p className="notice notice--error" role="alert">
              <strong>ÖDEME HATASI</strong>
              Ödeme işlenirken hata oluştu
            </p>
          ) : null}
          <FormError errors={formErrorsOf(actionData)} />
          {actionData && "partial" in actionData ? (
            <div className="notice notice--error" role="alert">
              <strong>{PARTIAL_FAILURE}</strong>
              <ul style={{ margin: "4px 0 0", paddingLeft: 18 }}>
                {actionData.partial.failed.map((f) => (
                  <li key={f.order_id}>
                    Sipariş #{f.order_id}: {f.detail}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {table ? (
            <TableOrders data={loaderData} typedCode={typedCodeOf(actionData)} />
          ) : (
            <TableGrid tables={tables} base={location.pathname} />
          )}
        </div>
      </main>
      {actionData && "confirm" in actionData && table ? <ConfirmPayment confirm={actionData.confirm} table={table} /> : null}
      {gate ? <PremiumGate gate={gate} returnTo={`${location.pathname}${location.search}`} /> : null}
    </>
  );
}

function TableGrid({ tables, base }: { tables: Route.ComponentProps["loaderData"]["tables"]; base: string }) {
  return (
    <>
      <h1 style={{ fontSize: "1.3rem" }}>Hangi masanın hesabını alacaksınız?</h1>
      <TableGroups tables={tables} tile={(t) => <TableTile key={t.id} table={t} to={`${base}?table=${t.number}`} />} />
    </>
  );
}

/** The code the last post carried (a refused one stays in the field to be corrected). */
function typedCodeOf(actionData: Route.ComponentProps["actionData"]): string | undefined {
  if (actionData && "confirm" in actionData) return actionData.confirm.discount?.code;
  return submittedValue(actionData, "discount_code");
}

function TableOrders({ data: loaderData, typedCode }: { data: Route.ComponentProps["loaderData"]; typedCode?: string }) {
  const { orders, table, timeZone } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const [selected, setSelected] = useState<number[]>(loaderData.selectAll ? orders.map((o) => o.id) : []);
  useEffect(() => setSelected(loaderData.selectAll ? orders.map((o) => o.id) : []), [orders, loaderData.selectAll]);

  if (orders.length === 0) {
    return (
      <div className="card stack" style={{ textAlign: "center" }}>
        <p>Bu masa için aktif sipariş bulunmuyor</p>
        <Link className="button" to={location.pathname}>
          Masalara dön
        </Link>
      </div>
    );
  }

  const total = sumMoney(orders.filter((o) => selected.includes(o.id)).map((o) => o.total_amount));
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...new Set([...s, id])] : s.filter((x) => x !== id)));

  return (
    <Form method="post" className="stack">
      <input type="hidden" name="table" value={table!} />
      <div className="button-row">
        <ProgressiveLink
          className="button button--small"
          to={withParams(location, { select: "all" })}
          onActivate={() => setSelected(orders.map((o) => o.id))}
        >
          Tümünü Seç
        </ProgressiveLink>
        <ProgressiveLink className="button button--small" to={withParams(location, { select: "none" })} onActivate={() => setSelected([])}>
          Temizle
        </ProgressiveLink>
      </div>
      {orders.map((o) => (
        <article key={o.id} className="card order-card" aria-label={`Sipariş #${o.id}`}>
          <label className="order-card__head">
            <input
              type="checkbox"
              name="order_id"
              value={o.id}
              checked={selected.includes(o.id)}
              onChange={(e) => toggle(o.id, e.target.checked)}
            />
            <span style={{ flex: 1 }}>
              <strong>Sipariş #{o.id}</strong>
              <br />
              <span className="muted">
                {formatClock(o.created_at, timeZone)} · {o.waiter_name}
              </span>
            </span>
            <strong>{formatMoney(o.total_amount)}</strong>
          </label>
          <ul className="order-card__items">
            {o.items.map((i) => (
              <li key={i.id}>
                {i.quantity} × {i.menu_item_name} —{" "}
                {i.complimentary ? `İkram (${formatMoney(i.discount_applied)})` : formatMoney(i.total_price)}
              </li>
            ))}
          </ul>
          <OrderHistory events={loaderData.history.filter((e) => e.order_id === o.id)} timeZone={timeZone} />
          <div className="button-row">
            <button type="submit" name="quick" value={`cash:${o.id}`} className="button button--small">
              Nakit
            </button>
            <button type="submit" name="quick" value={`card:${o.id}`} className="button button--small">
              Kart
            </button>
          </div>
        </article>
      ))}
      <div className="summary-bar">
        <div className="cart-total">
          <span>Seçili: {selected.length} sipariş</span>
          <span data-testid="payment-total">{formatMoney(total)}</span>
        </div>
        {/* Plain HTML (the page's script budget): the server checks the code and the confirmation shows the reduced total. */}
        <div className="field">
          <label htmlFor="discount-code">İndirim kodu (isteğe bağlı)</label>
          <input
            id="discount-code"
            name="discount_code"
            maxLength={MAX_CODE}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            // Shown as the server stores it: ASCII upper case ("i" is "I", not the Turkish "İ").
            lang="en"
            style={{ textTransform: "uppercase" }}
            defaultValue={typedCode ?? ""}
          />
        </div>
        <div className="button-row">
          <button type="submit" name="method" value="cash" className="button" style={{ flex: 1 }} disabled={busy}>
            Nakit Öde
          </button>
          <button type="submit" name="method" value="card" className="button button--primary" style={{ flex: 1 }} disabled={busy}>
            Kartla Öde
          </button>
        </div>
      </div>
    </Form>
  );
}

function ConfirmPayment({
  confirm,
  table,
}: {
  confirm: {
    method: Method;
    orderIds: number[];
    subtotal: number;
    discount: { code: string; amount: number } | null;
    amount: number;
    count: number;
    payKey: string;
  };
  table: number;
}) {
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const closeTo = `${location.pathname}${location.search}`;
  return (
    <Modal title="Ödeme Onayı" closeTo={closeTo}>
      <dl className="stack" style={{ margin: "0 0 16px" }}>
        <div>
          <dt className="muted">Yöntem</dt>
          <dd style={{ margin: 0, fontWeight: 700 }}>{PAYMENT_METHOD_LABELS[confirm.method]}</dd>
        </div>
        {confirm.discount ? (
          <>
            <div>
              <dt className="muted">Ara toplam</dt>
              <dd style={{ margin: 0 }}>{formatMoney(confirm.subtotal)}</dd>
            </div>
            <div>
              <dt className="muted">İndirim ({confirm.discount.code})</dt>
              <dd style={{ margin: 0, fontWeight: 700 }} data-testid="confirm-discount">
                −{formatMoney(confirm.discount.amount)}
              </dd>
            </div>
          </>
        ) : null}
        <div>
          <dt className="muted">Tutar</dt>
          <dd style={{ margin: 0, fontWeight: 700 }} data-testid="confirm-amount">
            {formatMoney(confirm.amount)}
          </dd>
        </div>
        <div>
          <dt className="muted">Sipariş sayısı</dt>
          <dd style={{ margin: 0, fontWeight: 700 }}>{confirm.count}</dd>
        </div>
      </dl>
      <Form method="post" action={closeTo} className="button-row">
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="table" value={table} />
        <input type="hidden" name="method" value={confirm.method} />
        <input type="hidden" name="pay_key" value={confirm.payKey} />
        {confirm.discount ? <input type="hidden" name="discount_code" value={confirm.discount.code} /> : null}
        {confirm.orderIds.map((id) => (
          <input key={id} type="hidden" name="order_id" value={id} />
        ))}
        <Link className="button" to={closeTo} replace>
          Vazgeç
        </Link>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "İşleniyor…" : "Onayla"}
        </button>
      </Form>
    </Modal>
  );
}
