import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { clearSessionCookie, readSessionToken, revokeSession } from "~/modules/auth/sessions.server";

/** POST /logout revokes the session in the database and clears the cookie. */
export async function action({ request }: Route.ActionArgs) {
  await revokeSession(await readSessionToken(request));
  throw redirect("/app?logged_out=1", { headers: { "Set-Cookie": await clearSessionCookie() } });
}

// Logging out is a POST; a GET (a stale link) just goes to the app's start.
export function loader() {
  throw redirect("/app");
}
