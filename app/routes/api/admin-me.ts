import type { Route } from "./+types/admin-me";
import { adminDto } from "~/modules/admin/api.server";
import { adminAuthContext } from "~/modules/admin/guards.server";

/** GET /api/admin/me: who the token belongs to. */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json({ admin: adminDto(context.get(adminAuthContext).admin) });
}
