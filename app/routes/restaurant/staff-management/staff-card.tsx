import { Link } from "react-router";
import { ROLE_LABELS } from "~/modules/auth/roles";
import { formatMoney } from "~/utils/money";
import { withQuery } from "~/utils/url";
import type { Member } from "./route";

/** One person in the list: who, what they earn, and the links that open the edit and delete dialogs. */
export function StaffCard({ member: s, close, self }: { member: Member; close: string; self: boolean }) {
  const name = `${s.first_name} ${s.last_name}`;
  return (
    <li className="card" data-testid={`staff-${s.id}`}>
      <div className="cluster cluster--between cluster--top">
        <div>
          <strong>{name}</strong> <span className="muted">· {ROLE_LABELS[s.role]}</span>
          <br />
          <span className="muted break-all">{s.email}</span>
          {s.phone ? <span className="muted"> · {s.phone}</span> : null}
          <br />
          <span className="muted">
            {s.shift_hours ? `Vardiya: ${s.shift_hours} · ` : ""}Maaş: {formatMoney(s.salary)}
            {s.has_pin ? " · PIN var" : ""}
          </span>
        </div>
        <div className="button-row">
          <Link
            className="button button--small"
            to={withQuery(close, { edit: String(s.id) })}
            preventScrollReset
            aria-label={`${name} düzenle`}
          >
            Düzenle
          </Link>
          {self ? null : (
            <Link
              className="button button--small button--danger"
              to={withQuery(close, { delete: String(s.id) })}
              preventScrollReset
              aria-label={`${name} sil`}
            >
              Sil
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}
