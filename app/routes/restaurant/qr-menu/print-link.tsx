import type { MouseEvent } from "react";
import { useHydrated } from "~/components/app/use-hydrated";

/**
 * "Yazdır": with JavaScript the browser's print dialog for this page (the print stylesheet
 * keeps only the code); without it a link to a print view (`href`), printed from the
 * browser's menu. Without `href` (the sheet, already a print view) it is a button shown only
 * once JavaScript runs (the sheet's text tells the others to use the browser's print).
 */
export function PrintLink({ href, label = "Yazdır" }: { href?: string; label?: string }) {
  const hydrated = useHydrated();
  const print = (event: MouseEvent) => {
    event.preventDefault();
    window.print();
  };
  return href ? (
    <a className="button" href={href} onClick={print}>
      {label}
    </a>
  ) : hydrated ? (
    <button type="button" className="button button--primary" onClick={print}>
      {label}
    </button>
  ) : null;
}
