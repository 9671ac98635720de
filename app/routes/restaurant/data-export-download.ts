// GET /app/data-export/download: the restaurant's data as a ZIP of CSV files, streamed (manager
// mode; the manager layout's middleware checks it like any manager page).
import type { Route } from "./+types/data-export-download";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { exportFileName, restaurantExportStream } from "~/modules/data-export/export.server";
import { DomainError } from "~/utils/domain-error";
import { heavyStream, startHeavyWork } from "~/utils/heavy-work.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const name = exportFileName(restaurant.slug, new Date(), restaurant.timezone);
  // A heavy job (decision 090): one at a time per restaurant, a few per process; the refusal is
  // a 429 with Retry-After in plain Turkish text before any byte of the ZIP.
  let job;
  try {
    job = await startHeavyWork(restaurant.id);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...error.headers },
    });
  }
  return new Response(heavyStream(job, restaurantExportStream(restaurant.id, restaurant.timezone)), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
