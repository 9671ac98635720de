import { Link, useLocation } from "react-router";
import { formErrorsOf, submittedValue } from "~/utils/page-reply";
import { withParams } from "~/utils/url";
import { FloorPlan, PositionsForm } from "./floor-plan";
import type { Entry, LoaderData } from "./route";

/** The chosen section (or the tables without one): its floor plan, the positions form and its tables. */
export function SectionPlan({ data, actionData }: { data: LoaderData; actionData: unknown }) {
  const { sections, entries, plan, open } = data;
  const location = useLocation();
  const intent = submittedValue(actionData, "intent");
  const section = sections.find((s) => s.id === plan) ?? null;
  const shown = entries.filter((e) => (plan === "none" ? e.configuration.section_id === null : e.configuration.section_id === plan));
  const positionsOpen = open.positions || intent === "positions";
  return (
    <section className="card stack" aria-labelledby="plan-title">
      <div className="plan-head">
        <h1 id="plan-title" className="page-title m-0">
          {section ? section.name : "Bölümsüz masalar"}
        </h1>
        {section ? (
          <div className="button-row">
            <Link
              className="button button--small"
              to={withParams(location, { done: null, section_edit: String(section.id) })}
              preventScrollReset
            >
              Bölümü Düzenle
            </Link>
            <Link
              className="button button--small button--danger"
              to={withParams(location, { done: null, section_delete: String(section.id) })}
              preventScrollReset
            >
              Bölümü Sil
            </Link>
          </div>
        ) : null}
      </div>
      {section?.description ? <p className="muted m-0">{section.description}</p> : null}
      {shown.length === 0 ? (
        <p className="muted">Bu bölümde henüz masa yok.</p>
      ) : (
        <>
          <FloorPlan entries={shown} color={section?.color ?? null} />
          {positionsOpen ? (
            <PositionsForm
              entries={shown}
              errors={intent === "positions" ? formErrorsOf(actionData) : undefined}
              closeTo={withParams(location, { positions: null })}
            />
          ) : (
            <Link className="button button--small" to={withParams(location, { done: null, positions: "1" })} preventScrollReset>
              Konumları Elle Düzenle
            </Link>
          )}
          <TableList entries={shown} />
        </>
      )}
    </section>
  );
}

function TableList({ entries }: { entries: Entry[] }) {
  const location = useLocation();
  return (
    <ul className="plan-list" aria-label="Bu bölümün masaları">
      {entries.map((e) => (
        <li key={e.configuration.id}>
          <Link to={withParams(location, { done: null, table: String(e.configuration.id) })} preventScrollReset>
            <strong>{e.configuration.display_name}</strong>
          </Link>
          <span className="muted">
            {" "}
            · {e.configuration.table_identifier} · Masa {e.configuration.table_number ?? "—"} · {e.configuration.capacity} kişilik
          </span>
        </li>
      ))}
    </ul>
  );
}
