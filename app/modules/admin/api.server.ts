// The JSON side of the admin login (POST /api/admin/login) and logout.
import type { RouterContextProvider } from "react-router";
import { requestMeta } from "~/modules/auth/accounts.server";
import { LoginSchema } from "~/modules/auth/schemas";
import { readJson } from "~/utils/http.server";
import { clientAddressContext } from "~/utils/request-context";
import { verifyAdminLogin } from "./accounts.server";
import { createAdminSession, findAdminSession } from "./sessions.server";

export async function apiAdminLogin(request: Request, context: Readonly<RouterContextProvider>) {
  const { email, password } = await readJson(request, LoginSchema);
  const meta = requestMeta(request, context.get(clientAddressContext));
  const { id } = await verifyAdminLogin(email, password, meta);
  const token = await createAdminSession(id, meta);
  const lookup = await findAdminSession(token);
  if (lookup.status !== "ok") throw new Error("An admin session created a moment ago was not found.");
  return { access_token: token, token_type: "bearer", admin: adminDto(lookup.auth.admin) };
}

export const adminDto = (admin: { id: number; email: string; name: string; role: string }) => ({
  id: admin.id,
  email: admin.email,
  name: admin.name,
  role: admin.role,
});
