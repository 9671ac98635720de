// Inside the admin API layout (routes/api/admin-authenticated.ts): its middleware answers 401
// without an admin session and 403 to a restaurant's token, before anything here runs.
import type { Route } from "./+types/cms-content";
import { createContent, listContent } from "~/modules/cms/content.server";
import { CreateContentSchema } from "~/modules/cms/schemas";
import { handleApi } from "~/utils/api.server";
import { readJsonObject, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/** GET /api/cms/content: every content item (the spec's fields plus version, created_at, updated_at). */
export function loader() {
  return handleApi(() => listContent());
}

/**
 * POST /api/cms/content: 201 with the new item. A `client_id` (or Idempotency-Key header) already
 * seen answers 200 with the first item and `Idempotent-Replay: true`.
 */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const body = await readJsonObject(request);
    const { client_id, ...input } = validate(CreateContentSchema, withIdempotencyKey(request, body, "client_id"));
    const { item, replayed } = await createContent(input, client_id);
    return Response.json(item, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
