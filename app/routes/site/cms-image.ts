// GET /media/cms/{id}/{hash}.webp: an uploaded CMS image, public (the landing page shows it).
// The address carries the stored file's hash, so what it names never changes: browsers and
// shared caches keep it for a year. A deleted image or another hash is 404. Served from the
// database, so any app process answers.
import type { Route } from "./+types/cms-image";
import { readImageFileData } from "~/modules/cms/images.server";
import { positiveIntOrNull } from "~/utils/numbers";

const notFound = () =>
  new Response("Resim bulunamadı.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });

export async function loader({ params }: Route.LoaderArgs) {
  const id = positiveIntOrNull(params.id);
  const hash = /^([0-9a-f]{16})\.webp$/.exec(params.file)?.[1];
  if (!id || id > 2_147_483_647 || !hash) return notFound();
  const image = await readImageFileData(id, hash);
  if (!image) return notFound();
  return new Response(new Uint8Array(image.data), {
    headers: {
      "Content-Type": image.mimeType,
      "Content-Length": String(image.data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${hash}"`,
    },
  });
}
