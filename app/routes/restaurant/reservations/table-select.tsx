import { Fragment } from "react";

/** The floor's tables by section, as the form's table select shows them. */
export interface TableChoiceGroup {
  section: string | null;
  tables: { number: number; label: string }[];
}

/**
 * The table by its name, grouped by section (a restaurant without sections gets one plain list).
 * A reservation's table that has left the floor since stays choosable, so editing it keeps it.
 */
export function TableSelect({
  groups,
  current,
  defaultValue,
  errors,
}: {
  groups: TableChoiceGroup[];
  current: number | null;
  defaultValue: string;
  errors: string[] | undefined;
}) {
  const known = groups.some((g) => g.tables.some((t) => t.number === current));
  const options = (tables: TableChoiceGroup["tables"]) =>
    tables.map((t) => (
      <option key={t.number} value={t.number}>
        {t.label}
      </option>
    ));
  return (
    <div className="field">
      <label htmlFor="reservation-table_number">Masa</label>
      <select
        id="reservation-table_number"
        name="table_number"
        required
        defaultValue={defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? "reservation-table_number-error" : undefined}
      >
        <option value="">Masa seçin</option>
        {current !== null && !known ? <option value={current}>Masa {current}</option> : null}
        {groups.map((g) =>
          g.section === null ? (
            <Fragment key="">{options(g.tables)}</Fragment>
          ) : (
            <optgroup key={g.section} label={g.section}>
              {options(g.tables)}
            </optgroup>
          ),
        )}
      </select>
      {errors?.length ? (
        <p id="reservation-table_number-error" className="field__error" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
