// The management screen's option-group forms (decision 082), beside the category and item forms:
// the same pageAction pattern, a redirect with a flash message on success. The group's fields are
// read from the form by the module's optionGroupFormInput (target "c12" / "i40", option rows
// option_name_<n> / option_price_<n>, empty rows left out) and checked by the API's own schema.
import { z } from "zod";
import { requireFeature } from "~/modules/billing/access.server";
import { OptionGroupIdParam, optionGroupFormInput, UpdateOptionGroupSchema } from "~/modules/menu/option-schemas";
import { createOptionGroup, deleteOptionGroup, updateOptionGroup } from "~/modules/menu/options.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { pageAction } from "~/utils/page-action.server";
import { BAD_INTENT } from "~/utils/page-reply";

/** Whether a post belongs to these forms (by its intent). */
export function isOptionIntent(intent: FormDataEntryValue | null): boolean {
  return typeof intent === "string" && intent.startsWith("option-group-");
}

/** Required here (the form always carries the version it shows); Conform turns the field's text into a number. */
const formVersion = z.number({ error: "Sürüm numarası geçersiz." }).int("Sürüm numarası geçersiz.").positive("Sürüm numarası geçersiz.");

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The panel's three forms; add and edit carry the whole group, as the API's PUT does. */
export const OptionGroupFormSchema = z.preprocess(
  (form) => (isRecord(form) ? { ...form, ...optionGroupFormInput(form) } : form),
  z.discriminatedUnion(
    "intent",
    [
      UpdateOptionGroupSchema.safeExtend({
        intent: z.literal("option-group-create"),
        // The key rendered into the form: a double submit or a resent POST adds the group once.
        create_key: z
          .unknown()
          .optional()
          .transform((key) => (typeof key === "string" && CLIENT_KEY.test(key) ? key : null)),
      }),
      UpdateOptionGroupSchema.safeExtend({ intent: z.literal("option-group-update"), id: OptionGroupIdParam, version: formVersion }),
      z.object({ intent: z.literal("option-group-delete"), id: OptionGroupIdParam }),
    ],
    { error: BAD_INTENT },
  ),
);

export function optionAction(formData: FormData, restaurant: Parameters<typeof requireFeature>[0] & { id: number }, back: string) {
  return pageAction(formData, OptionGroupFormSchema, async (form) => {
    requireFeature(restaurant, "menu_management");
    switch (form.intent) {
      case "option-group-create": {
        const { intent: _, create_key, ...input } = form;
        const { group } = await createOptionGroup(restaurant.id, input, create_key);
        throw await redirectWithFlash(`${back}#option-group-${group.id}`, `“${group.name}” seçenek grubu eklendi.`);
      }
      case "option-group-update": {
        const { intent: _, id, version, ...input } = form;
        const group = await updateOptionGroup(restaurant.id, id, input, version);
        throw await redirectWithFlash(`${back}#option-group-${group.id}`, `“${group.name}” seçenek grubu kaydedildi.`);
      }
      case "option-group-delete": {
        const { name } = await deleteOptionGroup(restaurant.id, form.id);
        throw await redirectWithFlash(`${back}#options`, `“${name}” seçenek grubu silindi.`);
      }
    }
  });
}
