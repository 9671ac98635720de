import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { withParams } from "~/utils/url";

/**
 * A management list with nothing in it yet (stock, discounts, reservations…): what is missing and
 * the link that opens the screen's add dialog (`?new=1`, so it works without JavaScript).
 */
export function EmptyList({ text, addLabel, testId }: { text: ReactNode; addLabel: string; testId?: string }) {
  const location = useLocation();
  return (
    <div className="card stack empty-state">
      <p className="muted m-0" data-testid={testId}>
        {text}
      </p>
      <p className="m-0">
        <Link className="button button--primary" to={withParams(location, { new: "1" })} preventScrollReset>
          {addLabel}
        </Link>
      </p>
    </div>
  );
}
