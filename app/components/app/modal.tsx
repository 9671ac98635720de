import { useEffect, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";

/**
 * A dialog opened by the URL (a query parameter), so it works without
 * JavaScript; with it, Escape closes it too.
 */
export function Modal({
  title,
  closeTo,
  children,
  closeLabel = "Kapat",
}: {
  title: ReactNode;
  closeTo: string;
  children: ReactNode;
  closeLabel?: string;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="modal-title">
        <div className="cluster cluster--top cluster--nowrap">
          <h2 id="modal-title" className="grow">
            {title}
          </h2>
          <Link to={closeTo} replace preventScrollReset className="button button--ghost button--small" aria-label={closeLabel}>
            ✕
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}

export { withParams } from "~/utils/url";
