import { Outlet } from "react-router";
import type { Route } from "./+types/manager-layout";
import { requireManagerMode } from "~/modules/auth/guards.server";

// Everything below needs the session to be in manager mode (403 otherwise).
export const middleware: Route.MiddlewareFunction[] = [requireManagerMode];

export default function ManagerLayout() {
  return <Outlet />;
}
