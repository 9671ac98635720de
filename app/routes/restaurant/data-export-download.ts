// GET /app/data-export/download: the restaurant's data as a ZIP of CSV files, streamed (manager
// mode; the manager layout's middleware checks it like any manager page).
import type { Route } from "./+types/data-export-download";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { exportFileName, restaurantExportStream } from "~/modules/data-export/export.server";

export function loader({ context }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const name = exportFileName(restaurant.slug, new Date(), restaurant.timezone);
  return new Response(restaurantExportStream(restaurant.id, restaurant.timezone), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
