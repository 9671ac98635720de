// The event types the floor's screens follow (decision 078): no code, so a screen can name them
// without loading the live stream's client.
/** What changes the floor's grids (its definition lives with the rows floor events carry, decision 094). */
export { FLOOR_EVENTS } from "~/modules/tables/floor-patch";
