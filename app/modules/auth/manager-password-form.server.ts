// The manager password change as a page form: one implementation for /app/manager-password
// (the first manager entry) and the settings' General tab. The API has its own thin endpoint
// (PUT /api/auth/change-admin-password) over the same changeManagerPassword.
import { pageAction } from "~/utils/page-action.server";
import type { RestaurantAuth } from "./sessions.server";
import { AccountError, changeManagerPassword, isOwnerLoginPassword, MANAGER_PASSWORD_SAME_AS_LOGIN } from "./accounts.server";
import { ChangeManagerPasswordFormSchema } from "./schemas";

/** Never echoed back to the browser after a refusal. */
export const MANAGER_PASSWORD_FIELDS = ["current_password", "new_password", "confirm_password"];

/**
 * Checks the current password (401 'Mevcut şifre yanlış', throttled), refuses the owner's login
 * password as the new one, changes it (manager mode ends on every other session of the
 * restaurant) and then runs `done` (a redirect).
 */
export function managerPasswordAction(
  formData: FormData,
  auth: RestaurantAuth,
  ipAddress: string | null,
  done: () => Promise<never> | never,
) {
  return pageAction(
    formData,
    ChangeManagerPasswordFormSchema,
    async ({ current_password, new_password }) => {
      if (await isOwnerLoginPassword(auth.restaurant.id, new_password))
        throw new AccountError(400, MANAGER_PASSWORD_SAME_AS_LOGIN, "new_password");
      await changeManagerPassword(auth.restaurant.id, current_password, new_password, {
        sessionId: auth.sessionId,
        ipAddress,
      });
      return done();
    },
    { hideFields: MANAGER_PASSWORD_FIELDS },
  );
}
