// Inside the admin API layout (routes/api/admin-authenticated.ts).
import type { Route } from "./+types/cms-content-item";
import { getContent, updateContent } from "~/modules/cms/content.server";
import { ContentIdSchema, UpdateContentSchema } from "~/modules/cms/schemas";
import { handleApi } from "~/utils/api.server";
import { readJson, readParam, requireMethod } from "~/utils/http.server";

/** GET /api/cms/content/{id}: one item (404 unknown). */
export function loader({ params }: Route.LoaderArgs) {
  return handleApi(() => getContent(readParam(ContentIdSchema, params.id)));
}

/**
 * PUT /api/cms/content/{id}: changes the fields sent. `type` must stay the item's own (400
 * otherwise); `version` refuses a stale edit with 409; an unknown id is 404.
 */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const id = readParam(ContentIdSchema, params.id);
    return updateContent(id, await readJson(request, UpdateContentSchema));
  });
}
