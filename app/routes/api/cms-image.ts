// Inside the admin API layout (routes/api/admin-authenticated.ts).
import type { Route } from "./+types/cms-image";
import { deleteImage, getImage } from "~/modules/cms/images.server";
import { IMAGE_DELETED } from "~/modules/cms/rules";
import { ImageIdSchema } from "~/modules/cms/schemas";
import { handleApi } from "~/utils/api.server";
import { readParam, requireMethod } from "~/utils/http.server";

/** GET /api/cms/images/{id}: one image (404 unknown). */
export function loader({ params }: Route.LoaderArgs) {
  return handleApi(() => getImage(readParam(ImageIdSchema, params.id)));
}

/** DELETE /api/cms/images/{id}: removes it (its address then answers 404); unknown or already deleted: 404. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "DELETE");
    const { title } = await deleteImage(readParam(ImageIdSchema, params.id));
    return { message: IMAGE_DELETED, title };
  });
}
