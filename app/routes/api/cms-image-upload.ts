// Inside the admin API layout (routes/api/admin-authenticated.ts). API bodies stream to their
// route (server/edge.mjs); readUploadForm reads this one with the upload limit (413 past it).
import type { Route } from "./+types/cms-image-upload";
import { uploadImage } from "~/modules/cms/images.server";
import { CMS_UPLOAD_MESSAGES, IMAGE_UPLOADED } from "~/modules/cms/rules";
import { ImageFieldsSchema } from "~/modules/cms/schemas";
import { handleApi } from "~/utils/api.server";
import { apiError, methodNotAllowed, requireMethod, validate } from "~/utils/http.server";
import { idempotencyKeyOf } from "~/utils/idempotency.server";
import { readUploadForm } from "~/utils/uploads.server";

const MULTIPART_ONLY = "Resim multipart/form-data olarak gönderilmelidir (alanlar: file, image_type, title, alt_text).";

/**
 * POST /api/cms/images/upload (multipart: file, image_type, title, alt_text): 201 with the image
 * and the spec's message. No file 400 'Lütfen bir resim seçin', not an image by content 415,
 * over 10 MB or 40 megapixels 413, a broken file 400. A `client_id` field or Idempotency-Key
 * already seen answers 200 with the first image.
 */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    if (!/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "")) throw apiError(415, MULTIPART_ONLY);
    const form = await readUploadForm(request, { tooLarge: CMS_UPLOAD_MESSAGES.bodyTooLarge });
    const header = idempotencyKeyOf(request);
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === "string" ? v : undefined;
    };
    const file = form.get("file");
    // The spec's first check: a file at all, before the other fields.
    if (!file || typeof file === "string" || file.size === 0) throw apiError(400, CMS_UPLOAD_MESSAGES.missingFile);
    const { client_id, ...fields } = validate(ImageFieldsSchema, {
      image_type: text("image_type"),
      title: text("title"),
      alt_text: text("alt_text"),
      client_id: text("client_id") ?? header,
    });
    const { image, replayed } = await uploadImage(fields, file, client_id);
    return Response.json(
      { ...image, message: IMAGE_UPLOADED },
      { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} },
    );
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
