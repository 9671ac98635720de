// Names the offline store shares with code that reads it without loading it
// (the grids' unsent marks, components/app/unsent-on-device.ts): no imports here.

export const DB_NAME = "sofra";
export const DB_VERSION = 1;
/** localStorage: who is working on this device (restaurant, staff name), for screens opened offline. */
export const SESSION_KEY = "sofra:offline-session";
/** The Background Sync tag the worker sends the queue on. */
export const SYNC_TAG = "sofra-orders";
