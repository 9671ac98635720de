// GET /media/menu/{itemId}/{hash}/{thumb|large}: a menu item's photo as WebP, public (the
// public menu shows it). The address carries the image's hash, so what it names never
// changes: browsers and shared caches keep it for a year. An older hash (the photo was
// replaced or removed) is 404. Served from the database, so any app process answers.
import type { Route } from "./+types/menu-photo";
import { readMenuPhoto } from "~/modules/menu/photos.server";
import { positiveIntOrNull } from "~/utils/numbers";

const notFound = () =>
  new Response("Fotoğraf bulunamadı.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });

export async function loader({ params }: Route.LoaderArgs) {
  const itemId = positiveIntOrNull(params.itemId);
  const size = params.size === "thumb" || params.size === "large" ? params.size : null;
  if (!itemId || itemId > 2_147_483_647 || !size || !/^[0-9a-f]{16}$/.test(params.hash)) return notFound();
  const photo = await readMenuPhoto(itemId, params.hash, size);
  if (!photo) return notFound();
  return new Response(new Uint8Array(photo), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(photo.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${params.hash}-${size}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
