// The platform admin's review of applications and the received transfer: one schema per write,
// shared by the admin pages' forms and /api/admin/*.
import { z } from "zod";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { enumField, optionalText, strictNumberInput } from "~/utils/validation";
import { PAID_PLAN_IDS } from "./catalog";
import { APPLICATION_FILTERS, INVOICE_FILTERS, MAX_ADMIN_NOTES, REVIEW_DECISIONS } from "./review-rules";

const idField = (label: string) => {
  const bad = `${label} geçersiz.`;
  return z.preprocess(
    strictNumberInput,
    z
      .number({ error: (i) => (i.input === undefined || i.input === null ? `${label} zorunludur.` : bad) })
      .int(bad)
      .positive(bad)
      .max(2_147_483_647, bad),
  );
};
export const ApplicationIdSchema = idField("Başvuru numarası");
export const InvoiceIdSchema = idField("Fatura numarası");

const BAD_KEY = "Karar anahtarı 8-64 harf, rakam, - veya _ olmalıdır.";
const decisionKey = z.string({ error: "Karar anahtarı metin olmalıdır." }).max(64, BAD_KEY).regex(CLIENT_KEY, BAD_KEY);

/** An empty plan (a form's "requested one" choice, JSON null) means the plan applied for. */
const approvedPlan = z.preprocess((v) => (v === "" || v === null ? undefined : v), enumField("Onaylanan plan", PAID_PLAN_IDS).optional());

const decision = {
  application_id: ApplicationIdSchema,
  status: enumField("Karar", REVIEW_DECISIONS),
  approved_plan: approvedPlan,
  admin_notes: optionalText("Admin notu", { max: MAX_ADMIN_NOTES }),
};

/** POST /api/admin/applications/approve (the key may come as the Idempotency-Key header instead). */
export const ReviewSchema = z.object({ ...decision, decision_key: decisionKey.optional() });
/** The review form of /admin/applications: its key is always there (a double submit decides once). */
export const ReviewFormSchema = z.object({ ...decision, decision_key: decisionKey });
export type ReviewInput = z.infer<typeof ReviewSchema>;

/** ?status= of GET /api/admin/applications: empty (or none) is all. */
export const ApplicationListQuery = z.object({
  status: z.preprocess((v) => (v === "" || v === undefined ? "all" : v), enumField("Durum", APPLICATION_FILTERS)),
});

/** ?status= of GET /api/admin/invoices: unpaid unless another is named. */
export const InvoiceListQuery = z.object({
  status: z.preprocess((v) => (v === "" || v === undefined ? "unpaid" : v), enumField("Durum", INVOICE_FILTERS)),
});

/** The "Havale alındı" form. */
/** "Havale alındı": the first post asks to confirm (number, restaurant, amount); confirm=1 marks it paid (issue 20). */
export const MarkPaidFormSchema = z.object({
  invoice_id: InvoiceIdSchema,
  confirm: z.literal("1", { error: "Onay alanı geçersiz." }).optional(),
});
