import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { startInstallPromptCapture } from "~/components/install/install-prompt";
import { registerServiceWorker } from "~/offline/register-sw";

startInstallPromptCapture();
// The service worker is built only for production (vite-plugin-pwa, app/offline/sw.ts).
if (import.meta.env.PROD) registerServiceWorker();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
