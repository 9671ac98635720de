import { z } from "zod";
import type { Route } from "./+types/trial-extend";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { MAX_TRIAL_EXTENSION_DAYS } from "~/modules/billing/catalog";
import { extendTrial } from "~/modules/billing/trial.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";

const ExtendSchema = z.object({
  days: z
    .number({ error: "Gün sayısı tam sayı olmalıdır." })
    .int("Gün sayısı tam sayı olmalıdır.")
    .min(1, "En az 1 gün uzatılabilir.")
    .max(MAX_TRIAL_EXTENSION_DAYS, `En fazla ${MAX_TRIAL_EXTENSION_DAYS} gün uzatılabilir.`)
    .default(1),
});

/** POST /api/trial/extend (manager mode): +days (default 1) while the trial runs. */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const { days } = await readJson(request, ExtendSchema);
    const trial_status = await extendTrial(auth.restaurant.id, days);
    return { message: `Deneme süresi ${days} gün uzatıldı!`, trial_status };
  });
}

export const loader = () => methodNotAllowed("POST");
