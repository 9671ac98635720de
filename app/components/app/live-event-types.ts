// The event types the floor's screens follow (decision 078): no code, so a screen can name them
// without loading the live stream's client.
/** What changes the floor's grids: tables, their orders, unsent carts, reservations due, ready dishes. */
export const FLOOR_EVENTS = [
  "order.created",
  "order.updated",
  "order.paid",
  "table.updated",
  "cart.changed",
  "reservation.changed",
  "ticket.updated",
] as const;
