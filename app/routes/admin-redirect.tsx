import { redirect } from "react-router";
import type { Route } from "./+types/admin-redirect";

/** The spec's /cms, /members and /notifications are the admin zone's pages (which ask for a login first). */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  throw redirect(`/admin${pathname.replace(/\/+$/, "")}`);
}
