// Reservations' schemas, shared by the page's forms and the /api/reservations endpoints.
import { z } from "zod";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { BAD_INTENT } from "~/utils/page-reply";
import { enumField, optionalText, strictNumberInput } from "~/utils/validation";
import {
  DATE_REQUIRED,
  MAX_EMAIL,
  MAX_GUESTS,
  MAX_NAME,
  MAX_NOTES,
  MAX_PHONE,
  MAX_TABLE_NUMBER,
  MIN_GUESTS,
  NAME_REQUIRED,
  PHONE_REQUIRED,
  RESERVATION_STATUSES,
  TABLE_REQUIRED,
  TIME_REQUIRED,
} from "./rules";
import { CLOCK_TIME, isCalendarDate } from "./time";

const missing = (input: unknown) => input === undefined || input === null;

const text = (label: string, required: string, max: number) =>
  z
    .string({ error: (i) => (missing(i.input) ? required : `${label} metin olmalıdır.`) })
    .trim()
    .min(1, required)
    .max(max, `${label} en fazla ${max} karakter olabilir.`);

const wholeNumber = (label: string, required: string, min: number, max: number, minMessage?: string) =>
  z.preprocess(
    strictNumberInput,
    z
      .number({ error: (i) => (missing(i.input) ? required : `${label} bir sayı olmalıdır.`) })
      .int(`${label} tam sayı olmalıdır.`)
      .min(min, minMessage ?? `${label} en az ${min} olmalıdır.`)
      .max(max, `${label} en fazla ${max} olabilir.`),
  );

const customer_name = text("Müşteri adı", NAME_REQUIRED, MAX_NAME);
const customer_phone = text("Telefon", PHONE_REQUIRED, MAX_PHONE).pipe(
  z.string().regex(/^[+0-9 ()-]{7,32}$/, "Lütfen geçerli bir telefon numarası girin."),
);
const customer_email = optionalText("E-posta", { max: MAX_EMAIL }).pipe(
  z.string().toLowerCase().pipe(z.email("Lütfen geçerli bir e-posta adresi girin (örnek: ad@ornek.com).")).optional(),
);
const table_number = wholeNumber("Masa numarası", TABLE_REQUIRED, 1, MAX_TABLE_NUMBER);
const date = z
  .string({ error: (i) => (missing(i.input) ? DATE_REQUIRED : "Tarih metin olmalıdır.") })
  .trim()
  .min(1, DATE_REQUIRED)
  .refine(isCalendarDate, "Tarih geçersiz; YYYY-AA-GG biçiminde bir gün girin.");
const time = z
  .string({ error: (i) => (missing(i.input) ? TIME_REQUIRED : "Saat metin olmalıdır.") })
  .trim()
  .min(1, TIME_REQUIRED)
  // A time input with seconds ("19:30:00") is the same minute.
  .transform((v) => (/^\d\d:\d\d:00$/.test(v) ? v.slice(0, 5) : v))
  .refine((v) => CLOCK_TIME.test(v), "Saat SS:DD biçiminde olmalıdır (örnek: 19:30).");
const guest_count = wholeNumber("Kişi sayısı", "Kişi sayısı zorunludur.", MIN_GUESTS, MAX_GUESTS);
/** The spec's default: one guest. */
const guestsOrOne = z.preprocess((v) => (v === undefined || v === null || v === "" ? 1 : v), guest_count);
const notes = optionalText("Notlar", { max: MAX_NOTES });
const status = enumField("Durum", RESERVATION_STATUSES);
const key = (label: string) =>
  z.string({ error: `${label} metin olmalıdır.` }).regex(CLIENT_KEY, `${label} 8-64 harf, rakam, - veya _ olmalıdır.`);
const version = z.preprocess(
  strictNumberInput,
  z.number({ error: "Sürüm numarası bir sayı olmalıdır." }).int("Sürüm numarası geçersiz.").positive("Sürüm numarası geçersiz."),
);

/** The reservation's fields with the spec's defaults (1 guest, pending). */
const fields = {
  customer_name,
  customer_phone,
  customer_email,
  table_number,
  date,
  time,
  guest_count: guestsOrOne,
  notes,
  status: status.default("pending"),
};

/** POST /api/reservations. `client_id` (or the Idempotency-Key header): a repeat answers the first reservation. */
export const CreateReservationSchema = z.object({ ...fields, client_id: key("İstemci anahtarı").optional() });
export type CreateReservationInput = z.infer<typeof CreateReservationSchema>;

/** PUT /api/reservations/{id}: the fields sent are changed, the others kept; `version` (from GET) makes a stale edit a 409. */
export const UpdateReservationSchema = z.object({
  customer_name: customer_name.optional(),
  customer_phone: customer_phone.optional(),
  customer_email: z.union([z.null(), customer_email]).optional(),
  table_number: table_number.optional(),
  date: date.optional(),
  time: time.optional(),
  guest_count: guest_count.optional(),
  notes: z.union([z.null(), notes]).optional(),
  status: status.optional(),
  version: version.optional(),
});
export type UpdateReservationInput = z.infer<typeof UpdateReservationSchema>;

/** GET /api/reservations?status=&date= */
export const ReservationFilterSchema = z.object({
  status: enumField("Durum", RESERVATION_STATUSES).optional(),
  date: z.string().refine(isCalendarDate, "Tarih geçersiz; YYYY-AA-GG biçiminde bir gün girin.").optional(),
});
export type ReservationFilter = z.infer<typeof ReservationFilterSchema>;

const BAD_ID = "Rezervasyon numarası geçersiz.";
export const ReservationIdSchema = z.preprocess(
  strictNumberInput,
  z.number({ error: BAD_ID }).int(BAD_ID).positive(BAD_ID).max(2_147_483_647, BAD_ID),
);

/** The reservations screen's four forms. */
export const ReservationFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create"), ...fields, create_key: key("Form anahtarı") }),
    z.object({ intent: z.literal("update"), id: ReservationIdSchema, version, ...fields, status }),
    z.object({ intent: z.literal("status"), id: ReservationIdSchema, status }),
    z.object({ intent: z.literal("delete"), id: ReservationIdSchema }),
  ],
  { error: BAD_INTENT },
);
export type ReservationFormInput = z.infer<typeof ReservationFormSchema>;
