// The management screen's item forms (add, edit, sale switch, move, delete, photo), kept beside
// the category forms of category-actions.server.ts: the same pageAction pattern, a redirect with
// a flash message on success.
import { requireFeature } from "~/modules/billing/access.server";
import { createMenuItem, deleteMenuItem, moveMenuItem, setMenuItemAvailable, updateMenuItem } from "~/modules/menu/menu.server";
import { ITEM_ADDED, ITEM_DELETED, ITEM_UPDATED } from "~/modules/menu/rules";
import { removeMenuItemPhoto, setMenuItemPhoto } from "~/modules/menu/photos.server";
import { MenuManagementFormSchema } from "~/modules/menu/schemas";
import { redirectWithFlash } from "~/utils/flash.server";
import { pageAction } from "~/utils/page-action.server";
import { readImageFile } from "~/utils/uploads.server";

export function itemAction(formData: FormData, restaurant: Parameters<typeof requireFeature>[0] & { id: number }, back: string) {
  return pageAction(
    formData,
    MenuManagementFormSchema,
    async (form) => {
      requireFeature(restaurant, "menu_management");
      switch (form.intent) {
        case "create": {
          const { intent: _, create_key, ...fields } = form;
          const { item } = await createMenuItem(restaurant.id, fields, create_key);
          throw await redirectWithFlash(`${back}#item-${item.id}`, ITEM_ADDED);
        }
        case "update": {
          const { intent: _, id, version, confirm_price_change, ...fields } = form;
          await updateMenuItem(restaurant.id, id, fields, version, { confirmPriceChange: confirm_price_change });
          throw await redirectWithFlash(`${back}#item-${id}`, ITEM_UPDATED);
        }
        case "availability": {
          const item = await setMenuItemAvailable(restaurant.id, form.id, form.available);
          throw await redirectWithFlash(
            `${back}#item-${item.id}`,
            item.available ? `“${item.name}” satışa açıldı.` : `“${item.name}” tükendi olarak işaretlendi; garsonlar sipariş alamaz.`,
          );
        }
        case "move":
          await moveMenuItem(restaurant.id, form.id, form.to);
          throw await redirectWithFlash(`${back}#item-${form.id}`, "Sıralama kaydedildi.");
        case "delete": {
          const { name } = await deleteMenuItem(restaurant.id, form.id);
          throw await redirectWithFlash(back, `${ITEM_DELETED}: “${name}”`);
        }
        case "photo": {
          const { name } = await setMenuItemPhoto(restaurant.id, form.id, await readImageFile(formData.get("photo")));
          throw await redirectWithFlash(`${back}#item-${form.id}`, `“${name}” fotoğrafı kaydedildi.`);
        }
        case "photo-remove": {
          const { name } = await removeMenuItemPhoto(restaurant.id, form.id);
          throw await redirectWithFlash(`${back}#item-${form.id}`, `“${name}” fotoğrafı kaldırıldı.`);
        }
      }
    },
    { hideFields: ["photo"] },
  );
}
