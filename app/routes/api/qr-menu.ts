import type { Route } from "./+types/qr-menu";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { qrDataUrl } from "~/modules/qr-menu/qr.server";
import { QrMenuSchema } from "~/modules/qr-menu/schemas";
import { handleApi } from "~/utils/api.server";
import { withHeavyWork } from "~/utils/heavy-work.server";
import { methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/qr-menu {menu_url} (manager mode, a plan with the QR menu): `{ qr_code_url }`, the code
 * as a data:image/png;base64 URL. Only http(s) addresses up to 2,000 characters (400 otherwise).
 * Nothing is written, so a repeat simply answers the same code.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "qr_menu");
    const { menu_url } = await readJson(request, QrMenuSchema);
    // Making the PNG is CPU on the event loop: a heavy job (decision 090), 429 with Retry-After over a limit.
    return { qr_code_url: await withHeavyWork(auth.restaurant.id, () => qrDataUrl(menu_url)) };
  });
}
