// Inside the admin API layout (routes/api/admin-authenticated.ts).
import { listImages } from "~/modules/cms/images.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/cms/images: newest first, with file_url (never the bytes). */
export function loader() {
  return handleApi(() => listImages());
}

export function action() {
  return methodNotAllowed("GET");
}
