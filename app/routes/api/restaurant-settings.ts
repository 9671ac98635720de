import type { Route } from "./+types/restaurant-settings";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { UpdateSettingsSchema } from "~/modules/restaurants/settings-schemas";
import { getSettings, updateSettings } from "~/modules/restaurants/settings.server";
import { handleApi } from "~/utils/api.server";
import { readJson, requireMethod } from "~/utils/http.server";

/** GET /api/restaurant/settings (manager mode): the settings fields, `notifications` and `version`. */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    return getSettings(auth.restaurant.id);
  });
}

/** PUT /api/restaurant/settings (manager mode): saves the fields sent; a stale `version` is 409. */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "settings_edit");
    const input = await readJson(request, UpdateSettingsSchema);
    return updateSettings(auth.restaurant.id, input);
  });
}
