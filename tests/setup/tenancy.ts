// The tenant-isolation helper every capability reuses: two restaurants, and
// every id of one is refused (404) to the other, while its owner can reach it.
import { expect } from "vitest";
import { createTenant, type Tenant } from "./factories";

export interface TenantPair {
  a: Tenant;
  b: Tenant;
}

export async function createTenantPair({ manager = true } = {}): Promise<TenantPair> {
  const [a, b] = await Promise.all([createTenant({ manager }), createTenant({ manager })]);
  return { a, b };
}

export interface IsolationCase {
  /** What is being tried, for the failure message ("PUT /api/menu/{id}"). */
  name: string;
  /** Sends the request for `id` with `token` and returns its status. */
  send: (id: number | string, token: string) => Promise<{ status: number }>;
}

/**
 * For every id owned by `owner`: the owner's request is not a 404 (so the id is
 * real), and the same request with `other`'s token is a 404.
 */
export async function expectIdsRefusedToOtherTenant(
  { owner, other }: { owner: Tenant; other: Tenant },
  ids: (number | string)[],
  cases: IsolationCase[],
) {
  expect(ids.length, "give the helper some ids to try").toBeGreaterThan(0);
  for (const c of cases) {
    for (const id of ids) {
      const foreign = await c.send(id, other.token);
      expect(foreign.status, `${c.name} with another restaurant's id ${id}`).toBe(404);
      const own = await c.send(id, owner.token);
      expect(own.status, `${c.name} by its own restaurant (id ${id})`).not.toBe(404);
    }
  }
}
