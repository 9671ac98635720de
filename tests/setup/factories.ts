// Test data, made through the same endpoints and domain code users go through.
import { api, uniqueEmail } from "./api";
import { prisma } from "~/utils/db.server";

export interface Tenant {
  token: string;
  email: string;
  password: string;
  userId: number;
  restaurantId: number;
  restaurantName: string;
}

export function signupPayload(overrides: Record<string, unknown> = {}) {
  return {
    first_name: "Test",
    last_name: "Sahibi",
    email: uniqueEmail(),
    password: "gizli-sifre-1",
    restaurant_name: `Test Lokanta ${Math.random().toString(36).slice(2, 8)}`,
    restaurant_type: "restaurant",
    ...overrides,
  };
}

/** Signs up a new restaurant through the API; manager: true also verifies the manager password. */
export async function createTenant({
  manager = false,
  ...overrides
}: { manager?: boolean } & Record<string, unknown> = {}): Promise<Tenant> {
  const payload = signupPayload(overrides);
  const res = await api("/api/public/signup", { body: payload });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  const tenant: Tenant = {
    token: res.json.access_token,
    email: payload.email as string,
    password: payload.password as string,
    userId: res.json.user.id,
    restaurantId: res.json.restaurant.id,
    restaurantName: res.json.restaurant.name,
  };
  if (manager) await enterManagerMode(tenant);
  return tenant;
}

/**
 * A restaurant from before floor plans (issue 9): its numbered tables without configurations or
 * sections, as the legacy migration finds them. New signups start with theirs in "Ana Salon".
 */
export async function withLegacyFloor<T extends { restaurantId: number }>(tenant: T): Promise<T> {
  await prisma.tableConfiguration.deleteMany({ where: { restaurantId: tenant.restaurantId } });
  await prisma.tableSection.deleteMany({ where: { restaurantId: tenant.restaurantId } });
  return tenant;
}

export async function enterManagerMode(tenant: Tenant) {
  const res = await api("/api/auth/verify-admin-password", { token: tenant.token, body: { password: tenant.password } });
  if (res.status !== 200) throw new Error(`manager mode failed: ${res.status} ${res.text}`);
}
