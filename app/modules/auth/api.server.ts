// The JSON side of logging in and signing up, shared by /api/public/* and /api/auth/*.
import type { RouterContextProvider } from "react-router";
import { readJson } from "~/utils/http.server";
import { clientAddressContext } from "~/utils/request-context";
import { requestMeta, restaurantDto, signUp, userDto, verifyLogin } from "./accounts.server";
import { LoginSchema, SignupSchema } from "./schemas";
import { commitTrustedDevice, createSession, findRestaurantSession } from "./sessions.server";

async function tokenPayload(token: string) {
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

export async function apiSignup(request: Request, context: Readonly<RouterContextProvider>) {
  const input = await readJson(request, SignupSchema);
  const meta = requestMeta(request, context.get(clientAddressContext));
  const created = await signUp(input, meta);
  const token = await createSession({ ...created, ...meta });
  return Response.json(await tokenPayload(token), { status: 201 });
}
