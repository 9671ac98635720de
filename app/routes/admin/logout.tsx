import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { clearAdminCookie, readAdminToken, revokeAdminSession } from "~/modules/admin/sessions.server";

/** POST /admin/logout ends the admin session in the database and clears its cookie. */
export async function action({ request }: Route.ActionArgs) {
  await revokeAdminSession(await readAdminToken(request));
  throw redirect("/admin/login?logged_out=1", { headers: { "Set-Cookie": await clearAdminCookie() } });
}

export function loader() {
  throw redirect("/admin");
}
