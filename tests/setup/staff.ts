// Staff accounts for the tests: made through POST /api/staff by a manager, logged in
// through the public login endpoint like a waiter's phone does.
import { randomUUID } from "node:crypto";
import { prisma } from "~/utils/db.server";
import { api, uniqueEmail } from "./api";
import type { Tenant } from "./factories";
import { sessionRow } from "./expect";

export const STAFF_PASSWORD = "garson-sifre-1";

export const staffPayload = (overrides: Record<string, unknown> = {}) => ({
  first_name: "Ayşe",
  last_name: "Garson",
  email: uniqueEmail("staff"),
  password: STAFF_PASSWORD,
  role: "waiter",
  ...overrides,
});

export const staffKey = () => `s-${randomUUID()}`;

export const createStaffApi = (manager: Tenant, body: unknown, headers: Record<string, string> = {}) =>
  api("/api/staff", { token: manager.token, body, headers });

/** A staff account of the manager's restaurant, logged in (a Tenant whose token is the staff member's own). */
export async function createStaffMember(manager: Tenant, overrides: Record<string, unknown> = {}): Promise<Tenant & { staffId: number }> {
  const payload = staffPayload(overrides);
  const res = await createStaffApi(manager, payload);
  if (res.status !== 201) throw new Error(`staff create failed: ${res.status} ${res.text}`);
  const login = await api("/api/public/login", { body: { email: payload.email, password: payload.password } });
  if (login.status !== 200) throw new Error(`staff login failed: ${login.status} ${login.text}`);
  return {
    token: login.json.access_token,
    email: payload.email as string,
    password: payload.password as string,
    userId: res.json.id,
    staffId: res.json.id,
    restaurantId: manager.restaurantId,
    restaurantName: manager.restaurantName,
  };
}

/** Puts a session in the given mode directly (manager mode as if the password had just been typed). */
export async function setMode(tenant: Tenant, mode: "manager" | "staff" | null) {
  const row = await sessionRow(tenant.token);
  if (!row) throw new Error("no session");
  await prisma.session.update({ where: { id: row.id }, data: { mode, managerSeenAt: mode === "manager" ? new Date() : null } });
}
