import type { Route } from "./+types/print-agent-printed";
import { printDeviceContext } from "~/modules/kitchen/print-device-guard.server";
import { PrintedSchema } from "~/modules/kitchen/print-device-schemas";
import { markDocumentPrinted } from "~/modules/kitchen/print-documents.server";
import { markPrinted } from "~/modules/kitchen/print-devices.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, requireMethod, validate } from "~/utils/http.server";

/**
 * POST /api/print-devices/me/printed `{ticket_id}` or `{document_id}` (the device token): the agent
 * printed the ticket (decision 080) or the document sent to it (decision 089). 201 the first time,
 * 200 with `already_printed: true` after (a no-op); a ticket of another station or restaurant, a
 * document of another device or restaurant: 404; both ids or neither: 400.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const { ticket_id, document_id } = validate(PrintedSchema, await readJsonObject(request));
    const device = context.get(printDeviceContext);
    const { first, ...printed } =
      document_id !== undefined ? await markDocumentPrinted(device, document_id) : await markPrinted(device, ticket_id!);
    return Response.json({ ...printed, already_printed: !first }, { status: first ? 201 : 200 });
  });
}

export const loader = () => methodNotAllowed("POST");
