import { lazy, Suspense, useEffect } from "react";
import { data, Outlet, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { RouteErrorBoundary } from "~/components/error-page";
import { TrialBanner } from "~/components/app/trial-banner";
import { SharedTabletIdle } from "~/components/app/shared-tablet";
import { EmailVerifyBanner } from "~/components/app/email-verify-banner";
import { takeVerificationNotice } from "~/modules/account/verification-notice.server";
import { useAfterLoad } from "~/components/app/use-hydrated";
import { noteNavigation } from "~/components/app/page-navigation";
import { requireRestaurantUser, restaurantAuthContext } from "~/modules/auth/guards.server";
import { APPLICATION_SENT } from "~/modules/billing/premium-gate";
import { isBannerDismissed } from "~/modules/billing/banner-cookie.server";
import { billingState, suspensionDateOf, trialUpgradePlanFor } from "~/modules/billing/billing.server";
import { planDefinition, upgradePlanFor } from "~/modules/billing/catalog";
import { canExtendTrial, trialStatus } from "~/modules/billing/trial.server";
import { accountHold } from "~/modules/admin/members.server";
import { inboxAudienceOf, unreadCount } from "~/modules/notifications/inbox.server";
import { formatLongDate } from "~/utils/dates";
import "~/styles/restaurant.css";

export const middleware: Route.MiddlewareFunction[] = [requireRestaurantUser];

// Loaded once the page has loaded and gone idle rather than with it: no screen needs the
// offline machinery (IndexedDB, the queue, the notices) to show, hydrate or answer a tap; it
// kept the small screens over their JavaScript budget (decision 019) and, started during
// hydration, delayed the first paint on a slow phone (Lighthouse, decision 031).
const OfflineSupport = lazy(() => import("~/components/app/offline-support").then((m) => ({ default: m.OfflineSupport })));

/**
 * The layout's data (who, which restaurant, the trial) does not change while
 * moving between screens, and is not refetched then: this keeps navigation
 * working without a connection. Form posts and explicit refreshes do refetch.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, restaurant, mode } = context.get(restaurantAuthContext);
  const now = new Date();
  const trial = trialStatus(restaurant, now);
  // Only an expired trial shows the one-tap upgrade: only then is the fitting plan worth a query.
  const upgradePlanId =
    trial.is_expired && mode === "manager"
      ? await trialUpgradePlanFor(restaurant.id, restaurant.requestedPlanId)
      : upgradePlanFor(restaurant.requestedPlanId);
  const upgradePlan = planDefinition(upgradePlanId)!;
  const state = billingState(restaurant, now);
  // Why the account is closed (a platform admin's suspension or cancellation, with its note): only
  // then is it worth a query (decision 047).
  const hold = restaurant.subscriptionStatus === "active" ? null : await accountHold(restaurant.id);
  // Owners see the e-mail banner until they verify (decision 055).
  const unverified = user.isOwner && !user.emailVerified;
  const verification = unverified ? await takeVerificationNotice(request) : { notice: null, headers: undefined };
  return data(
    {
      user: { id: user.id, firstName: user.firstName, lastName: user.lastName, role: user.role },
      restaurant: { id: restaurant.id, name: restaurant.name, type: restaurant.type },
      mode,
      // Started on the restaurant's shared tablet: "Kullanıcı değiştir" and the idle timer (decision 071).
      sharedDevice: context.get(restaurantAuthContext).sharedDeviceId !== null,
      trial,
      // Past due (an invoice unpaid after its due date) and suspended (14 days later): decision 040.
      billingNotice:
        state === "past_due" && restaurant.paymentDueAt
          ? { state, until: formatLongDate(suspensionDateOf(restaurant.paymentDueAt), restaurant.timezone) }
          : state === "suspended" && hold?.kind !== "admin_suspended"
            ? { state, until: null }
            : null,
      hold: hold && hold.kind !== "payment_suspended" ? { text: HOLD_TEXT[hold.kind], note: hold.note } : null,
      now: now.getTime(),
      // The spec's one-day extension, only where it applies (manager mode, trial running, under the cap).
      canExtend: mode === "manager" && canExtendTrial(restaurant, now),
      upgrade: { plan: upgradePlan.id, planName: upgradePlan.name, cycle: restaurant.billingCycle },
      bannerDismissed: await isBannerDismissed(request),
      emailVerification: unverified ? { email: user.email, notice: verification.notice } : null,
      // The header's badge: one count on the (restaurantId, readAt) index per page load.
      unreadNotifications: await unreadCount(restaurant.id, inboxAudienceOf({ user, restaurant })),
    },
    { headers: verification.headers },
  );
}

/** Reports the page's moves to page-navigation.ts (a component of its own: the layout does not re-render on each). */
function NavigationWatch() {
  const moving = useNavigation().state !== "idle";
  useEffect(() => {
    noteNavigation(moving);
    // The layout leaving (the PIN pad is outside it) ends the move too.
    return () => noteNavigation(false);
  }, [moving]);
  return null;
}

/** A platform admin's suspension or cancellation, as the restaurant is told (decision 047). */
const HOLD_TEXT = {
  admin_suspended: "Hesabınız Sofra tarafından askıya alındı; bu sürede özellikler kapalıdır. Bilgi için bizimle iletişime geçin.",
  cancelled: "Üyeliğiniz iptal edildi; özellikler kapalıdır. Verileriniz 30 gün saklanır. Yeniden açmak için bizimle iletişime geçin.",
  inactive: "Üyeliğiniz aktif değil; özellikler kapalıdır. Bilgi için bizimle iletişime geçin.",
} as const;

export default function RestaurantLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const loaded = useAfterLoad();
  return (
    <div className="app-shell">
      {/* A 401 heard while the page moves waits for the move (page-navigation.ts). */}
      <NavigationWatch />
      {loaderData.sharedDevice ? <SharedTabletIdle /> : null}
      {loaded ? (
        <Suspense fallback={null}>
          <OfflineSupport
            session={{ restaurantId: loaderData.restaurant.id, staffName: `${loaderData.user.firstName} ${loaderData.user.lastName}` }}
            // "Hazır" for the waiter who sent a ready line (decision 079); the kitchen account sends none.
            readyFor={loaderData.user.role === "kitchen" ? null : loaderData.user.id}
          />
        </Suspense>
      ) : null}
      <TrialBanner
        initial={loaderData.trial}
        now={loaderData.now}
        canUpgrade={loaderData.mode === "manager"}
        upgrade={loaderData.upgrade}
        canExtend={loaderData.canExtend}
        dismissed={loaderData.bannerDismissed}
        returnTo={location.pathname}
      />
      {loaderData.emailVerification ? (
        <EmailVerifyBanner
          email={loaderData.emailVerification.email}
          notice={loaderData.emailVerification.notice}
          returnTo={location.pathname + location.search}
        />
      ) : null}
      {loaderData.billingNotice ? (
        <p className={`notice ${loaderData.billingNotice.state === "suspended" ? "notice--error" : "notice--warning"}`} role="alert">
          {loaderData.billingNotice.state === "suspended"
            ? "Hesabınız askıya alındı: ödenmemiş faturanız var. Ödeme ulaştığında hesabınız yeniden açılır. "
            : `Ödemeniz gecikti. Faturanız ${loaderData.billingNotice.until} tarihine kadar ödenmezse hesabınız askıya alınır. `}
          <a href="/app/settings?tab=billing">Faturalara git</a>
        </p>
      ) : null}
      {loaderData.hold ? (
        <p className="notice notice--error" role="alert" data-testid="account-hold">
          {loaderData.hold.text}
          {loaderData.hold.note ? ` Açıklama: ${loaderData.hold.note}` : null}
        </p>
      ) : null}
      {params.has("upgraded") ? (
        <p className="form-notice" role="status">
          Abonelik başarıyla yükseltildi!
        </p>
      ) : null}
      {params.has("extended") ? (
        <p className="form-notice" role="status">
          Deneme süresi 1 gün uzatıldı!
        </p>
      ) : null}
      {params.has("extend_error") ? (
        <p className="form-error" role="alert">
          Deneme süresi uzatılırken hata oluştu
        </p>
      ) : null}
      {params.has("applied") ? (
        <p className="form-notice" role="status">
          {APPLICATION_SENT}
        </p>
      ) : null}
      {params.has("upgrade_error") ? (
        <p className="form-error" role="alert">
          Abonelik yükseltilirken hata oluştu
        </p>
      ) : null}
      <Outlet />
    </div>
  );
}

/** A page of the app that fails (404 of an unknown address, a refusal, a bug) still shows inside the app's shell. */
export function ErrorBoundary() {
  return (
    <div className="app-shell">
      <RouteErrorBoundary />
    </div>
  );
}
