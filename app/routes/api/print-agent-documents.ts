import type { Route } from "./+types/print-agent-documents";
import { printDeviceContext } from "~/modules/kitchen/print-device-guard.server";
import { unprintedDocuments } from "~/modules/kitchen/print-documents.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/print-devices/me/documents (the device token): the documents sent to this device (the
 * adisyon, a payment's receipt) that it has not acknowledged, oldest first, each as
 * `{id, kind, lines, requested_by, requested_at}` with `lines` ready to print (42 columns), and
 * `more` (more are waiting after these). Decision 089.
 */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => unprintedDocuments(context.get(printDeviceContext)));
}

export const action = () => methodNotAllowed("GET");
