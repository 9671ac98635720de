import type { Route } from "./+types/print-device";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { PrintDeviceIdParam } from "~/modules/kitchen/print-device-schemas";
import { deletePrintDevice } from "~/modules/kitchen/print-devices.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readParam, requireMethod } from "~/utils/http.server";

/**
 * DELETE /api/print-devices/{id} (manager mode): the device goes and its token stops working; its
 * agent's open stream ends within a minute. Another restaurant's id, or a second delete: 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "DELETE");
    const id = readParam(PrintDeviceIdParam, params.id);
    await deletePrintDevice(context.get(apiAuthContext).restaurant.id, id);
    return { message: "Yazıcı cihazı silindi", id };
  });
}

export const loader = () => methodNotAllowed("DELETE");
