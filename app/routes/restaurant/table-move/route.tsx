import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { FormError } from "~/components/forms";
import { actorOf } from "~/modules/auth/actor";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { TableMovePageSchema } from "~/modules/orders/move-schemas";
import { moveItems, movesOf, moveTable } from "~/modules/orders/moves.server";
import { listOpenOrders } from "~/modules/orders/orders.server";
import { numberedTableLabel } from "~/modules/tables/labels";
import { listTables } from "~/modules/tables/tables.server";
import { newClientOrderId } from "~/utils/client-order-id";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { positiveIntOrNull } from "~/utils/numbers";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf } from "~/utils/page-reply";
import { MoveHistory, MoveLinesForm, TableChoiceForm } from "./move-forms";
import "./table-move.css";

// Moving people and plates (issue 22, decision 084): a table's party to an empty table, its bill
// onto another table's, or some of its plates to another table. Plain forms (each with its key:
// a double submit moves once); with JavaScript they post the same way, without a reload.
const PATH = "/app/table-move";
const here = (table: number) => `${PATH}?table=${table}`;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const number = positiveIntOrNull(url.searchParams.get("table"));
  const tables = await listTables(auth.restaurant.id);
  const table = tables.find((t) => t.number === number);
  if (!table) throw data({ message: "Masa bulunamadı." }, { status: 404 });
  const [orders, flash] = await Promise.all([listOpenOrders(auth.restaurant.id, table.number), takeFlash(request)]);
  return data(
    {
      table: { number: table.number, label: table.display_name ?? null },
      orders,
      tables: tables
        .filter((t) => t.number !== table.number)
        .map((t) => ({ number: t.number, label: t.display_name ?? null, status: t.status })),
      history: await movesOf(
        auth.restaurant.id,
        orders.map((o) => o.id),
      ),
      flash: flash.flash,
      // The forms' idempotency keys: a double submit moves once.
      keys: { move: newClientOrderId(), merge: newClientOrderId(), lines: newClientOrderId() },
    },
    { headers: flash.headers },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const actor = actorOf(auth);
  const from = positiveIntOrNull(url.searchParams.get("table"));
  if (!from) throw data({ message: "Masa bulunamadı." }, { status: 404 });
  return pageAction(await request.formData(), TableMovePageSchema, async (form) => {
    if (form.intent === "move-items") {
      const result = await moveItems(actor, form.order_id, form.items, form.to_table_number, form.key ?? null);
      const count = form.items.reduce((n, i) => n + i.quantity, 0);
      const open = await listOpenOrders(actor.restaurantId, from);
      throw redirect(here(open.length > 0 ? from : result.to_table_number), {
        headers: await flashHeaders(`${count} ürün Masa ${result.to_table_number} hesabına taşındı.`),
      });
    }
    const merge = form.intent === "merge";
    const to = merge ? form.into_table_number : form.to_table_number;
    const result = await moveTable(actor, from, to, merge ? "merge" : "move", form.key ?? null);
    throw redirect(here(result.to_table_number), {
      headers: await flashHeaders(
        merge
          ? `Masa ${result.from_table_number}, Masa ${result.to_table_number} ile birleştirildi.`
          : `Masa ${result.from_table_number} → Masa ${result.to_table_number} taşındı.`,
      ),
    });
  });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Masa ${data?.table.number ?? ""} taşı — Sofra` }];

export default function TableMove({ loaderData, actionData }: Route.ComponentProps) {
  const { table, orders, tables, history, keys } = loaderData;
  const errors = formErrorsOf(actionData);
  const name = numberedTableLabel({ number: table.number, display_name: table.label });
  const empty = tables.filter((t) => t.status === "empty");
  const withBill = tables.filter((t) => t.status === "occupied");
  const open = tables.filter((t) => t.status !== "out_of_order" && t.status !== "cleaning");
  return (
    <>
      <AppHeader heading title={`${name}: taşı, birleştir`} backTo="/app/staff" />
      <main className="app-main">
        <div className="container stack table-move">
          {loaderData.flash ? (
            <p className="form-notice" role="status">
              {loaderData.flash}
            </p>
          ) : null}
          <FormError errors={errors} />
          {orders.length === 0 ? (
            <p className="card">
              {name} için açık hesap yok. <Link to="/app/staff">Masalara dön</Link>
            </p>
          ) : (
            <>
              <p className="cluster">
                <Link className="button button--small" to={`/app/payments?table=${table.number}`}>
                  Hesabı aç
                </Link>
                <Link className="button button--small" to={`/app/order-taking?table=${table.number}`}>
                  Siparişi düzenle
                </Link>
                <Link className="button button--small" to={`/app/adisyon?table=${table.number}`}>
                  Adisyon yazdır
                </Link>
              </p>
              <TableChoiceForm
                intent="move"
                title="Masayı taşı"
                hint="Tüm siparişler, mutfak fişleri ve hesap boş bir masaya geçer."
                field="to_table_number"
                tables={empty}
                moveKey={keys.move}
                button="Taşı"
              />
              <TableChoiceForm
                intent="merge"
                title="Başka bir masayla birleştir"
                hint="Bu masanın siparişleri seçilen masanın hesabına eklenir; bu masa boşalır."
                field="into_table_number"
                tables={withBill}
                moveKey={keys.merge}
                button="Birleştir"
              />
              {orders.map((o) => (
                <MoveLinesForm key={o.id} order={o} tables={open} moveKey={keys.lines} />
              ))}
            </>
          )}
          <MoveHistory history={history} />
        </div>
      </main>
    </>
  );
}
