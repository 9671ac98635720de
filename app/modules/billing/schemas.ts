// Billing's schemas, shared by the plan-change forms (billing tab, /app/plans) and /api/billing/*.
import { z } from "zod";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { BAD_INTENT } from "~/utils/page-reply";
import { taxNumberProblem } from "~/utils/tax-number";
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
      /** The confirmation step's key (a repeat of the confirmed post changes once); the first post may omit it. */
      change_key: key("Form anahtarı").optional(),
      /** "1" on the confirmation's own post: only then is the plan changed (issue 20). */
      confirm: z.literal("1", { error: "Onay alanı geçersiz." }).optional(),
      /** Where the upgrade button was (trial banner, premium gate): back there once confirmed. */
      return_to: z.string().max(2000).optional(),
    }),
  ],
  { error: BAD_INTENT },
);

export const TAX_OFFICE_REQUIRED = "Vergi numarasıyla birlikte vergi dairesini de yazın.";
export const TAX_NUMBER_REQUIRED = "Vergi dairesiyle birlikte VKN ya da T.C. kimlik numarasını da yazın.";

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v);

/**
 * The billing tab's "Fatura bilgileri": the buyer's tax office and tax number on its invoices
 * (decision 062). A VKN (10 digits) or a sole trader's TCKN (11 digits), spaces ignored, its check
 * digits verified; both or neither.
 */
export const TaxDetailsFormSchema = z
  .object({
    intent: z.literal("tax-details", { error: BAD_INTENT }),
    tax_office: z.preprocess(
      blankToNull,
      z
        .string({ error: "Vergi dairesi metin olmalıdır." })
        .min(2, "Vergi dairesi en az 2 karakter olmalıdır.")
        .max(100, "Vergi dairesi en fazla 100 karakter olabilir.")
        .nullable(),
    ),
    tax_number: z.preprocess(
      (v) => (typeof v === "string" ? blankToNull(v.replace(/\s+/g, "")) : v),
      z
        .string({ error: "Vergi numarası metin olmalıdır." })
        .nullable()
        .superRefine((v, ctx) => {
          const problem = v === null ? null : taxNumberProblem(v);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.tax_number && !v.tax_office) ctx.addIssue({ code: "custom", path: ["tax_office"], message: TAX_OFFICE_REQUIRED });
    if (v.tax_office && !v.tax_number) ctx.addIssue({ code: "custom", path: ["tax_number"], message: TAX_NUMBER_REQUIRED });
  });
