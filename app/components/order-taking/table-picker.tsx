import { lazy, Suspense, useEffect, useState } from "react";
import { Form, useNavigate } from "react-router";
import { useAfterLoad } from "~/components/app/use-hydrated";
import { numberedTableLabel, pickerLabel } from "~/modules/tables/labels";
import type { OrderScreenData } from "./screen-data";

const TablesFollower = lazy(() => import("~/components/app/tables-follower"));

/** Which table the order is for: a GET form without JavaScript, a jump on change with it. */
export function TablePicker({ tables: loaded, table }: { tables: OrderScreenData["tables"]; table: number | null }) {
  const navigate = useNavigate();
  // The tables' states follow the live events once the page is up (tables-follower.tsx).
  const [tables, setTables] = useState(loaded);
  useEffect(() => setTables(loaded), [loaded]);
  const ready = useAfterLoad();
  return (
    <Form method="get" className="inline-form" aria-label="Masa seçimi">
      {ready ? (
        <Suspense fallback={null}>
          <TablesFollower initial={loaded} onChange={setTables} />
        </Suspense>
      ) : null}
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
