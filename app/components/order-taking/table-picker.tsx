import { Form, useNavigate } from "react-router";
import { numberedTableLabel, pickerLabel } from "~/modules/tables/labels";
import type { OrderScreenData } from "./screen-data";

/** Which table the order is for: a GET form without JavaScript, a jump on change with it. */
export function TablePicker({ tables, table }: { tables: OrderScreenData["tables"]; table: number | null }) {
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
              {numberedTableLabel(t)} — {pickerLabel(t.status as never)}
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
