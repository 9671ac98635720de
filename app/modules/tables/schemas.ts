import { z } from "zod";
import { BAD_INTENT } from "~/utils/page-reply";
import { enumField, optionalText, strictNumberInput } from "~/utils/validation";
import { TABLE_STATUSES } from "./labels";

export const MAX_GUESTS = 50;

const AT_LEAST_ONE_GUEST = "Kişi sayısı en az 1 olmalıdır.";

const tableStatusFields = {
  status: enumField("Masa durumu", TABLE_STATUSES),
  waiter_name: optionalText("Garson adı", { max: 120 }),
  customer_count: z.preprocess(
    (v) => (v === "" || v === null ? undefined : strictNumberInput(v)),
    z
      .number({ error: "Kişi sayısı bir sayı olmalıdır." })
      .int("Kişi sayısı tam sayı olmalıdır.")
      .min(0, AT_LEAST_ONE_GUEST)
      .max(MAX_GUESTS, `Kişi sayısı en fazla ${MAX_GUESTS} olabilir.`)
      .optional(),
  ),
};

function occupiedNeedsGuests(v: { status: string; customer_count?: number }, ctx: z.RefinementCtx) {
  if (v.status === "occupied" && v.customer_count === 0) {
    ctx.addIssue({ code: "custom", path: ["customer_count"], message: AT_LEAST_ONE_GUEST });
  }
}

/**
 * POST /api/tables/{n}/status (query or JSON) and the manager's status menu. The spec's
 * client sends customer_count=0 with "empty", so 0 is refused only for an occupied table.
 */
export const TableStatusSchema = z.object(tableStatusFields).superRefine(occupiedNeedsGuests);
export type TableStatusInput = z.infer<typeof TableStatusSchema>;

export const tableNumberParam = z.preprocess(
  strictNumberInput,
  z
    .number({ error: "Masa numarası bir sayı olmalıdır." })
    .int("Masa numarası tam sayı olmalıdır.")
    .min(1, "Masa numarası en az 1 olmalıdır.")
    .max(100_000, "Masa numarası çok büyük."),
);

/** The manager panel's status menu: the same fields for the table it names. */
export const TableStatusFormSchema = z
  .object({ intent: z.literal("table-status", { error: BAD_INTENT }), table: tableNumberParam, ...tableStatusFields })
  .superRefine(occupiedNeedsGuests);
