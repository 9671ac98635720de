// GET /app/qr-menu/download?url=… : the code as a PNG attachment named menu-qr-code.png,
// so the page's "İndir" is a plain link that works without JavaScript.
import type { Route } from "./+types/download";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { qrPng } from "~/modules/qr-menu/qr.server";
import { QR_FILE_NAME } from "~/modules/qr-menu/rules";
import { menuUrlField } from "~/modules/qr-menu/schemas";
import { DomainError } from "~/utils/domain-error";
import { withHeavyWork } from "~/utils/heavy-work.server";
import { firstIssueMessage } from "~/utils/validation";

const text = (status: number, message: string, headers?: Record<string, string>) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });

export async function loader({ context, url }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  try {
    requireFeature(restaurant, "qr_menu");
    const parsed = menuUrlField.safeParse(url.searchParams.get("url"));
    if (!parsed.success) throw new DomainError(400, firstIssueMessage(parsed.error));
    // A print-sized PNG is CPU on the event loop (a few hundred ms): a heavy job (decision 090).
    const png = await withHeavyWork(restaurant.id, () => qrPng(parsed.data));
    return new Response(new Uint8Array(png), {
      headers: {
        "Content-Type": "image/png",
        "Content-Length": String(png.byteLength),
        "Content-Disposition": `attachment; filename="${QR_FILE_NAME}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof DomainError) return text(error.status, error.message, error.headers);
    throw error;
  }
}
