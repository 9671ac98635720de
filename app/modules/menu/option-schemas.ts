// Zod schemas of the menu's options (decision 082): the API's JSON and the menu screen's form.
import { z } from "zod";

import { decimalField } from "~/utils/decimal-field";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { strictNumberInput } from "~/utils/numbers";
import { requiredText, idField } from "~/utils/validation";
import {
  MAX_OPTION_GROUP_NAME,
  MAX_OPTION_NAME,
  MAX_OPTIONS_PER_GROUP,
  OPTION_GROUP_NOT_FOUND,
  OPTION_NAMES_REPEAT,
  OPTION_TARGET_NEEDED,
  OPTIONS_NEEDED,
} from "./options";
import { MAX_PRICE } from "./rules";

export const OptionGroupIdParam = idField(OPTION_GROUP_NOT_FOUND);

/** What an option adds to the price: "60", "7,50", "-10"; empty is 0. */
const priceDelta = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? "0" : v),
  decimalField("Fiyat farkı", { decimals: 2, max: MAX_PRICE, signed: true, money: true }),
);

/** One option of a group. */
export const OptionSchema = z.object({
  name: requiredText("Seçenek adı", { max: MAX_OPTION_NAME }),
  price_delta: priceDelta,
});

const options = z
  .array(OptionSchema, { error: OPTIONS_NEEDED })
  .min(1, OPTIONS_NEEDED)
  .max(MAX_OPTIONS_PER_GROUP, `Bir grupta en fazla ${MAX_OPTIONS_PER_GROUP} seçenek olabilir.`)
  .refine((list) => new Set(list.map((o) => o.name.toLocaleLowerCase("tr"))).size === list.length, OPTION_NAMES_REPEAT);

const targetId = (label: string) =>
  z.preprocess(
    (v) => (v === "" ? null : strictNumberInput(v)),
    z
      .number({ error: `${label} bir sayı olmalıdır.` })
      .int(`${label} geçersiz.`)
      .positive(`${label} geçersiz.`)
      .max(2_147_483_647, `${label} geçersiz.`)
      .nullable()
      .optional(),
  );

const version = z
  .number({ error: "Sürüm numarası bir sayı olmalıdır." })
  .int("Sürüm numarası tam sayı olmalıdır.")
  .positive("Sürüm numarası geçersiz.");

const groupFields = {
  name: requiredText("Grup adı", { max: MAX_OPTION_GROUP_NAME }),
  category_id: targetId("Kategori numarası"),
  menu_item_id: targetId("Ürün numarası"),
  options,
};
const oneTarget = (v: { category_id?: number | null; menu_item_id?: number | null }) =>
  (v.category_id ? 1 : 0) + (v.menu_item_id ? 1 : 0) === 1;

/** POST /api/menu/option-groups: a group for one category or one item, with its options in order. */
export const CreateOptionGroupSchema = z
  .object({
    ...groupFields,
    client_id: z
      .string({ error: "İstemci anahtarı metin olmalıdır." })
      .regex(CLIENT_KEY, "İstemci anahtarı 8-64 harf, rakam, - veya _ olmalıdır.")
      .optional(),
  })
  .refine(oneTarget, { message: OPTION_TARGET_NEEDED, path: ["category_id"] });

/**
 * PUT /api/menu/option-groups/{id}: the whole group again (name, target, options in order; an
 * option keeps its id by its place), and `version` to refuse a stale edit (409).
 */
export const UpdateOptionGroupSchema = z
  .object({ ...groupFields, version: version.optional() })
  .refine(oneTarget, { message: OPTION_TARGET_NEEDED, path: ["category_id"] });

export type OptionGroupInput = z.output<typeof UpdateOptionGroupSchema>;

/**
 * The menu screen's group form: `target` is "c<category id>" or "i<item id>", and its option rows
 * `option_name_<n>` / `option_price_<n>` (empty rows are left out), as the API's JSON.
 */
export function optionGroupFormInput(form: Record<string, unknown>) {
  const target = typeof form.target === "string" ? form.target : "";
  const rows = Array.from({ length: MAX_OPTIONS_PER_GROUP }, (_, n) => ({
    name: form[`option_name_${n}`],
    price_delta: form[`option_price_${n}`],
  })).filter((r) => typeof r.name === "string" && r.name.trim() !== "");
  return {
    name: form.name,
    category_id: target.startsWith("c") ? target.slice(1) : null,
    menu_item_id: target.startsWith("i") ? target.slice(1) : null,
    options: rows,
  };
}
