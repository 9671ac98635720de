import type { MouseEvent } from "react";

/**
 * "Yazdır": with JavaScript the browser's print dialog for this page (the print stylesheet
 * keeps only the code); without it a link to a print view (`href`), printed from the
 * browser's menu. Without `href` (the sheet, already a print view) it is a plain button.
 */
export function PrintLink({ href, label = "Yazdır" }: { href?: string; label?: string }) {
  const print = (event: MouseEvent) => {
    event.preventDefault();
    window.print();
  };
  return href ? (
    <a className="button" href={href} onClick={print}>
      {label}
    </a>
  ) : (
    <button type="button" className="button button--primary" onClick={print}>
      {label}
    </button>
  );
}
