// The admin members' schemas, shared by the dashboard's plan selector, the member page's forms and
// /api/admin/customers*.
import { z } from "zod";
import { PAID_PLAN_IDS } from "~/modules/billing/catalog";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { BAD_INTENT } from "~/utils/page-reply";
import { enumField, optionalText, strictNumberInput } from "~/utils/validation";
import {
  MAX_MEMBERS_PAGE_SIZE,
  MAX_STATUS_NOTE,
  MEMBER_ACTIONS,
  MEMBER_FILTERS,
  MEMBER_NOT_FOUND,
  MEMBERS_PAGE_SIZE,
  TARGET_STATUSES,
} from "./member-rules";

const key = (label: string) =>
  z.string({ error: `${label} zorunludur.` }).regex(CLIENT_KEY, `${label} 8-64 harf, rakam, - veya _ olmalıdır.`);

const MAX_INT = 2_147_483_647;

/** A member (restaurant) id in an address or a form: anything but a positive integer is a missing member. */
export const MemberIdSchema = z.preprocess(
  strictNumberInput,
  z.number({ error: MEMBER_NOT_FOUND }).int(MEMBER_NOT_FOUND).positive(MEMBER_NOT_FOUND).max(MAX_INT, MEMBER_NOT_FOUND),
);

const wholeNumber = (label: string, fallback: number, max: number) =>
  z
    .preprocess(
      (v) => (v === undefined || v === "" ? String(fallback) : v),
      z.preprocess(strictNumberInput, z.number({ error: `${label} bir sayı olmalıdır.` }).int(`${label} tam sayı olmalıdır.`)),
    )
    .pipe(z.number().min(1, `${label} en az 1 olmalıdır.`).max(max, `${label} en fazla ${max} olabilir.`));

/** ?filter=all|active|inactive|trial&page=1&page_size=25 (page and API). */
export const MembersQuerySchema = z.object({
  filter: z.preprocess((v) => (v === undefined || v === "" ? "all" : v), enumField("Filtre", MEMBER_FILTERS)),
  page: wholeNumber("Sayfa", 1, 100_000),
  page_size: wholeNumber("Sayfa boyutu", MEMBERS_PAGE_SIZE, MAX_MEMBERS_PAGE_SIZE),
});
export type MembersQuery = z.infer<typeof MembersQuerySchema>;

const note = optionalText("Açıklama", { max: MAX_STATUS_NOTE });

/** The dashboard's per-row plan selector. */
export const DashboardFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("change-plan"),
      restaurant_id: MemberIdSchema,
      plan: enumField("Plan", PAID_PLAN_IDS),
      change_key: key("Form anahtarı"),
    }),
  ],
  { error: BAD_INTENT },
);

/** The member page's forms: suspend / reactivate / cancel (cancel only from its confirmation step) and the plan. */
export const MemberStatusFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("status"),
      action: enumField("İşlem", MEMBER_ACTIONS),
      note,
      status_key: key("Form anahtarı"),
    }),
    z.object({
      intent: z.literal("change-plan"),
      plan: enumField("Plan", PAID_PLAN_IDS),
      change_key: key("Form anahtarı"),
    }),
  ],
  { error: BAD_INTENT },
);

/** POST /api/admin/customers/{id}/status {status, note?, status_key?} (or an Idempotency-Key header). */
export const MemberStatusApiSchema = z.object({
  status: enumField("Durum", TARGET_STATUSES),
  note,
  status_key: key("İşlem anahtarı").optional(),
});

/** POST /api/admin/customers/{id}/plan {plan, change_key?} (or an Idempotency-Key header). */
export const MemberPlanApiSchema = z.object({
  plan: enumField("Plan", PAID_PLAN_IDS),
  change_key: key("İşlem anahtarı").optional(),
});
