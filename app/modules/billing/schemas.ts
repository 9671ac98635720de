// Billing's schemas, shared by the plan-change forms (billing tab, /app/plans) and /api/billing/*.
import { z } from "zod";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { BAD_INTENT } from "~/utils/page-reply";
import { enumField, strictNumberInput } from "~/utils/validation";
import { BILLING_CYCLES, PAID_PLAN_IDS } from "./catalog";
import { INVOICE_NOT_FOUND, MAX_INVOICES_PER_PAGE, RECENT_INVOICES } from "./billing-rules";

const key = (label: string) =>
  z.string({ error: `${label} metin olmalıdır.` }).regex(CLIENT_KEY, `${label} 8-64 harf, rakam, - veya _ olmalıdır.`);

const plan = enumField("Plan", PAID_PLAN_IDS);
const cycle = enumField("Ödeme dönemi", BILLING_CYCLES);

/** PUT /api/billing/change-plan. Without billing_cycle the current one is kept. */
export const ChangePlanSchema = z.object({
  subscription_plan: plan,
  billing_cycle: cycle.optional(),
  /** Or the Idempotency-Key header: a repeat answers the first invoice. */
  change_key: key("İşlem anahtarı").optional(),
});
export type ChangePlanInput = z.infer<typeof ChangePlanSchema>;

/** GET /api/billing/invoices?limit=5 */
export const InvoicesQuerySchema = z.object({
  limit: z
    .preprocess(
      (v) => (v === undefined || v === "" ? String(RECENT_INVOICES) : v),
      z.preprocess(strictNumberInput, z.number({ error: "Limit bir sayı olmalıdır." }).int("Limit tam sayı olmalıdır.")),
    )
    .pipe(z.number().min(1, "Limit en az 1 olmalıdır.").max(MAX_INVOICES_PER_PAGE, `Limit en fazla ${MAX_INVOICES_PER_PAGE} olabilir.`)),
});

/** An invoice id in an address: anything but a positive integer is a missing invoice. */
export const InvoiceIdSchema = z.preprocess(
  strictNumberInput,
  z.number({ error: INVOICE_NOT_FOUND }).int(INVOICE_NOT_FOUND).positive(INVOICE_NOT_FOUND).max(2_147_483_647, INVOICE_NOT_FOUND),
);

/** The plan-change form of the billing tab and of /app/plans. */
export const PlanChangeFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("change-plan"),
      subscription_plan: plan,
      billing_cycle: cycle.optional(),
      change_key: key("Form anahtarı"),
    }),
  ],
  { error: BAD_INTENT },
);
