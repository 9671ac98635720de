import { data, Link } from "react-router";
import type { Route } from "./+types/route";
import { SendToPrinter } from "~/components/app/send-to-printer";
import { PrintButton } from "~/components/app/print-button";
import { actorOf } from "~/modules/auth/actor";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { PrintRequestFormSchema } from "~/modules/kitchen/print-device-schemas";
import { printSent } from "~/modules/kitchen/print-documents";
import { adisyonOf } from "~/modules/payments/bill.server";
import { printFormFor, sendAdisyonToPrinter } from "~/modules/payments/print-documents.server";
import { DomainError } from "~/utils/domain-error";
import { redirectWithFlash, takeFlash } from "~/utils/flash.server";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf } from "~/utils/page-reply";
import { formatClock, formatLongDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { positiveIntOrNull } from "~/utils/numbers";
import "~/styles/paper.css";
import "./adisyon.css";

// The printed adisyon (issue 22): the table's bill on an 80 mm receipt printer (print CSS): the
// restaurant, table, waiter and guests, the lines with their notes and options, KDV per rate, the
// service charge, total, paid and remaining, the settings' receipt footer, and that it is not a
// fiscal document. Opened from the payments screen and the move page; printed by the browser, or
// sent to one of the restaurant's print devices ("Yazıcıya gönder", decision 089).
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const { restaurant } = auth;
  const number = tableOf(url);
  const [{ bill, footer }, printForm, flash] = await Promise.all([
    adisyonOf(restaurant.id, number).catch((error: unknown) => {
      if (error instanceof DomainError && error.status === 404) throw data({ message: error.message }, { status: 404 });
      throw error;
    }),
    printFormFor(auth),
    takeFlash(request),
  ]);
  return data(
    {
      bill,
      restaurant: { name: restaurant.name, address: restaurant.address, phone: restaurant.phone },
      footer,
      timeZone: restaurant.timezone,
      printedAt: new Date().toISOString(),
      printForm,
      sent: flash.flash,
    },
    { headers: flash.headers },
  );
}

/** "Yazıcıya gönder": the adisyon as it stands now, to the chosen device (whoever takes payments: roles.ts). */
export async function action({ context, request, url }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const number = tableOf(url);
  return pageAction(await request.formData(), PrintRequestFormSchema, async ({ device_id, request_key }) => {
    const sent = await sendAdisyonToPrinter(actorOf(auth), number, { deviceId: device_id, requestKey: request_key });
    throw await redirectWithFlash(`/app/adisyon?table=${number}`, printSent(sent.kind, sent.device.name));
  });
}

function tableOf(url: URL): number {
  const number = positiveIntOrNull(url.searchParams.get("table"));
  if (!number) throw data({ message: "Masa bulunamadı." }, { status: 404 });
  return number;
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Adisyon · Masa ${data?.bill.table_number ?? ""} — Sofra` }];

export default function Adisyon({ loaderData, actionData }: Route.ComponentProps) {
  const { bill, restaurant, footer, timeZone, printedAt } = loaderData;
  return (
    <main className="paper-page">
      <div className="print-controls">
        <Link to={`/app/payments?table=${bill.table_number}`} className="button">
          Hesaba dön
        </Link>
        <Link to={`/app/bill?table=${bill.table_number}`} className="button">
          Hesabı böl
        </Link>
        <PrintButton />
      </div>
      <SendToPrinter form={loaderData.printForm} sent={loaderData.sent} errors={formErrorsOf(actionData)} />
      <article className="paper adisyon" aria-label="Adisyon">
        <h1 className="paper-title">{restaurant.name}</h1>
        {restaurant.address ? <p>{restaurant.address}</p> : null}
        {restaurant.phone ? <p>Tel: {restaurant.phone}</p> : null}
        <p className="paper-rule">
          ADİSYON · Masa {bill.table_number}
          {bill.table_label && bill.table_label !== `Masa ${bill.table_number}` ? ` (${bill.table_label})` : ""}
        </p>
        <p>
          {formatLongDate(printedAt, timeZone)} {formatClock(printedAt, timeZone)}
          {bill.waiter_name ? ` · Garson: ${bill.waiter_name}` : ""}
          {bill.customer_count > 0 ? ` · ${bill.customer_count} kişi` : ""}
        </p>
        {bill.lines.length === 0 ? (
          <p className="paper-rule">Bu masada açık hesap yok.</p>
        ) : (
          <table className="adisyon-lines">
            <tbody>
              {bill.lines.map((l) => (
                <tr key={l.order_item_id}>
                  <td>
                    {l.quantity} × {l.name}
                    {l.options.length > 0 ? <span className="adisyon-sub">{l.options.map((o) => o.name).join(" · ")}</span> : null}
                    {l.note ? <span className="adisyon-sub">Not: {l.note}</span> : null}
                  </td>
                  <td className="num">{l.complimentary ? "İKRAM" : formatMoney(l.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <dl className="paper-sums">
          <dt>Ara toplam</dt>
          <dd>{formatMoney(bill.subtotal)}</dd>
          {bill.service_charge > 0 ? (
            <>
              <dt>Servis ücreti (%{bill.service_charge_rate.toLocaleString("tr-TR")})</dt>
              <dd>{formatMoney(bill.service_charge)}</dd>
            </>
          ) : null}
          <dt className="paper-total">TOPLAM</dt>
          <dd className="paper-total">{formatMoney(bill.total)}</dd>
          {bill.tax.map((t) => (
            <FragmentRow key={t.rate} label={`KDV %${t.rate.toLocaleString("tr-TR")} (dahil)`} value={formatMoney(t.amount)} />
          ))}
          <dt>Ödenen</dt>
          <dd>{formatMoney(bill.paid)}</dd>
          <dt>Kalan</dt>
          <dd>{formatMoney(bill.remaining)}</dd>
        </dl>
        {footer ? <p className="paper-rule">{footer}</p> : null}
        <p className="paper-rule paper-legal">Bilgi fişidir, mali değeri yoktur.</p>
      </article>
    </main>
  );
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
