import { useEffect } from "react";
import { useBlocker } from "react-router";

/**
 * With JavaScript, leaving order taking with an unsent cart asks first: in-app
 * navigation through React Router's blocker (a dialog in the app's modal style),
 * closing or reloading the tab through the browser's own `beforeunload` prompt.
 * Moving between tables of order taking is not leaving (each table's cart stays
 * on this device), nor is the navigation that follows sending the order.
 */
export function UnsentCartGuard({ unsent, sending }: { unsent: boolean; sending: { current: boolean } }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsent && !sending.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unsent) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (sending.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [unsent, sending]);

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") blocker.reset();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [blocker]);

  if (blocker.state !== "blocked") return null;
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="unsent-title" aria-describedby="unsent-body">
        <h2 id="unsent-title">Gönderilmemiş sipariş var</h2>
        <p id="unsent-body">
          Sepetteki değişiklikler henüz gönderilmedi. Çıkarsanız sipariş mutfağa gitmez; sepet bu cihazda kalır ve masa “Gönderilmemiş”
          olarak işaretlenir.
        </p>
        <div className="button-row">
          <button type="button" className="button button--primary grow" onClick={() => blocker.reset()} autoFocus>
            Sayfada kal
          </button>
          <button type="button" className="button button--danger" onClick={() => blocker.proceed()}>
            Yine de çık
          </button>
        </div>
      </div>
    </div>
  );
}
