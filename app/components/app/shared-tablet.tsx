import { useEffect } from "react";
import { Form, useRouteLoaderData, useSubmit } from "react-router";
import { SHARED_TABLET_IDLE_MS } from "~/modules/auth/pin-rules";

// The restaurant's shared tablet (decision 071), as the app's screens show it: a "Kullanıcı
// değiştir" button, and with JavaScript a timer that hands the tablet back to the PIN pad after
// two minutes without a tap. The server ends the session after two minutes without a request
// on its own; the timer only makes the screen follow at once.

/** How often taps on a screen that makes no request of its own (an order being built) tell the server someone is there. */
const KEEPALIVE_MS = 30 * 1000;
const INPUT_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

/** Whether this session was started on the restaurant's shared tablet (from the restaurant layout's data). */
export function useOnSharedTablet(): boolean {
  const layout = useRouteLoaderData("routes/restaurant/layout") as { sharedDevice?: boolean } | undefined;
  return layout?.sharedDevice === true;
}

export function SwitchUserButton() {
  return (
    <Form method="post" action="/app/pin">
      <input type="hidden" name="intent" value="switch" />
      <button type="submit" className="button">
        Kullanıcı değiştir
      </button>
    </Form>
  );
}

/** Mounted by the restaurant layout on a shared tablet's session. */
export function SharedTabletIdle() {
  const submit = useSubmit();
  useEffect(() => {
    let lastInput = Date.now();
    let lastPing = Date.now();
    const onInput = () => {
      lastInput = Date.now();
      if (lastInput - lastPing > KEEPALIVE_MS) {
        lastPing = lastInput;
        // A person's request (no background header): the server's idle clock starts again.
        void fetch("/api/auth/me", { credentials: "same-origin" }).catch(() => undefined);
      }
    };
    const timer = setInterval(() => {
      if (Date.now() - lastInput < SHARED_TABLET_IDLE_MS) return;
      clearInterval(timer);
      void submit({ intent: "switch", reason: "idle" }, { method: "post", action: "/app/pin" });
    }, 5000);
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { passive: true, capture: true });
    return () => {
      clearInterval(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
    };
  }, [submit]);
  return null;
}
