// The management screen's category and bulk forms (decision 068), kept beside the item forms
// of item-actions.server.ts: the same pageAction pattern, a redirect with a flash message on success.
import { requireFeature } from "~/modules/billing/access.server";
import { bulkUpdateItems } from "~/modules/menu/bulk.server";
import { CategoryFormSchema } from "~/modules/menu/category-schemas";
import { createCategory, deleteCategory, updateCategory } from "~/modules/menu/categories.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { pageAction } from "~/utils/page-action.server";

/** Whether a post belongs to these forms (by its intent). */
export function isCategoryIntent(intent: FormDataEntryValue | null): boolean {
  return typeof intent === "string" && (intent.startsWith("category-") || intent === "bulk");
}

const BULK_DONE: Record<string, (n: number) => string> = {
  delete: (n) => `${n} ürün silindi.`,
  sold_out: (n) => `${n} ürün tükendi olarak işaretlendi.`,
  available: (n) => `${n} ürün satışa açıldı.`,
  move: (n) => `${n} ürün taşındı.`,
};

export function categoryAction(formData: FormData, restaurant: Parameters<typeof requireFeature>[0] & { id: number }, back: string) {
  return pageAction(formData, CategoryFormSchema, async (form) => {
    requireFeature(restaurant, "menu_management");
    switch (form.intent) {
      case "category-create": {
        const { category } = await createCategory(
          restaurant.id,
          { name: form.name, kdvRate: form.kdv_rate, hidden: false },
          form.create_key,
        );
        throw await redirectWithFlash(`${back}#category-${category.key}`, `“${category.name}” kategorisi eklendi.`);
      }
      case "category-update": {
        const fields = { name: form.name, kdvRate: form.kdv_rate, stationId: form.station_id };
        const category = await updateCategory(restaurant.id, form.id, fields, form.version);
        throw await redirectWithFlash(`${back}#category-${category.key}`, `“${category.name}” kategorisi kaydedildi.`);
      }
      case "category-move": {
        const category = await updateCategory(restaurant.id, form.id, { position: form.to }, null);
        throw await redirectWithFlash(`${back}#categories`, `“${category.name}” kategorisinin sırası kaydedildi.`);
      }
      case "category-hidden": {
        const category = await updateCategory(restaurant.id, form.id, { hidden: form.hidden }, null);
        throw await redirectWithFlash(
          `${back}#categories`,
          category.hidden ? `“${category.name}” gizlendi: sipariş ekranında ve QR menüde görünmez.` : `“${category.name}” yeniden görünür.`,
        );
      }
      case "category-delete": {
        const { name, moved, to } = await deleteCategory(restaurant.id, form.id, form.move_to);
        throw await redirectWithFlash(
          `${back}#categories`,
          moved > 0 ? `“${name}” silindi; ${moved} ürün “${to}” kategorisine taşındı.` : `“${name}” kategorisi silindi.`,
        );
      }
      case "bulk": {
        const n = await bulkUpdateItems(restaurant.id, form.action, form.ids, form.to_category ?? null);
        throw await redirectWithFlash(back, BULK_DONE[form.action]!(n));
      }
    }
  });
}
