import { Icon } from "~/components/icons/icon";
import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/welcome";
import { StarterMenuCard } from "~/components/app/starter-menu-card";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { TRIAL_DAYS } from "~/modules/billing/catalog";
import { chooseStarterMenu, starterMenuState } from "~/modules/menu/starter-menu.server";
import { SAMPLE_MENUS } from "~/modules/menu/sample-menu";
import { countTables } from "~/modules/tables/tables.server";
import { redirectWithFlash, takeFlash } from "~/utils/flash.server";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf } from "~/utils/page-reply";

const STARTER_CHOICES = ["restaurant", "cafe", "bar", "fast_food", "empty"] as const;

/** The welcome screen's one form: which menu to start with (decision 068). */
const StarterMenuSchema = z.object({
  intent: z.literal("starter-menu"),
  menu: z.enum(STARTER_CHOICES, { error: "Bir başlangıç menüsü seçin." }),
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, restaurant } = context.get(restaurantAuthContext);
  const [tableCount, starter, flash] = await Promise.all([countTables(restaurant.id), starterMenuState(restaurant.id), takeFlash(request)]);
  return data(
    {
      firstName: user.firstName,
      restaurantName: restaurant.name,
      tableCount,
      itemCount: starter.items,
      // Only the owner (or an admin) chooses the menu; staff see the welcome without the form.
      starter: user.role === "admin" ? starter.current : null,
      starterOptions: [
        ...Object.entries(SAMPLE_MENUS).map(([value, m]) => ({ value, label: m.label, detail: `${m.items.length} ürün` })),
        { value: "empty", label: "Boş menü", detail: "kategoriler hazır, ürünleri siz eklersiniz" },
      ],
      flash: flash.flash,
    },
    { headers: flash.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, restaurant } = context.get(restaurantAuthContext);
  if (user.role !== "admin") throw data({ message: "Başlangıç menüsünü yalnızca işletme sahibi seçebilir." }, { status: 403 });
  return pageAction(await request.formData(), StarterMenuSchema, async ({ menu }) => {
    await chooseStarterMenu(restaurant.id, menu);
    throw await redirectWithFlash(
      "/app/welcome",
      menu === "empty" ? "Boş menüyle başladınız: ürünlerinizi Menü Yönetimi'nden ekleyin." : `${SAMPLE_MENUS[menu].label} yüklendi.`,
    );
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Hoş geldiniz — Sofra" }];

export default function Welcome({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="app-main">
      <div className="container narrow">
        <div className="card stack">
          <div className="welcome-card__icon" aria-hidden="true">
            <Icon name="party-popper" size={40} />
          </div>
          <h1>Tebrikler {loaderData.firstName}!</h1>
          <p>
            <strong>{loaderData.restaurantName}</strong> Sofra'ya katıldı. {TRIAL_DAYS} günlük ücretsiz deneme süreniz başladı.
          </p>
          {loaderData.flash ? (
            <p className="notice notice--success" role="status">
              {loaderData.flash}
            </p>
          ) : null}
          <ul className="checklist">
            <li>{loaderData.tableCount} masa otomatik olarak tanımlandı</li>
            <li>{loaderData.itemCount > 0 ? `Örnek menü ürünleri eklendi (${loaderData.itemCount} ürün)` : "Menü kategorileri hazır"}</li>
            <li>Personel yönetimi hazır</li>
            <li>Raporlama aktif</li>
          </ul>
          <StarterMenuCard current={loaderData.starter} options={loaderData.starterOptions} errors={formErrorsOf(actionData)} />
          <Link className="button button--primary button--block" to="/app/role-selection">
            Başlayalım
          </Link>
        </div>
      </div>
    </main>
  );
}
