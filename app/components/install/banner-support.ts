// Shared bits of the install banners: their timings, the session memory of a
// close, and the 0.3 s hide animation.
import { useEffect, useState } from "react";

/** The iOS instructions appear this long after the page loaded… */
export const IOS_BANNER_DELAY_MS = 5000;
/** …and go away by themselves after being visible this long. */
export const IOS_BANNER_VISIBLE_MS = 10000;
/** Length of the hide animation: base.css's --install-banner-hide-ms says the same (keep them equal). */
export const HIDE_ANIMATION_MS = 300;

export const INSTALL_BANNER_CLOSED_KEY = "sofra:install-banner-closed";
export const IOS_BANNER_CLOSED_KEY = "sofra:ios-install-banner-closed";

/** Whether the banner was closed earlier in this browser session (storage may be unavailable). */
export function wasClosed(key: string): boolean {
  try {
    return typeof sessionStorage !== "undefined" && sessionStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

export function rememberClosed(key: string) {
  try {
    sessionStorage.setItem(key, "1");
  } catch {
    // Private mode or storage disabled: the banner simply may come back on the next page load.
  }
}

/**
 * Keeps an element rendered for HIDE_ANIMATION_MS after `show` turns false so
 * it can animate out. `leaving` is true during that time.
 */
export function useExitTransition(show: boolean, duration = HIDE_ANIMATION_MS) {
  const [present, setPresent] = useState(show);
  if (show && !present) setPresent(true);

  useEffect(() => {
    if (show || !present) return;
    const timer = window.setTimeout(() => setPresent(false), duration);
    return () => window.clearTimeout(timer);
  }, [show, present, duration]);

  return { rendered: show || present, leaving: present && !show };
}
