import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { GeneralErrorBoundary } from "~/components/error-page";
import { ManagerPasswordForm } from "~/components/app/manager-password-form";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { managerPasswordAction } from "~/modules/auth/manager-password-form.server";
import { requireFeature } from "~/modules/billing/access.server";
import { billingTabData, planChangeAction, taxDetailsAction } from "~/modules/billing/billing-page.server";
import { PASSWORD_CHANGED, SETTINGS_SAVED } from "~/modules/restaurants/settings-rules";
import { SettingsFormSchema } from "~/modules/restaurants/settings-schemas";
import { pushPublicKey } from "~/modules/push/push.server";
import { getSettings, updateSettings } from "~/modules/restaurants/settings.server";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { revalidateAfterConflict } from "~/utils/page-reply";
import { pageAction } from "~/utils/page-action.server";
import { clientAddressContext } from "~/utils/request-context";
import { BillingTab } from "./billing-tab";
import { GeneralSettingsForm } from "./general-form";
import "~/styles/billing.css";
import "~/styles/push.css";
import "./settings.css";

const PATH = "/app/settings";

export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const { flash, headers } = await takeFlash(request);
  const tab = url.searchParams.get("tab") === "billing" ? "billing" : "general";
  const [settings, billing] = await Promise.all([getSettings(restaurant.id), tab === "billing" ? billingTabData(restaurant.id) : null]);
  return data(
    {
      settings,
      flash,
      // After a change (a flash came with this load) the password form starts empty again.
      passwordFormKey: flash ? `done-${Date.now()}` : "form",
      tab,
      billing,
      timeZone: restaurant.timezone,
      pushPublicKey: pushPublicKey(),
    },
    { headers },
  );
}

/**
 * Three forms: the General tab's settings (intent "settings"), the manager password change, and
 * the Billing tab's plan change (intent "change-plan", open even when the trial has run out).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const formData = await request.formData();
  if (formData.get("intent") === "change-plan") return planChangeAction(formData, auth);
  if (formData.get("intent") === "tax-details") return taxDetailsAction(formData, auth);
  if (formData.get("intent") === "manager-password") {
    // The same change as /app/manager-password and PUT /api/auth/change-admin-password.
    return managerPasswordAction(formData, auth, context.get(clientAddressContext), async () => {
      throw redirect(PATH, { headers: await flashHeaders(PASSWORD_CHANGED) });
    });
  }
  return pageAction(formData, SettingsFormSchema, async ({ intent: _intent, ...input }) => {
    requireFeature(auth.restaurant, "settings_edit");
    await updateSettings(auth.restaurant.id, input);
    throw redirect(PATH, { headers: await flashHeaders(SETTINGS_SAVED) });
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Ayarlar — Sofra" }];

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, tab } = loaderData;
  return (
    <>
      <AppHeader heading title={`Ayarlar · ${settings.restaurant_name}`} backTo="/app/admin" />
      <main className="app-main">
        <div className="container stack settings">
          <nav className="settings-tabs" aria-label="Ayar sekmeleri">
            <Link to="/app/settings" aria-current={tab === "general" ? "page" : undefined}>
              Genel
            </Link>
            <Link to="/app/settings?tab=billing" aria-current={tab === "billing" ? "page" : undefined}>
              Faturalama
            </Link>
          </nav>
          {loaderData.flash ? (
            <p className="notice notice--success" role="status" data-testid="flash">
              {loaderData.flash}
            </p>
          ) : null}
          {tab === "billing" && loaderData.billing ? (
            <BillingTab billing={loaderData.billing} timeZone={loaderData.timeZone} actionData={actionData} />
          ) : (
            <>
              <GeneralSettingsForm settings={settings} actionData={actionData} pushPublicKey={loaderData.pushPublicKey} />
              <section className="card settings-section" aria-labelledby="admin-password-title">
                <h2 id="admin-password-title">Yönetici şifresi</h2>
                <p className="muted small">
                  Şifre değişince diğer cihazlardaki yönetici oturumları kapanır; orada yeniden yönetici şifresiyle giriş yapılır.
                </p>
                <ManagerPasswordForm key={loaderData.passwordFormKey} actionData={actionData} intent="manager-password" />
              </section>
              <section className="card settings-section" aria-labelledby="data-export-title">
                <h2 id="data-export-title">Verileriniz</h2>
                <p className="muted small">İşletmenizin tüm kayıtları, Excel&apos;de açılan CSV dosyaları olarak (KVKK erişim hakkı).</p>
                <Link className="button" to="/app/data-export">
                  Verilerinizi indirin
                </Link>
              </section>
            </>
          )}
        </div>
      </main>
    </>
  );
}

/** Refusals (403, 404) as everywhere; anything else is the spec's load failure message. */
export const ErrorBoundary = () => <GeneralErrorBoundary unexpectedMessage="Veri yüklenirken hata oluştu" />;
