import { Form, Link, useLocation } from "react-router";
import { DialogButtons } from "~/components/app/dialog-forms";
import { Modal } from "~/components/app/modal";
import { Field, FormError, SelectField } from "~/components/forms";
import { TABLE_SHAPE_LABELS, TABLE_SIZE_LABELS, TABLE_STATUS_LABELS, TABLE_STATUSES } from "~/modules/tables/labels";
import { formatMoney } from "~/utils/money";
import { withParams } from "~/utils/url";
import { CLOSE_ALL, replyFor } from "./dialog-reply";
import type { Entry } from "./route";

/** A table's detail panel: its live status, waiter, guests and open bill; status, edit and delete from here. */
export function DetailPanel({ entry, actionData, closeTo }: { entry: Entry; actionData: unknown; closeTo: string }) {
  const location = useLocation();
  const c = entry.configuration;
  const s = entry.status;
  const reply = replyFor(actionData, "table-status", c.id);
  const statusLabel = TABLE_STATUS_LABELS[s.status as keyof typeof TABLE_STATUS_LABELS] ?? s.status;
  return (
    <Modal title={c.display_name} closeTo={closeTo}>
      <dl className="detail-list">
        <dt>Durum</dt>
        <dd data-testid="detail-status">{statusLabel}</dd>
        <dt>Garson</dt>
        <dd>{s.waiter_name ?? "—"}</dd>
        <dt>Misafir</dt>
        <dd>{s.customer_count} kişi</dd>
        <dt>Açık hesap</dt>
        <dd data-testid="detail-bill">{s.open_orders > 0 ? `${formatMoney(s.open_amount)} (${s.open_orders} sipariş)` : "Yok"}</dd>
        <dt>Masa</dt>
        <dd>
          {c.table_identifier} · Masa {c.table_number ?? "—"}
        </dd>
        <dt>Bölüm</dt>
        <dd>{entry.section?.name ?? "Bölümsüz"}</dd>
        <dt>Kapasite</dt>
        <dd>
          {c.capacity} kişi · {TABLE_SHAPE_LABELS[c.shape as keyof typeof TABLE_SHAPE_LABELS] ?? c.shape} ·{" "}
          {TABLE_SIZE_LABELS[c.size as keyof typeof TABLE_SIZE_LABELS] ?? c.size}
        </dd>
        {c.special_features.length > 0 ? (
          <>
            <dt>Özellikler</dt>
            <dd>{c.special_features.join(", ")}</dd>
          </>
        ) : null}
      </dl>
      <div className="button-row">
        <Link className="button" to={withParams(location, { ...CLOSE_ALL, table_edit: String(c.id) })} preventScrollReset>
          Düzenle
        </Link>
        <Link className="button button--danger" to={withParams(location, { ...CLOSE_ALL, table_delete: String(c.id) })} preventScrollReset>
          Sil
        </Link>
      </div>
      <details open={reply.errors("") !== undefined || reply.errors("customer_count") !== undefined}>
        <summary>Durumu değiştir</summary>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="table-status" />
          <input type="hidden" name="id" value={c.id} />
          <FormError errors={reply.errors("")} />
          <SelectField
            label="Durum"
            selectProps={{ name: "status", id: "detail-status-select", defaultValue: reply.value("status", s.status) }}
            options={TABLE_STATUSES.map((v) => ({ value: v, label: TABLE_STATUS_LABELS[v] }))}
            errors={reply.errors("status")}
          />
          <Field
            label="Garson (dolu için)"
            inputProps={{
              name: "waiter_name",
              id: "detail-waiter",
              maxLength: 120,
              defaultValue: reply.value("waiter_name", s.waiter_name ?? ""),
            }}
            errors={reply.errors("waiter_name")}
          />
          <Field
            label="Kişi sayısı (dolu için)"
            inputProps={{
              name: "customer_count",
              id: "detail-guests",
              type: "number",
              min: 1,
              max: 50,
              defaultValue: reply.value("customer_count", String(s.customer_count || 1)),
            }}
            errors={reply.errors("customer_count")}
          />
          <DialogButtons closeTo={closeTo} intent="table-status" label="Durumu Kaydet" />
        </Form>
      </details>
    </Modal>
  );
}
