// Platform admins for the integration tests: a row written with the app's own password hashing,
// logged in through the real POST /api/admin/login (its token is the bearer of /api/admin/*,
// and signed like the server signs it, the admin cookie of the pages).
import { randomUUID } from "node:crypto";
import { commitAdminCookie } from "~/modules/admin/sessions.server";
import { hashPassword } from "~/modules/auth/password.server";
import { prisma } from "~/utils/db.server";
import { api, baseUrl, randomIp } from "./api";
import { postFormWithCookie, type PageResult } from "./pages";

export interface PlatformAdminAccount {
  id: number;
  email: string;
  password: string;
  token: string;
}

export async function createPlatformAdmin({
  role = "platform_admin",
}: { role?: "super_admin" | "platform_admin" } = {}): Promise<PlatformAdminAccount> {
  const email = `admin-${randomUUID().slice(0, 12)}@test.sofra.local`;
  const password = `admin-${randomUUID()}`;
  const row = await prisma.platformAdmin.create({
    data: { email, passwordHash: await hashPassword(password), name: "Test Yöneticisi", role },
  });
  const login = await api("/api/admin/login", { body: { email, password } });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);
  return { id: row.id, email, password, token: login.json.access_token };
}

/** The admin's cookie (name=value) for page requests. */
export async function adminCookie(admin: { token: string }): Promise<string> {
  return (await commitAdminCookie(admin.token)).split(";")[0]!;
}

export async function getAdminPage(admin: { token: string }, path: string): Promise<PageResult> {
  const res = await fetch(`${baseUrl()}${path}`, {
    headers: { cookie: await adminCookie(admin), "x-forwarded-for": randomIp() },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text(), headers: res.headers };
}

/** POSTs a form to an admin page as a browser without JavaScript would (cookie, Origin). */
export async function postAdminForm(
  admin: { token: string },
  path: string,
  fields: Record<string, string | number | (string | number)[]>,
): Promise<PageResult> {
  return postFormWithCookie(await adminCookie(admin), path, fields);
}
