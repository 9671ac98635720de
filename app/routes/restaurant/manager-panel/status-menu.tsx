import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Modal } from "~/components/app/modal";
import { FormError } from "~/components/forms";
import { TABLE_STATUS_LABELS, TABLE_STATUSES } from "~/modules/tables/labels";

/** The table status dialog (?table_status=<number>): a plain form posting to the panel's action. */
export function StatusMenu({
  table,
  errors,
  closeTo,
}: {
  table: { number: number; status: string; waiter_name: string | null; customer_count: number };
  errors: string[] | undefined;
  closeTo: string;
}) {
  const busy = useNavigation().state === "submitting";
  const [status, setStatus] = useState(table.status);
  return (
    <Modal title={`Masa ${table.number} durumu`} closeTo={closeTo}>
      <Form method="post" action="/app/admin" className="form">
        <input type="hidden" name="intent" value="table-status" />
        <input type="hidden" name="table" value={table.number} />
        <FormError errors={errors} />
        <fieldset className="radio-list">
          <legend className="visually-hidden">Durum</legend>
          {TABLE_STATUSES.map((s) => (
            <label key={s}>
              <input type="radio" name="status" value={s} checked={status === s} onChange={() => setStatus(s)} />
              {TABLE_STATUS_LABELS[s]}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="waiter_name">Garson (dolu için)</label>
          <input id="waiter_name" name="waiter_name" defaultValue={table.waiter_name ?? ""} maxLength={120} />
        </div>
        <div className="field">
          <label htmlFor="customer_count">Kişi sayısı (dolu için)</label>
          <input id="customer_count" name="customer_count" type="number" min={1} max={50} defaultValue={table.customer_count || 1} />
        </div>
        {table.status === "occupied" ? (
          <p className="m-0">
            <Link to={`/app/table-move?table=${table.number}`}>Masayı taşı, birleştir ya da ürün taşı</Link>
            {" · "}
            <Link to={`/app/adisyon?table=${table.number}`}>Adisyon</Link>
          </p>
        ) : null}
        <div className="button-row">
          <Link className="button" to={closeTo} replace>
            Vazgeç
          </Link>
          <button type="submit" className="button button--primary" disabled={busy}>
            Kaydet
          </button>
        </div>
      </Form>
    </Modal>
  );
}
