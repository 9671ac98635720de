// Zod schemas of the kitchen tickets' API and the kitchen screen's forms (decision 079).
import { z } from "zod";
import { idField } from "~/utils/validation";

import { strictNumberInput } from "~/utils/numbers";
import { BAD_STATUS, KITCHEN_STATUSES, TICKET_ITEM_NOT_FOUND, TICKET_NOT_FOUND } from "./tickets";

export const TicketIdParam = idField(TICKET_NOT_FOUND);
export const TicketItemIdParam = idField(TICKET_ITEM_NOT_FOUND);

const status = z.enum(KITCHEN_STATUSES, { error: BAD_STATUS });

/** GET /api/kitchen/tickets?station=&status= (status: a state, "open" — the default —, "recent" or "all"). */
export const TicketQuery = z.object({
  station: idField("İstasyon geçersiz.").optional(),
  status: z.enum([...KITCHEN_STATUSES, "open", "recent", "all"], { error: `${BAD_STATUS} Ya da open, recent, all.` }).optional(),
});

/** POST …/status: the target state and, to refuse a bump based on a stale screen, the version it saw. */
export const BumpSchema = z.object({
  status,
  version: z
    .preprocess(strictNumberInput, z.number({ error: "Sürüm numarası bir sayı olmalıdır." }).int().positive().max(2_147_483_647))
    .optional(),
});

/** The kitchen screen's forms (JavaScript off or on): one bump of a ticket or of a line. */
export const KitchenFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("ticket"), id: TicketIdParam, ...BumpSchema.shape }),
    z.object({ intent: z.literal("item"), id: TicketItemIdParam, ...BumpSchema.shape }),
  ],
  { error: "Geçersiz işlem." },
);

/** The staff panel's "Servis edildi" on a ready line (JavaScript or not). */
export const ServedFormSchema = z.object({ intent: z.literal("served", { error: "Geçersiz işlem." }), id: TicketItemIdParam });
