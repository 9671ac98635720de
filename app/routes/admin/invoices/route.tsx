import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/route";
import { FormError, useIsSubmitting } from "~/components/forms";
import { adminAuthContext } from "~/modules/admin/guards.server";
import { getAdminInvoice, listAdminInvoices, markTransferReceived, type AdminInvoiceDto } from "~/modules/billing/admin-invoices.server";
import { CYCLE_LABELS, PLAN_LABELS, invoiceStatusLabel } from "~/modules/billing/billing-rules";
import {
  INVOICE_FILTER_LABELS,
  INVOICE_FILTERS,
  MARK_PAID_FAILED,
  TRANSFER_RECEIVED,
  type InvoiceFilter,
} from "~/modules/billing/review-rules";
import { MarkPaidFormSchema } from "~/modules/billing/review-schemas";
import { DEFAULT_TIME_ZONE } from "~/utils/dates";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { formatMoney } from "~/utils/money";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf, revalidateAfterConflict } from "~/utils/page-reply";
import "~/styles/admin-apps.css";

const PATH = "/admin/invoices";

function filterOf(url: URL): InvoiceFilter {
  const value = url.searchParams.get("status");
  return (INVOICE_FILTERS as readonly string[]).includes(value ?? "") ? (value as InvoiceFilter) : "unpaid";
}

const listPath = (filter: InvoiceFilter) => (filter === "unpaid" ? PATH : `${PATH}?status=${filter}`);

export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ request, url }: Route.LoaderArgs) {
  const filter = filterOf(url);
  const [invoices, { flash, headers }] = await Promise.all([listAdminInvoices(filter), takeFlash(request)]);
  return data({ filter, invoices, flash }, { headers });
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return pageAction(await request.formData(), MarkPaidFormSchema, async (form) => {
    // Idempotent: a second click (or a second admin) finds it paid and answers the same.
    const { admin } = context.get(adminAuthContext);
    // The first post asks: one misclick on a long list must not mark another restaurant's
    // invoice paid (issue 20). Only the confirmation's own post (confirm=1) writes.
    if (form.confirm !== "1") return data({ confirmPaid: await getAdminInvoice(form.invoice_id) });
    const { invoice } = await markTransferReceived(form.invoice_id, admin.id);
    throw redirect(listPath(filterOf(url)), { headers: await flashHeaders(TRANSFER_RECEIVED(invoice.number)) });
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Faturalar — Sofra Platform" }];

const day = new Intl.DateTimeFormat("tr-TR", { timeZone: DEFAULT_TIME_ZONE, dateStyle: "medium" });
const formatDay = (iso: string) => day.format(new Date(iso));

export default function AdminInvoices({ loaderData, actionData }: Route.ComponentProps) {
  const { invoices, filter, flash } = loaderData;
  const busy = useIsSubmitting();
  const errors = formErrorsOf(actionData);
  const confirmPaid =
    actionData && typeof actionData === "object" && "confirmPaid" in actionData ? (actionData.confirmPaid as AdminInvoiceDto) : null;
  return (
    <main className="admin-main">
      <h1>Faturalar</h1>
      <p className="muted">
        Havale ile ödenecek faturalar. Havalenin açıklamasındaki referans fatura numarasıdır; para hesaba geçince “Havale alındı” deyin:
        abonelik dönemi sürer, ödenmediği için askıya alınmış bir restoran yeniden açılır.
      </p>
      {flash ? (
        <p className="admin-flash" role="status" data-testid="flash">
          {flash}
        </p>
      ) : null}
      <FormError errors={errors ? [MARK_PAID_FAILED, ...errors] : undefined} />
      {confirmPaid ? (
        <section className="card admin-confirm" aria-labelledby="confirm-paid-title" data-testid="confirm-paid">
          <h2 id="confirm-paid-title">Havale alındı olarak işaretlensin mi?</h2>
          <dl>
            <dt>Fatura no</dt>
            <dd>
              <code>{confirmPaid.number}</code>
            </dd>
            <dt>Restoran</dt>
            <dd>{confirmPaid.restaurant_name}</dd>
            <dt>Tutar (KDV dahil)</dt>
            <dd>{formatMoney(confirmPaid.total_amount)}</dd>
          </dl>
          <p className="muted small">Hesaba geçen havalenin açıklamasındaki numara ve tutar bunlarla aynı olmalı.</p>
          <Form method="post" preventScrollReset className="button-row">
            <input type="hidden" name="invoice_id" value={confirmPaid.id} />
            <input type="hidden" name="confirm" value="1" />
            <button type="submit" className="button button--primary" disabled={busy}>
              Evet, {confirmPaid.number} havalesi alındı
            </button>
            <Link className="button" to={listPath(filter)}>
              Vazgeç
            </Link>
          </Form>
        </section>
      ) : null}
      <nav className="admin-filters" aria-label="Fatura durumu">
        {INVOICE_FILTERS.map((f) => (
          <Link key={f} className="button button--small" to={listPath(f)} aria-current={f === filter ? "page" : undefined}>
            {INVOICE_FILTER_LABELS[f]}
          </Link>
        ))}
      </nav>
      {invoices.length === 0 ? (
        <p className="admin-empty card">Bu durumda fatura yok.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stack">
            <thead>
              <tr>
                <th scope="col">Restoran</th>
                <th scope="col">Fatura no (havale referansı)</th>
                <th scope="col">Plan</th>
                <th scope="col">Tutar</th>
                <th scope="col">Son ödeme</th>
                <th scope="col">Durum</th>
                <th scope="col">
                  <span className="visually-hidden">İşlem</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((i) => {
                const state = i.is_overdue ? "overdue" : i.status;
                return (
                  <tr key={i.id} id={`invoice-${i.id}`} data-testid="invoice-row">
                    <td data-label="Restoran">{i.restaurant_name}</td>
                    <td data-label="Fatura no">
                      <code>{i.number}</code>
                    </td>
                    <td data-label="Plan">
                      {PLAN_LABELS[i.plan] ?? i.plan} · {CYCLE_LABELS[i.billing_cycle] ?? i.billing_cycle}
                    </td>
                    <td data-label="Tutar">
                      {formatMoney(i.total_amount)} <span className="muted small">KDV dahil</span>
                    </td>
                    <td data-label="Son ödeme">{formatDay(i.due_at)}</td>
                    <td data-label="Durum">
                      <span className={`status-badge status-badge--${state}`}>
                        {i.is_overdue ? "Vadesi geçti" : invoiceStatusLabel(i.status)}
                      </span>
                      {i.paid_at ? <span className="muted small"> {formatDay(i.paid_at)}</span> : null}
                    </td>
                    <td>
                      {i.status === "pending" ? (
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="invoice_id" value={i.id} />
                          <button
                            type="submit"
                            className="button button--primary button--small"
                            disabled={busy}
                            aria-label={`Havale alındı: ${i.number}, ${i.restaurant_name}`}
                          >
                            Havale alındı
                          </button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
