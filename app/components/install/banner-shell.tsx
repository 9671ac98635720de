import type { ReactNode } from "react";

/** The frame both install banners share: the app mark, a titled body, and a close button. */
export function BannerShell({
  id,
  title,
  className = "",
  leaving,
  onClose,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  leaving: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <section
      className={`install-banner${className ? ` ${className}` : ""}${leaving ? " install-banner--hiding" : ""}`}
      aria-labelledby={id}
      inert={leaving}
    >
      <span className="brand__mark install-banner__icon" aria-hidden="true">
        S
      </span>
      <div className="install-banner__body">
        <p className="install-banner__title" id={id}>
          {title}
        </p>
        {children}
      </div>
      <button type="button" className="install-banner__close" aria-label="Kapat" onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
