import { pushPublicKey } from "~/modules/push/push.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/push/public-key: `{ enabled, public_key }`, the VAPID key a browser subscribes with
 * (PushManager's applicationServerKey); `enabled: false` and `public_key: null` when the server
 * has no keys (push is off).
 */
export function loader() {
  return handleApi(async () => {
    const key = pushPublicKey();
    return { enabled: key !== null, public_key: key };
  });
}

export const action = () => methodNotAllowed("GET");
