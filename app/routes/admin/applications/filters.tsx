import { Link } from "react-router";
import { APPLICATION_FILTER_LABELS, APPLICATION_FILTERS, type ApplicationFilter } from "~/modules/billing/review-rules";

/** Links, not buttons: each filter has its own address and works without JavaScript. */
export function ApplicationFilters({ current, counts }: { current: ApplicationFilter; counts: Record<ApplicationFilter, number> }) {
  return (
    <nav className="admin-filters" aria-label="Başvuru durumu">
      {APPLICATION_FILTERS.map((f) => (
        <Link
          key={f}
          className="button button--small"
          to={f === "pending" ? "/admin/applications" : `/admin/applications?status=${f}`}
          aria-current={f === current ? "page" : undefined}
        >
          {APPLICATION_FILTER_LABELS[f]} ({counts[f]})
        </Link>
      ))}
    </nav>
  );
}
