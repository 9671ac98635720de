// The actions behind the login forms of /login and /app (signing up, in
// restaurants/onboarding-api.server.ts, ends in startSession too). Each returns
// a redirect with the session cookie on success, or Conform's reply with a
// Turkish message and the right status; passwords are never echoed back.
import { redirect, type RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { pageAction } from "~/utils/page-action.server";
import { clientAddressContext } from "~/utils/request-context";
import { requestMeta, verifyLogin } from "./accounts.server";
import { LoginSchema } from "./schemas";
import { findSharedDevice } from "./shared-device.server";
import { commitSessionCookie, commitTrustedDevice, createSession, readSessionToken, revokeSession } from "./sessions.server";

/** Fields never echoed back to the browser. */
export const SECRET_FIELDS = ["password", "confirm_password"];

/** Signs the browser in as a user who just logged in or signed up, and redirects. */
export async function startSession(
  request: Request,
  user: { userId: number; restaurantId: number },
  meta: ReturnType<typeof requestMeta>,
  to: string,
) {
  // Replace whatever session this browser had.
  await revokeSession(await readSessionToken(request));
  // On the restaurant's shared tablet an e-mail login is bound to the device too: it ends after
  // two idle minutes like a PIN session (decision 071).
  const device = await findSharedDevice(request);
  const sharedDeviceId = device !== null && device !== "revoked" && device.restaurantId === user.restaurantId ? device.id : null;
  const token = await createSession({ userId: user.userId, restaurantId: user.restaurantId, sharedDeviceId, ...meta });
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(token));
  // This browser now keeps its owner able to log in while others' guesses from its address are refused.
  headers.append("Set-Cookie", await commitTrustedDevice(request, user.userId));
  return redirect(to, { headers });
}

export async function loginFormAction(request: Request, formData: FormData, context: Readonly<RouterContextProvider>, redirectTo: string) {
  return pageAction(
    formData,
    LoginSchema,
    async ({ email, password }) => {
      const meta = requestMeta(request, context.get(clientAddressContext));
      const authenticator = new Authenticator<{ id: number; restaurantId: number }>();
      authenticator.use(new FormStrategy(() => verifyLogin(email, password, meta)), "form");
      const user = await authenticator.authenticate("form", request);
      return startSession(request, { userId: user.id, restaurantId: user.restaurantId }, meta, redirectTo);
    },
    { hideFields: SECRET_FIELDS },
  );
}
