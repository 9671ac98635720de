// Discounts' schemas, shared by the page's forms and the /api/discounts endpoints.
import { z } from "zod";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { decimalField } from "~/utils/decimal-field";
import { BAD_INTENT } from "~/utils/page-reply";
import { enumField, strictNumberInput } from "~/utils/validation";
import { CODE_PATTERN, crossFieldIssues, DISCOUNT_TYPES, MAX_CODE, MAX_MIN_ORDER, MAX_NAME, MAX_USAGE_LIMIT } from "./rules";

const missing = (v: unknown) => v === undefined || v === null;

const name = z
  .string({ error: (i) => (missing(i.input) ? "İndirim adı zorunludur." : "İndirim adı metin olmalıdır.") })
  .trim()
  .min(1, "İndirim adı zorunludur.")
  .max(MAX_NAME, `İndirim adı en fazla ${MAX_NAME} karakter olabilir.`);

/** A code as typed: trimmed and upper-cased (ASCII only, so "i" is "I" on every device). */
export const codeField = z
  .string({ error: (i) => (missing(i.input) ? "İndirim kodu zorunludur." : "İndirim kodu metin olmalıdır.") })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(
    z
      .string()
      .min(1, "İndirim kodu zorunludur.")
      .max(MAX_CODE, `İndirim kodu en fazla ${MAX_CODE} karakter olabilir.`)
      .regex(CODE_PATTERN, "İndirim kodu yalnızca harf (A-Z), rakam, - ve _ içerebilir."),
  );

/** The cap by type (100 % or 1,000 ₺) is checked with the type, below. */
const value = decimalField("İndirim değeri", { decimals: 2, max: MAX_MIN_ORDER }).refine(
  (v) => Number(v) > 0,
  "İndirim değeri 0'dan büyük olmalıdır.",
);
const minOrder = decimalField("Minimum sipariş tutarı", { decimals: 2, max: MAX_MIN_ORDER, money: true });
/** Empty (a form) or 0-less JSON null: no limit. */
const usageLimit = z.preprocess(
  (v) => (v === "" || v === null ? null : strictNumberInput(v)),
  z
    .number({ error: "Kullanım limiti bir sayı olmalıdır." })
    .int("Kullanım limiti tam sayı olmalıdır.")
    .min(1, "Kullanım limiti en az 1 olmalıdır.")
    .max(MAX_USAGE_LIMIT, "Kullanım limiti en fazla 1.000.000 olabilir.")
    .nullable(),
);

function dateField(label: string) {
  return z
    .string({ error: (i) => (missing(i.input) ? `${label} zorunludur.` : `${label} metin olmalıdır.`) })
    .trim()
    .min(1, `${label} zorunludur.`)
    .refine((s) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
      if (!m) return false;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const date = new Date(Date.UTC(y, mo - 1, d));
      return y >= 2000 && y <= 2099 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
    }, `${label} geçerli bir tarih olmalıdır (YYYY-AA-GG).`);
}

const key = (label: string) =>
  z.string({ error: `${label} metin olmalıdır.` }).regex(CLIENT_KEY, `${label} 8-64 harf, rakam, - veya _ olmalıdır.`);
const version = z.preprocess(
  strictNumberInput,
  z.number({ error: "Sürüm numarası bir sayı olmalıdır." }).int("Sürüm numarası tam sayı olmalıdır.").positive("Sürüm numarası geçersiz."),
);

const BAD_ID = "İndirim numarası geçersiz.";
export const DiscountIdSchema = z.preprocess(
  strictNumberInput,
  z.number({ error: BAD_ID }).int(BAD_ID).positive(BAD_ID).max(2_147_483_647, BAD_ID),
);

const withZero = <T extends z.ZodType>(field: T) => z.preprocess((v) => (v === undefined || v === null || v === "" ? "0" : v), field);

const fields = {
  name,
  type: enumField("İndirim türü", DISCOUNT_TYPES, { defaultValue: "percentage" }),
  value,
  code: codeField,
  min_order_amount: withZero(minOrder),
  usage_limit: usageLimit.optional().transform((v) => v ?? null),
  start_date: dateField("Başlangıç tarihi"),
  end_date: dateField("Bitiş tarihi"),
};

type Cross = Parameters<typeof crossFieldIssues>[0];
const checkCross = (d: Cross, ctx: z.RefinementCtx) => {
  for (const issue of crossFieldIssues(d)) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
};

/** A form checkbox: "on" when ticked, absent when not. */
const checkbox = z.preprocess((v) => v === "on" || v === "true", z.boolean());
const jsonBoolean = (label: string) => z.boolean({ error: `${label} true ya da false olmalıdır.` });

/** POST /api/discounts. `client_id` (or the Idempotency-Key header): a repeat returns the first discount. */
export const CreateDiscountSchema = z
  .object({ ...fields, is_active: jsonBoolean("is_active").default(true), client_id: key("İstemci anahtarı").optional() })
  .superRefine(checkCross);
export type CreateDiscountInput = z.infer<typeof CreateDiscountSchema>;

/** PUT /api/discounts/{id}: the fields sent are changed, the others kept; `version` (from GET) makes a stale edit a 409. */
export const UpdateDiscountSchema = z.object({
  name: name.optional(),
  type: enumField("İndirim türü", DISCOUNT_TYPES).optional(),
  value: value.optional(),
  code: codeField.optional(),
  min_order_amount: minOrder.optional(),
  usage_limit: usageLimit.optional(),
  start_date: dateField("Başlangıç tarihi").optional(),
  end_date: dateField("Bitiş tarihi").optional(),
  is_active: jsonBoolean("is_active").optional(),
  version: z
    .number({ error: "Sürüm numarası bir sayı olmalıdır." })
    .int("Sürüm numarası tam sayı olmalıdır.")
    .positive("Sürüm numarası geçersiz.")
    .optional(),
});
export type UpdateDiscountInput = z.infer<typeof UpdateDiscountSchema>;

/** The discounts screen's forms: create, edit, the active toggle, delete. */
export const DiscountFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create"), ...fields, is_active: checkbox, create_key: key("Form anahtarı") }).superRefine(checkCross),
    z.object({ intent: z.literal("update"), id: DiscountIdSchema, version, ...fields, is_active: checkbox }).superRefine(checkCross),
    z.object({
      intent: z.literal("toggle"),
      id: DiscountIdSchema,
      version,
      is_active: z.enum(["true", "false"], { error: "Durum geçersiz." }).transform((v) => v === "true"),
    }),
    z.object({ intent: z.literal("delete"), id: DiscountIdSchema }),
  ],
  { error: BAD_INTENT },
);
export type DiscountFormInput = z.infer<typeof DiscountFormSchema>;
