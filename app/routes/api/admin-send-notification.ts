import type { Route } from "./+types/admin-send-notification";
import { adminAuthContext } from "~/modules/admin/guards.server";
import { sendNotification } from "~/modules/notifications/notifications.server";
import { SENT } from "~/modules/notifications/rules";
import { SendNotificationSchema } from "~/modules/notifications/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";
import { idempotencyKeyOf } from "~/utils/idempotency.server";

/** Room for MAX_RECIPIENTS ids ("2147483647," is 11 characters) and a long message. */
const MAX_BODY_BYTES = 640 * 1024;

/**
 * POST /api/admin/send-notification {title, message, type, recipients (member ids), send_email
 * (default true), send_push (default false)}: records the notification (status pending) and
 * answers 201 `{ message, notification }` at once; delivery runs in the background and the
 * status becomes sent (or failed). Unknown member ids are dropped; none left is a 400. With an
 * Idempotency-Key header, a repeat answers 200 with the first notification and
 * `Idempotent-Replay: true`, and sends nothing again.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const { admin } = context.get(adminAuthContext);
    const key = idempotencyKeyOf(request);
    const input = await readJson(request, SendNotificationSchema, { maxBytes: MAX_BODY_BYTES });
    const { notification, replayed } = await sendNotification(
      admin.id,
      {
        title: input.title,
        message: input.message,
        type: input.type,
        recipients: input.recipients,
        sendEmail: input.send_email,
        sendPush: input.send_push,
      },
      key,
    );
    return Response.json(
      { message: SENT, notification },
      { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} },
    );
  });
}

export const loader = () => methodNotAllowed("POST");
