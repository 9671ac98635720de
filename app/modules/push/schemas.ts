// The push endpoints' bodies (POST /api/push/subscribe and /api/push/unsubscribe, GET /api/push/status), as a browser's
// PushSubscription.toJSON() gives them.
import { z } from "zod";
import { PUSH_BAD_ENDPOINT, PUSH_BAD_KEYS, PUSH_LIMITS } from "./rules";

/** base64url (padding allowed) that decodes to exactly `size` bytes. */
const base64Key = (size: number, max: number) =>
  z
    .string({ error: PUSH_BAD_KEYS })
    .max(max, PUSH_BAD_KEYS)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_BAD_KEYS)
    .refine((v) => Buffer.from(v, "base64url").byteLength === size, PUSH_BAD_KEYS);

const Endpoint = z.string({ error: PUSH_BAD_ENDPOINT }).trim().min(1, PUSH_BAD_ENDPOINT).max(PUSH_LIMITS.endpoint, PUSH_BAD_ENDPOINT);

export const SubscribeSchema = z.object({
  endpoint: Endpoint,
  keys: z.object(
    {
      // An uncompressed P-256 point (0x04, x, y) and the 16-byte auth secret (RFC 8291).
      p256dh: base64Key(65, PUSH_LIMITS.p256dh).refine((v) => Buffer.from(v, "base64url")[0] === 4, PUSH_BAD_KEYS),
      auth: base64Key(16, PUSH_LIMITS.auth),
    },
    { error: PUSH_BAD_KEYS },
  ),
});
export type SubscribeInput = z.output<typeof SubscribeSchema>;

/** POST /api/push/unsubscribe's body and GET /api/push/status's query. */
export const UnsubscribeSchema = z.object({ endpoint: Endpoint });

/** The "push" job's payload (the notifications' delivery enqueues it). */
export const PushJobSchema = z.object({
  restaurantId: z.number().int().positive(),
  title: z.string().min(1),
  body: z.string(),
  url: z.string().optional(),
  tag: z.string().optional(),
});
export type PushJobPayload = z.output<typeof PushJobSchema>;
