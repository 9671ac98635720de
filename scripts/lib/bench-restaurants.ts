// Restaurants for the live benchmarks (bench-live, bench-rush): signed up through the API as a
// new customer would, a few at a time, each with its owner's token and the sample menu it got.
import { randomBytes } from "node:crypto";

export interface BenchRestaurant {
  restaurantId: number;
  /** The owner's. */
  userId: number;
  token: string;
  menu: { id: number; price: number; available: boolean }[];
}

/** A JSON request with an optional bearer token; the answer's status and parsed body. */
export async function jsonRequest(baseUrl: string, method: string, pathname: string, token: string | null, body?: unknown) {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // The benchmarks read a few fields of the API's answers.
  return { status: res.status, json: text ? (JSON.parse(text) as any) : null };
}

export async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

/** Signs up `count` restaurants (POST /api/public/signup, 8 at a time) and reads each one's menu. */
export async function signUpRestaurants(baseUrl: string, count: number, label = "Bench"): Promise<BenchRestaurant[]> {
  return inBatches(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const res = await jsonRequest(baseUrl, "POST", "/api/public/signup", null, {
        first_name: label,
        last_name: "Sahibi",
        email: `${label.toLowerCase()}-${i}-${randomBytes(4).toString("hex")}@bench.sofra.local`,
        password: "bench-sifre-1",
        restaurant_name: `${label} Lokanta ${i}`,
        restaurant_type: "restaurant",
      });
      if (res.status !== 201) throw new Error(`signup ${i}: ${res.status} ${JSON.stringify(res.json)}`);
      const menu = await jsonRequest(baseUrl, "GET", "/api/menu", res.json.access_token);
      const items = (Array.isArray(menu.json) ? menu.json : (menu.json.items ?? [])) as {
        id: number;
        price: number | string;
        available?: boolean;
      }[];
      return {
        token: res.json.access_token as string,
        restaurantId: res.json.restaurant.id as number,
        userId: res.json.user.id as number,
        menu: items.map((m) => ({ id: m.id, price: Number(m.price), available: m.available !== false })),
      };
    },
  );
}
