import { planLabel } from "~/modules/admin/member-rules";
import { PAID_PLAN_IDS } from "~/modules/billing/catalog";

/** The paid plans to move a member to; a trial shows as the (unselectable) current choice. */
export function PlanSelect({ id, current }: { id: string; current: string }) {
  return (
    <select id={id} name="plan" defaultValue={current === "free_trial" ? "" : current} required>
      {current === "free_trial" ? (
        <option value="" disabled>
          {planLabel("free_trial")}
        </option>
      ) : null}
      {PAID_PLAN_IDS.map((p) => (
        <option key={p} value={p}>
          {planLabel(p)}
        </option>
      ))}
    </select>
  );
}
