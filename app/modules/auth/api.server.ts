// The JSON side of logging in, shared by /api/public/* and /api/auth/* (signing up is
// restaurants/onboarding-api.server.ts, with tokenPayload).
import type { RouterContextProvider } from "react-router";
import { readJson } from "~/utils/http.server";
import { clientAddressContext } from "~/utils/request-context";
import { requestMeta, restaurantDto, userDto, verifyLogin } from "./accounts.server";
import { LoginSchema } from "./schemas";
import { commitTrustedDevice, createSession, findRestaurantSession } from "./sessions.server";

/** The API's answer to a login or signup: the bearer token with the user and the restaurant. */
export async function tokenPayload(token: string) {
  const lookup = await findRestaurantSession(token);
  if (lookup.status !== "ok") throw new Error("A session created a moment ago was not found.");
  const { user, restaurant } = lookup.auth;
  return { access_token: token, token_type: "bearer", user: userDto(user), restaurant: restaurantDto(restaurant) };
}

export async function apiLogin(request: Request, context: Readonly<RouterContextProvider>) {
  const { email, password } = await readJson(request, LoginSchema);
  const meta = requestMeta(request, context.get(clientAddressContext));
  const user = await verifyLogin(email, password, meta);
  const token = await createSession({ userId: user.id, restaurantId: user.restaurantId, ...meta });
  return Response.json(await tokenPayload(token), { headers: { "Set-Cookie": await commitTrustedDevice(request, user.id) } });
}
