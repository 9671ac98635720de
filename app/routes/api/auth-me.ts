import type { Route } from "./+types/auth-me";
import { restaurantDto, userDto } from "~/modules/auth/accounts.server";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/auth/me: who the token belongs to, and whether it is in manager mode. */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    return { user: userDto(auth.user), restaurant: restaurantDto(auth.restaurant), mode: auth.mode };
  });
}

export const action = () => methodNotAllowed("GET");
