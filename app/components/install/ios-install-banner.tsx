import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/app/use-hydrated";
import {
  HIDE_ANIMATION_MS,
  IOS_BANNER_CLOSED_KEY,
  IOS_BANNER_DELAY_MS,
  IOS_BANNER_VISIBLE_MS,
  rememberClosed,
  wasClosed,
} from "./banner-support";
import { isIos, isStandalone, useInstallPrompt } from "./install-prompt";
import { BannerShell } from "./banner-shell";

type Phase = "waiting" | "visible" | "hiding" | "gone";

// Shown at most once per page load, even if the layout were to remount.
let shownThisLoad = false;

/**
 * iOS Safari has no install prompt, so iPhone and iPad users get instructions:
 * IOS_BANNER_DELAY_MS after the page loaded, for IOS_BANNER_VISIBLE_MS, then a
 * HIDE_ANIMATION_MS hide animation. Not shown when already on the home screen,
 * installed or closed earlier in the session. Renders nothing on the server and
 * during hydration.
 */
export function IosInstallBanner() {
  const hydrated = useHydrated();
  const { installed } = useInstallPrompt();
  const [phase, setPhase] = useState<Phase>("waiting");
  const exitTimer = useRef<number | undefined>(undefined);

  const hide = () => {
    shownThisLoad = true;
    setPhase("hiding");
    window.clearTimeout(exitTimer.current);
    exitTimer.current = window.setTimeout(() => setPhase("gone"), HIDE_ANIMATION_MS);
  };

  useEffect(() => () => window.clearTimeout(exitTimer.current), []);

  useEffect(() => {
    if (!hydrated || installed || shownThisLoad) return;
    if (!isIos() || isStandalone() || wasClosed(IOS_BANNER_CLOSED_KEY)) return;
    // Timed from the page load (performance.now() counts from navigation),
    // not from whenever hydration happened to finish.
    const showIn = IOS_BANNER_DELAY_MS - performance.now();
    const hideIn = showIn + IOS_BANNER_VISIBLE_MS;
    if (hideIn <= 0) return;
    const timers: number[] = [];
    if (showIn <= 0) setPhase("visible");
    else timers.push(window.setTimeout(() => setPhase("visible"), showIn));
    timers.push(window.setTimeout(hide, hideIn));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [hydrated, installed]);

  if (!hydrated || installed || (phase !== "visible" && phase !== "hiding")) return null;
  const leaving = phase === "hiding";
  // On iPhone, Safari's Share button is in the bottom toolbar: the banner points at it.
  const phone = /iphone|ipod/i.test(navigator.userAgent);

  return (
    <BannerShell
      id="ios-install-banner-title"
      title="Ana Ekrana Ekle"
      className={`install-banner--ios${phone ? " install-banner--pointer" : ""}`}
      leaving={leaving}
      onClose={() => {
        rememberClosed(IOS_BANNER_CLOSED_KEY);
        hide();
      }}
    >
      <p className="install-banner__text">Sofra'yı ana ekranınıza uygulama gibi ekleyin:</p>
      <ol className="install-banner__steps">
        <li>
          Safari'de <strong>Paylaş</strong>
          <ShareIcon /> düğmesine dokunun.
        </li>
        <li>
          <strong>Ana Ekrana Ekle</strong>'yi seçin, sonra <strong>Ekle</strong>'ye dokunun.
        </li>
      </ol>
    </BannerShell>
  );
}

/** Safari's share symbol: a box with an arrow pointing up. */
function ShareIcon() {
  return (
    <svg className="install-banner__share" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M12 3v12M8 7l4-4 4 4M7 10H5v11h14V10h-2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
