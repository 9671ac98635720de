import { useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "~/components/app/use-hydrated";
import { INSTALL_BANNER_CLOSED_KEY, rememberClosed, useExitTransition, wasClosed } from "./banner-support";
import { isStandalone, promptInstall, useInstallPrompt } from "./install-prompt";
import { BannerShell } from "./banner-shell";

/**
 * Offers installation when the browser supplied an install prompt
 * (beforeinstallprompt). Hidden after the prompt was used, after a close (for
 * the rest of the browser session) and once the app is installed. Renders
 * nothing on the server and during hydration.
 */
export function InstallBanner() {
  const hydrated = useHydrated();
  const { canPrompt, installed } = useInstallPrompt();
  const location = useLocation();
  const [closed, setClosed] = useState(false);

  // The landing page's install dialog (?install=1) offers the same prompt.
  const dialogOpen = new URLSearchParams(location.search).get("install") === "1";
  const show = hydrated && canPrompt && !installed && !closed && !dialogOpen && !isStandalone() && !wasClosed(INSTALL_BANNER_CLOSED_KEY);
  const { rendered, leaving } = useExitTransition(show);
  if (!rendered) return null;

  return (
    <BannerShell
      id="install-banner-title"
      title="Sofra uygulaması"
      leaving={leaving}
      onClose={() => {
        rememberClosed(INSTALL_BANNER_CLOSED_KEY);
        setClosed(true);
      }}
    >
      <p className="install-banner__text">Uygulamayı telefona yükleyin, internet yokken de kullanın!</p>
      <button
        type="button"
        className="button button--primary button--small install-banner__action"
        onClick={() => {
          // The prompt can be used only once, so the banner goes either way.
          promptInstall().catch(() => {});
        }}
      >
        YÜKLE
      </button>
    </BannerShell>
  );
}
