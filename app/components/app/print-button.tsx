import { useHydrated } from "./use-hydrated";

/**
 * "Yazdır" on a page printed by the browser (a kitchen ticket, the adisyon, a receipt, the day's
 * close): the button once the page's script runs, else how to print without it.
 */
export function PrintButton() {
  const hydrated = useHydrated();
  return hydrated ? (
    <button type="button" className="button button--primary" onClick={() => window.print()}>
      Yazdır
    </button>
  ) : (
    <span>Yazdırmak için tarayıcınızın yazdır komutunu kullanın.</span>
  );
}
