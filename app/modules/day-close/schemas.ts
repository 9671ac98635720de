import { z } from "zod";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { decimalField } from "~/utils/decimal-field";
import { BAD_INTENT } from "~/utils/page-reply";
import { optionalText } from "~/utils/validation";
import { MAX_CLOSE_NOTE } from "./rules";

/** The most cash a drawer count can be (DECIMAL(12,2) holds more; no drawer holds ten million). */
export const MAX_COUNTED_CASH = 9_999_999.99;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** GET /api/day-close?date=YYYY-MM-DD: a closed day. */
export const businessDateField = z
  .string({ error: "Tarih YYYY-AA-GG biçiminde olmalıdır." })
  .regex(DATE, "Tarih YYYY-AA-GG biçiminde olmalıdır.");

const fields = {
  // The business day closed: today's by default, or yesterday's (a bar closing after the day changed).
  date: z.preprocess((v) => (v === "" || v === null ? undefined : v), businessDateField.optional()),
  counted_cash: decimalField("Sayılan nakit", { decimals: 2, max: MAX_COUNTED_CASH, money: true }),
  note: optionalText("Not", { max: MAX_CLOSE_NOTE }),
  key: z.string().regex(CLIENT_KEY, "İşlem anahtarı 8–64 harf, rakam, - ya da _ olmalıdır.").optional(),
};

/**
 * POST /api/day-close: the business day, the cash counted in the drawer, a note, `carry_over` (close
 * with open tables: they carry over, the note saying why), a key (a retry answers the first close).
 */
export const CloseDaySchema = z.object({
  ...fields,
  carry_over: z.boolean({ error: "carry_over true ya da false olmalıdır." }).optional(),
});

/** The close screen's form (the same fields, its intent, and the carry-over box). */
export const CloseDayFormSchema = z.object({
  intent: z.literal("close", { error: BAD_INTENT }),
  ...fields,
  carry_over: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
});
