// Zod schemas of house accounts (issue 22, decision 087): the API's JSON and the accounts page's
// forms, one set of fields for both.
import { z } from "zod";

import { decimalField } from "~/utils/decimal-field";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { strictNumberInput } from "~/utils/numbers";
import { enumField, idField, optionalText, requiredText } from "~/utils/validation";
import {
  ACCOUNT_NOT_FOUND,
  ACCOUNT_PAYMENT_METHODS,
  ADJUSTMENT_NOTE_REQUIRED,
  MAX_ACCOUNT_NAME,
  MAX_ACCOUNT_NOTE,
  MAX_ACCOUNT_PHONE,
  MAX_CREDIT_LIMIT,
  MAX_MOVEMENT_AMOUNT,
  MAX_MOVEMENT_NOTE,
} from "./accounts";

export const AccountIdParam = idField(ACCOUNT_NOT_FOUND);

const blank = (v: unknown) => v === null || (typeof v === "string" && v.trim() === "");

const name = requiredText("Hesap adı", { max: MAX_ACCOUNT_NAME });
const PHONE = new RegExp(`^[+0-9 ()-]{7,${MAX_ACCOUNT_PHONE}}$`);
const phoneText = z
  .string({ error: "Telefon metin olmalıdır." })
  .trim()
  .max(MAX_ACCOUNT_PHONE, `Telefon en fazla ${MAX_ACCOUNT_PHONE} karakter olabilir.`)
  .regex(PHONE, "Lütfen geçerli bir telefon numarası girin.");
const noteText = z
  .string({ error: "Not metin olmalıdır." })
  .trim()
  .max(MAX_ACCOUNT_NOTE, `Not en fazla ${MAX_ACCOUNT_NOTE} karakter olabilir.`);

/** Empty or null is none; absent is none on a create and "unchanged" on an edit. */
const clearable = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (blank(v) ? null : v), schema.nullable().optional());

/** "5.000", "2500,50" or a JSON number; empty is 0 (nothing without a manager's approval). */
const creditLimit = z.preprocess(
  (v) => (v === undefined || blank(v) ? "0" : v),
  decimalField("Kredi limiti", { decimals: 2, max: MAX_CREDIT_LIMIT, money: true }),
);

const version = z.preprocess(
  strictNumberInput,
  z.number({ error: "Sürüm numarası bir sayı olmalıdır." }).int("Sürüm numarası tam sayı olmalıdır.").positive("Sürüm numarası geçersiz."),
);

const apiKey = (field: string) =>
  z
    .string({ error: `${field} metin olmalıdır.` })
    .regex(CLIENT_KEY, `${field} 8-64 harf, rakam, - veya _ olmalıdır.`)
    .optional();
const clientId = apiKey("İstemci anahtarı");
const key = apiKey("İşlem anahtarı (key)");

/** A form's hidden key: a malformed one (a hand-made post) only loses the double-submit guard. */
const formKey = z
  .unknown()
  .optional()
  .transform((k) => (typeof k === "string" && CLIENT_KEY.test(k) ? k : undefined));

const accountFields = {
  name,
  phone: clearable(phoneText),
  credit_limit: creditLimit,
  note: clearable(noteText),
};

/** POST /api/accounts: name, phone, credit_limit (0 when left out), note; `client_id` makes a repeat open one account. */
export const CreateAccountSchema = z.object({ ...accountFields, client_id: clientId });
export type CreateAccountInput = Omit<z.output<typeof CreateAccountSchema>, "client_id">;

/**
 * PUT /api/accounts/{id}: any of name, phone, credit_limit, note (null or "" clears phone and
 * note); `version` refuses an edit based on an older one (409).
 */
export const UpdateAccountSchema = z
  .object({
    name: name.optional(),
    phone: accountFields.phone,
    credit_limit: z.preprocess((v) => (v === undefined ? undefined : blank(v) ? "0" : v), creditLimit.optional()),
    note: accountFields.note,
    version: version.optional(),
  })
  .refine(
    (v) => v.name !== undefined || v.phone !== undefined || v.credit_limit !== undefined || v.note !== undefined,
    "Güncellenecek en az bir alan gönderin: name, phone, credit_limit, note.",
  );
export type UpdateAccountInput = Omit<z.output<typeof UpdateAccountSchema>, "version">;

const movementNote = optionalText("Açıklama", { max: MAX_MOVEMENT_NOTE });

/** POST /api/accounts/{id}/payments: money received against the account (never more than it owes). */
export const PaymentSchema = z.object({
  amount: decimalField("Tutar", { decimals: 2, max: MAX_MOVEMENT_AMOUNT, positive: true, money: true }),
  method: enumField("Ödeme yöntemi", ACCOUNT_PAYMENT_METHODS),
  note: movementNote,
  key,
});
export type PaymentInput = Omit<z.output<typeof PaymentSchema>, "key">;

/** POST /api/accounts/{id}/adjustments: a manager's correction, + or −, and why. */
export const AdjustmentSchema = z.object({
  amount: decimalField("Düzeltme tutarı", { decimals: 2, max: MAX_MOVEMENT_AMOUNT, signed: true, money: true }).refine(
    (v) => !/^-?[0.]+$/.test(v),
    "Düzeltme tutarı 0 olamaz.",
  ),
  note: z.preprocess(
    (v) => (v == null ? "" : v),
    z
      // Conform turns an empty field into undefined after the preprocess: missing is "write why" too.
      .string({ error: (i) => (i.input == null ? ADJUSTMENT_NOTE_REQUIRED : "Açıklama metin olmalıdır.") })
      .trim()
      .min(1, ADJUSTMENT_NOTE_REQUIRED)
      .max(MAX_MOVEMENT_NOTE, `Açıklama en fazla ${MAX_MOVEMENT_NOTE} karakter olabilir.`),
  ),
  key,
});
export type AdjustmentInput = Omit<z.output<typeof AdjustmentSchema>, "key">;

/** "YYYY-MM-DD" of a real day of 2000–2099 (as the reservations' and discounts' dates). */
function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2099 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const day = (label: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z
      .string({ error: `${label} metin olmalıdır.` })
      .trim()
      .refine(isCalendarDay, `${label} geçersiz; YYYY-AA-GG biçiminde bir gün girin.`)
      .optional(),
  );

/** GET /api/accounts/{id}/statement?from=&to= (and the page's period form): days of the restaurant, both included. */
export const StatementQuerySchema = z
  .object({ from: day("Başlangıç tarihi"), to: day("Bitiş tarihi") })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "Başlangıç tarihi bitiş tarihinden sonra olamaz.", path: ["to"] });

/** GET /api/accounts?include_closed=1: closed accounts too (the list is the open ones). */
export const AccountListQuerySchema = z.object({
  include_closed: z
    .enum(["0", "1", "true", "false"], { error: "include_closed 1 ya da 0 olmalıdır." })
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

const pageId = AccountIdParam;

/** The accounts page's forms (manager mode): one intent each, as the API's fields. */
export const AccountsPageSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("open"), ...accountFields, create_key: formKey }),
    z.object({ intent: z.literal("update"), id: pageId, version, ...accountFields }),
    z.object({ intent: z.literal("payment"), id: pageId, ...PaymentSchema.shape, key: formKey }),
    z.object({ intent: z.literal("adjust"), id: pageId, ...AdjustmentSchema.shape, key: formKey }),
    z.object({ intent: z.literal("close"), id: pageId }),
  ],
  { error: "Geçersiz işlem." },
);
export type AccountsPageForm = z.output<typeof AccountsPageSchema>;
