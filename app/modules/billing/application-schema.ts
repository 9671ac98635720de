import { z } from "zod";
import { enumField, optionalText, requiredText, strictNumberInput } from "~/utils/validation";
import { PAID_PLAN_IDS } from "./catalog";

export const APPLICATION_BUSINESS_TYPES = ["restaurant", "cafe", "bar", "fast_food", "bakery"] as const;

const optionalCount = (label: string) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : strictNumberInput(v)),
    z
      .number({ error: `${label} bir sayı olmalıdır.` })
      .int(`${label} tam sayı olmalıdır.`)
      .min(1, `${label} en az 1 olmalıdır.`)
      .max(1_000_000, `${label} çok büyük.`)
      .optional(),
  );

export const ApplicationSchema = z.object({
  restaurant_name: requiredText("İşletme adı", { max: 120 }),
  business_type: enumField("İşletme türü", APPLICATION_BUSINESS_TYPES, { defaultValue: "restaurant" }),
  business_description: optionalText("İşletme açıklaması", { max: 2000 }),
  requested_plan: enumField("Plan", PAID_PLAN_IDS, { defaultValue: "pro" }),
  monthly_customer_count: optionalCount("Aylık müşteri sayısı"),
  table_count: optionalCount("Masa sayısı"),
  staff_count: optionalCount("Personel sayısı"),
});
export type ApplicationInput = z.infer<typeof ApplicationSchema>;
