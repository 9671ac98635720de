// A section's floor plan: tables drawn where they stand (CSS positions, no canvas). With
// JavaScript a table is dragged (pointer events: mouse, pen and touch) and its new place
// posted by a fetcher; without it, the positions form edits the numbers.
import { useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { FormError, useIsSubmitting } from "~/components/forms";
import { PLAN_UNITS, TABLE_STATUS_LABELS } from "~/modules/tables/labels";
import { cssVars } from "~/utils/css-vars";
import { formErrorsOf } from "~/utils/page-reply";
import { withParams } from "~/utils/url";
import type { Entry } from "./route";

/** A pointer that moved less than this is a tap (opens the table), not a drag. */
const DRAG_THRESHOLD_PX = 6;

const clamp = (n: number) => Math.min(PLAN_UNITS, Math.max(0, Math.round(n)));

export function FloorPlan({ entries, color }: { entries: Entry[]; color: string | null }) {
  const plan = useRef<HTMLDivElement>(null);
  return (
    <div className="stack">
      <div ref={plan} className="floor-plan" data-section-color={color ?? undefined} aria-label="Kat planı" role="group">
        {entries.map((e) => (
          <PlanTable key={e.configuration.id} entry={e} plan={plan} />
        ))}
      </div>
      <p className="muted small m-0">Masaları sürükleyerek yerleştirin; dokunmak masanın ayrıntılarını açar.</p>
    </div>
  );
}

function PlanTable({ entry, plan }: { entry: Entry; plan: React.RefObject<HTMLDivElement | null> }) {
  const location = useLocation();
  const fetcher = useFetcher();
  const c = entry.configuration;
  const drag = useRef<{ pointer: number; startX: number; startY: number; left: number; top: number; moved: boolean } | null>(null);
  const justDragged = useRef(false);
  const [dragging, setDragging] = useState<{ x: number; y: number } | null>(null);

  // Where to draw it: while dragging, the finger's place; while saving, the place being saved; else the server's.
  const pending = fetcher.formData
    ? { x: Number(fetcher.formData.get("position_x")), y: Number(fetcher.formData.get("position_y")) }
    : null;
  const at = dragging ?? pending ?? { x: c.position_x, y: c.position_y };

  type Drag = NonNullable<typeof drag.current>;
  const unitsFrom = (event: ReactPointerEvent<HTMLElement>, d: Drag) => {
    const box = plan.current!.getBoundingClientRect();
    const tile = event.currentTarget.getBoundingClientRect();
    const freeX = Math.max(1, box.width - tile.width);
    const freeY = Math.max(1, box.height - tile.height);
    return {
      x: clamp(((d.left + event.clientX - d.startX) / freeX) * PLAN_UNITS),
      y: clamp(((d.top + event.clientY - d.startY) / freeY) * PLAN_UNITS),
    };
  };

  const status = TABLE_STATUS_LABELS[entry.status.status as keyof typeof TABLE_STATUS_LABELS] ?? entry.status.status;
  // A refused move (the trial ended, the table was deleted meanwhile): the table goes back and says why.
  const refused = fetcher.state === "idle" ? formErrorsOf(fetcher.data) : undefined;
  return (
    <Link
      to={withParams(location, { table: String(c.id), done: null })}
      preventScrollReset
      className={`plan-table plan-table--${c.shape} plan-table--${c.size} plan-table--${entry.status.status}${dragging ? " plan-table--dragging" : ""}`}
      style={cssVars({ "--plan-x": at.x / PLAN_UNITS, "--plan-y": at.y / PLAN_UNITS })}
      data-testid={`plan-table-${c.id}`}
      data-x={at.x}
      data-y={at.y}
      draggable={false}
      onPointerDown={(event) => {
        if (event.button !== 0 || !plan.current) return;
        const box = plan.current.getBoundingClientRect();
        const tile = event.currentTarget.getBoundingClientRect();
        drag.current = {
          pointer: event.pointerId,
          startX: event.clientX,
          startY: event.clientY,
          left: tile.left - box.left,
          top: tile.top - box.top,
          moved: false,
        };
      }}
      onPointerMove={(event) => {
        const d = drag.current;
        if (!d || d.pointer !== event.pointerId) return;
        if (!d.moved) {
          if (Math.hypot(event.clientX - d.startX, event.clientY - d.startY) < DRAG_THRESHOLD_PX) return;
          d.moved = true;
          event.currentTarget.setPointerCapture(event.pointerId);
        }
        event.preventDefault();
        setDragging(unitsFrom(event, d));
      }}
      onPointerUp={(event) => {
        const d = drag.current;
        drag.current = null;
        if (!d || !d.moved) return;
        const to = unitsFrom(event, d);
        setDragging(null);
        justDragged.current = true;
        // The target place, not a step: sending it twice leaves the table where it is.
        void fetcher.submit(
          { intent: "position", id: String(c.id), position_x: String(to.x), position_y: String(to.y) },
          { method: "post", action: `${location.pathname}${location.search}` },
        );
      }}
      onPointerCancel={() => {
        drag.current = null;
        setDragging(null);
      }}
      onClickCapture={(event) => {
        // The click that ends a drag must not open the table.
        if (justDragged.current) {
          event.preventDefault();
          event.stopPropagation();
          justDragged.current = false;
        }
      }}
    >
      {/* The tile's words are its name (axe: label-content-name-mismatch); the status is read, the colour shows it. */}
      <span className="plan-table__name">{c.display_name}</span> <span className="plan-table__meta">{c.capacity} kişi</span>
      <span className="visually-hidden">, {status}</span>
      {refused ? (
        <span className="plan-table__error" role="alert" title={refused.join(" ")}>
          Kaydedilmedi: {refused.join(" ")}
        </span>
      ) : null}
    </Link>
  );
}

/** The plan's positions as numbers (0–1000 on each axis): how tables are placed without JavaScript. */
export function PositionsForm({ entries, errors, closeTo }: { entries: Entry[]; errors: string[] | undefined; closeTo: string }) {
  const busy = useIsSubmitting("positions");
  return (
    <Form method="post" className="form card" aria-label="Konumları düzenle">
      <h2 className="subsection-title m-0">Konumlar (0–{PLAN_UNITS})</h2>
      <p className="muted small m-0">Yatay: soldan sağa, dikey: yukarıdan aşağıya.</p>
      <FormError errors={errors} />
      <input type="hidden" name="intent" value="positions" />
      {entries.map((e, i) => (
        <fieldset key={e.configuration.id} className="position-row">
          <legend>{e.configuration.display_name}</legend>
          <input type="hidden" name={`positions[${i}].id`} value={e.configuration.id} />
          <label>
            Yatay
            <input
              type="number"
              name={`positions[${i}].position_x`}
              min={0}
              max={PLAN_UNITS}
              step={1}
              required
              inputMode="numeric"
              defaultValue={e.configuration.position_x}
              aria-label={`${e.configuration.display_name} yatay konum`}
            />
          </label>
          <label>
            Dikey
            <input
              type="number"
              name={`positions[${i}].position_y`}
              min={0}
              max={PLAN_UNITS}
              step={1}
              required
              inputMode="numeric"
              defaultValue={e.configuration.position_y}
              aria-label={`${e.configuration.display_name} dikey konum`}
            />
          </label>
        </fieldset>
      ))}
      <div className="button-row">
        <Link className="button" to={closeTo} replace preventScrollReset>
          Vazgeç
        </Link>
        <button type="submit" className="button button--primary" disabled={busy}>
          Konumları Kaydet
        </button>
      </div>
    </Form>
  );
}
