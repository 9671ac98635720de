import type { RestaurantAuth } from "./sessions.server";

/** Who is acting: the restaurant and user always come from the session, never the request. */
export interface Actor {
  restaurantId: number;
  userId: number;
  name: string;
  sessionId?: number;
}

export function actorOf(auth: RestaurantAuth): Actor & { sessionId: number } {
  return {
    restaurantId: auth.restaurant.id,
    userId: auth.user.id,
    name: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
    sessionId: auth.sessionId,
  };
}
