import { CLIENT_KEY } from "~/utils/idempotency-key";
import { z } from "zod";
import { BAD_INTENT } from "~/utils/page-reply";
import { enumField, optionalText, requiredText, strictNumberInput } from "~/utils/validation";
import {
  DEFAULT_CAPACITY,
  MAX_CAPACITY,
  MAX_FEATURE_LENGTH,
  MAX_FEATURES,
  PLAN_UNITS,
  SECTION_COLORS,
  TABLE_SHAPES,
  TABLE_SIZES,
  TABLE_STATUSES,
} from "./labels";

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

// ---------------------------------------------------------------------------
// Table management: sections, table configurations, positions (page and API)
// ---------------------------------------------------------------------------

const idOf = (label: string) =>
  z.preprocess(
    strictNumberInput,
    z
      .number({ error: `${label} bir sayı olmalıdır.` })
      .int(`${label} tam sayı olmalıdır.`)
      .min(1, `${label} en az 1 olmalıdır.`)
      .max(2_147_483_647, `${label} çok büyük.`),
  );

export const sectionIdParam = idOf("Bölüm numarası");
export const configurationIdParam = idOf("Masa kaydı numarası");

/** The idempotency key of a create: rendered into the form, or sent by an API client. */
const clientKey = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .string({ error: "İstemci anahtarı metin olmalıdır." })
    .regex(CLIENT_KEY, "İstemci anahtarı (client_id) 8-64 harf, rakam, - veya _ olmalıdır.")
    .optional(),
);

/** The version an edit was based on (the row's updated_at as the screen read it); optional for API clients. */
const basedOn = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .string({ error: "Sürüm bilgisi (updated_at) metin olmalıdır." })
    .max(40, "Sürüm bilgisi (updated_at) geçerli bir tarih olmalıdır.")
    .refine((s) => !Number.isNaN(Date.parse(s)), "Sürüm bilgisi (updated_at) geçerli bir tarih olmalıdır.")
    .transform((s) => new Date(s))
    .optional(),
);

const sectionFields = {
  name: requiredText("Bölüm adı", { max: 80 }),
  description: optionalText("Açıklama", { max: 255 }),
  color: enumField("Renk", SECTION_COLORS, { defaultValue: "blue" }),
};

export const SectionSchema = z.object({ ...sectionFields, client_id: clientKey });
export const SectionUpdateSchema = z.object({ ...sectionFields, updated_at: basedOn });
export type SectionInput = z.infer<typeof SectionSchema>;
export type SectionUpdateInput = z.infer<typeof SectionUpdateSchema>;

const CAPACITY_RANGE = `Kapasite 1 ile ${MAX_CAPACITY} arasında bir tam sayı olmalıdır.`;
const POSITION_RANGE = `Konum 0 ile ${PLAN_UNITS} arasında bir tam sayı olmalıdır.`;
const FEATURES_RULE = `Özel özellikler en fazla ${MAX_FEATURES} tane, her biri en fazla ${MAX_FEATURE_LENGTH} karakter olabilir.`;

const position = (required: boolean) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : strictNumberInput(v)),
    required
      ? z
          .number({ error: (i) => (i.input === undefined ? "Konum zorunludur." : POSITION_RANGE) })
          .int(POSITION_RANGE)
          .min(0, POSITION_RANGE)
          .max(PLAN_UNITS, POSITION_RANGE)
      : z.number({ error: POSITION_RANGE }).int(POSITION_RANGE).min(0, POSITION_RANGE).max(PLAN_UNITS, POSITION_RANGE).optional(),
  );

/** A list of strings (JSON) or one comma-separated text (a form field): trimmed, empty ones dropped, each once. */
const specialFeatures = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "") return [];
    const list = typeof v === "string" ? v.split(",") : v;
    if (!Array.isArray(list)) return v;
    const out: unknown[] = [];
    for (const item of list) {
      const text = typeof item === "string" ? item.trim() : item;
      if (text === "" || out.includes(text)) continue;
      out.push(text);
    }
    return out;
  },
  z
    .array(z.string({ error: FEATURES_RULE }).max(MAX_FEATURE_LENGTH, FEATURES_RULE), { error: FEATURES_RULE })
    .max(MAX_FEATURES, FEATURES_RULE),
);

const configurationFields = {
  table_identifier: requiredText("Masa tanımlayıcısı", { max: 32 }),
  display_name: requiredText("Görünen ad", { max: 80 }),
  capacity: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? DEFAULT_CAPACITY : strictNumberInput(v)),
    z.number({ error: CAPACITY_RANGE }).int(CAPACITY_RANGE).min(1, CAPACITY_RANGE).max(MAX_CAPACITY, CAPACITY_RANGE),
  ),
  shape: enumField("Şekil", TABLE_SHAPES, { defaultValue: "square" }),
  size: enumField("Boyut", TABLE_SIZES, { defaultValue: "medium" }),
  /** Empty or null: no section. */
  section_id: z.preprocess((v) => (v === "" || v === undefined ? null : v), sectionIdParam.nullable()),
  position_x: position(false),
  position_y: position(false),
  special_features: specialFeatures,
};

export const ConfigurationSchema = z.object({ ...configurationFields, client_id: clientKey });
export const ConfigurationUpdateSchema = z.object({ ...configurationFields, updated_at: basedOn });
export type ConfigurationInput = z.infer<typeof ConfigurationSchema>;
export type ConfigurationUpdateInput = z.infer<typeof ConfigurationUpdateSchema>;

export const PositionSchema = z.object({ position_x: position(true), position_y: position(true) });
export type PositionInput = z.infer<typeof PositionSchema>;

const intent = <T extends string>(name: T) => z.literal(name, { error: BAD_INTENT });

/** Every form of /app/table-management, by its intent. */
export const TableManagementFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: intent("section-create"), ...sectionFields, client_id: clientKey }),
    z.object({ intent: intent("section-update"), id: sectionIdParam, ...sectionFields, updated_at: basedOn }),
    z.object({ intent: intent("section-delete"), id: sectionIdParam }),
    z.object({ intent: intent("table-create"), ...configurationFields, client_id: clientKey }),
    z.object({ intent: intent("table-update"), id: configurationIdParam, ...configurationFields, updated_at: basedOn }),
    z.object({ intent: intent("table-delete"), id: configurationIdParam }),
    // A drag on the plan (JavaScript): one table's new place.
    z.object({ intent: intent("position"), id: configurationIdParam, position_x: position(true), position_y: position(true) }),
    // The position form (no JavaScript): every table of a section at once.
    z.object({
      intent: intent("positions"),
      positions: z
        .array(z.object({ id: configurationIdParam, position_x: position(true), position_y: position(true) }), {
          error: "Kaydedilecek konum yok.",
        })
        .min(1, "Kaydedilecek konum yok.")
        .max(500, "Bir seferde en fazla 500 masa kaydedilebilir."),
    }),
    z.object({ intent: intent("migrate-legacy") }),
    z.object({ intent: intent("table-status"), id: configurationIdParam, ...tableStatusFields }).superRefine(occupiedNeedsGuests),
  ],
  { error: BAD_INTENT },
);
export type TableManagementForm = z.output<typeof TableManagementFormSchema>;
