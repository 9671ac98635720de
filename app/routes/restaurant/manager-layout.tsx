import { Outlet } from "react-router";
import type { Route } from "./+types/manager-layout";
import { requireManagerMode } from "~/modules/auth/guards.server";

// Everything below needs the session to be in manager mode (403 otherwise).
export const middleware: Route.MiddlewareFunction[] = [requireManagerMode];

export default function ManagerLayout() {
  return <Outlet />;
}

// A manager page whose loader fails shows the error inside the restaurant layout (trial banner included).
// The 403 of the middleware above is rendered by the restaurant layout's boundary: middleware runs before any loader.
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
