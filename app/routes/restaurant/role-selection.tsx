import { Icon } from "~/components/icons/icon";
import type { IconName } from "~/components/icons/names";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/role-selection";
import { AppHeader, LogoutButton } from "~/components/app/app-header";
import { SwitchUserButton, useOnSharedTablet } from "~/components/app/shared-tablet";
import { Field, FormError, useIsSubmitting } from "~/components/forms";
import { isOwnerLoginPassword, verifyManagerPassword } from "~/modules/auth/accounts.server";
import { MANAGER_ROLE_REQUIRED, restaurantAuthContext } from "~/modules/auth/guards.server";
import { homeOf, mayEnterManagerMode, ROLE_LABELS, roleAllows, roleOf } from "~/modules/auth/roles";
import { ManagerPasswordSchema, RoleSelectionFormSchema, WRONG_MANAGER_PASSWORD } from "~/modules/auth/schemas";
import { endManagerModeOnArrival, setSessionMode } from "~/modules/auth/sessions.server";
import { DomainError } from "~/utils/domain-error";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf } from "~/utils/page-reply";
import { clientAddressContext } from "~/utils/request-context";
import "./role-selection.css";

const TYPE_ICONS: Record<string, IconName> = { restaurant: "utensils", cafe: "coffee", bar: "wine", fast_food: "sandwich" };

export async function loader({ context, url, request }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const { user, restaurant } = auth;
  // Back at role selection the tablet may change hands: the manager must type the password again.
  await endManagerModeOnArrival(request, auth);
  // Each account is offered only the screens its role opens (app/modules/auth/roles.ts).
  const canManage = mayEnterManagerMode(auth);
  // A staff account has one role and nothing to choose: straight to its own screen (a waiter's
  // or cashier's staff panel, the kitchen's list), in staff mode as if it had chosen it.
  if (!canManage) {
    if (auth.mode !== "staff") await setSessionMode(auth.sessionId, "staff");
    throw redirect(homeOf(auth));
  }
  return {
    restaurant: { name: restaurant.name, type: restaurant.type },
    user: { firstName: user.firstName, lastName: user.lastName, role: user.isOwner ? null : ROLE_LABELS[roleOf(user)] },
    screens: {
      manager: canManage,
      staff: roleAllows(auth, "floor"),
      payments: roleAllows(auth, "payments"),
      // The owner or an admin may run the kitchen display too (a tablet at the pass).
      kitchen: roleAllows(auth, "kitchen"),
    },
    managerOpen: canManage && url.searchParams.get("manager") === "1",
    // The browser gets the schema's constraints, not zod: the messages come from the action (decision 018).
    constraint: getZodConstraint(ManagerPasswordSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const formData = await request.formData();
  // Thrown, not a form reply: the page itself sends a staff account on (the loader), so the refusal
  // is the layout's 403 page. A waiter, cashier or kitchen account never becomes a manager.
  if (formData.get("intent") !== "staff" && !mayEnterManagerMode(auth)) {
    throw data({ message: MANAGER_ROLE_REQUIRED, action: "role" }, { status: 403 });
  }
  return pageAction(
    formData,
    RoleSelectionFormSchema,
    async (form) => {
      if (form.intent === "staff") {
        await setSessionMode(auth.sessionId, "staff");
        throw redirect(homeOf(auth));
      }
      const attempt = { sessionId: auth.sessionId, ipAddress: context.get(clientAddressContext) };
      if (!(await verifyManagerPassword(auth.restaurant.id, form.password, attempt))) throw new DomainError(401, WRONG_MANAGER_PASSWORD);
      await setSessionMode(auth.sessionId, "manager");
      // First entries after signup: the manager password is still the login password; ask for a separate one.
      if (await isOwnerLoginPassword(auth.restaurant.id, form.password)) throw redirect("/app/manager-password");
      throw redirect("/app/admin");
    },
    { hideFields: ["password"] },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Rol Seçimi — Sofra" }];

/**
 * One password field, checked only on submit: a plain form with the action's
 * messages (formErrorsOf) rather than Conform, whose 9 KB kept this page over
 * its JavaScript budget (decisions 018, 019).
 */
function ManagerPasswordDialog({
  actionData,
  constraint,
}: {
  actionData: unknown;
  constraint: Route.ComponentProps["loaderData"]["constraint"];
}) {
  const busy = useIsSubmitting("manager");
  const inputRef = useRef<HTMLInputElement>(null);
  const errors = formErrorsOf(actionData);
  // After a wrong password the field is cleared and the cursor put back in it
  // (without JavaScript the page comes back with an empty field anyway).
  useEffect(() => {
    if (!inputRef.current) return;
    if (actionData) inputRef.current.value = "";
    inputRef.current.focus();
  }, [actionData]);
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="manager-title">
        <h2 id="manager-title">Yönetici Girişi</h2>
        <p className="muted">Yönetici paneline geçmek için yönetim şifresini girin.</p>
        {/* The first entry's question: nobody has told a new owner what this password is. */}
        <p className="muted" data-testid="manager-password-hint">
          Yönetici şifresi başlangıçta giriş şifrenizle aynıdır; ilk girişte ayrı bir şifre belirlemeniz istenir.
        </p>
        {/* noValidate: the action's Turkish messages, not the browser's, as on every form. */}
        <Form method="post" className="form" noValidate>
          <input type="hidden" name="intent" value="manager" />
          <FormError errors={errors} id="manager-password-form-error" />
          <Field
            label="Yönetici şifresi"
            inputProps={
              {
                id: "manager-password-password",
                name: "password",
                type: "password",
                autoComplete: "current-password",
                required: constraint.password?.required,
                maxLength: constraint.password?.maxLength,
                ref: inputRef,
              } as never
            }
          />
          <div className="button-row">
            <Link className="button" to="/app/role-selection" replace>
              İptal
            </Link>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Kontrol ediliyor…" : "Giriş"}
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}

export default function RoleSelection({ loaderData, actionData }: Route.ComponentProps) {
  const { restaurant, user } = loaderData;
  const { screens } = loaderData;
  const onSharedTablet = useOnSharedTablet();
  const managerOpen = screens.manager && (loaderData.managerOpen || actionData !== undefined);
  return (
    <>
      <AppHeader title="Sofra">
        <Link className="button" to="/app/profile">
          Profilim
        </Link>
        {onSharedTablet ? <SwitchUserButton /> : <LogoutButton />}
      </AppHeader>
      <main className="app-main">
        <div className="container">
          <section className="card welcome-card" aria-label="İşletme">
            <span className="welcome-card__icon" aria-hidden="true">
              <Icon name={TYPE_ICONS[restaurant.type] ?? "store"} size={32} />
            </span>
            <div>
              <h1 className="page-title m-0">{restaurant.name}</h1>
              <p className="muted m-0">
                Hoş geldiniz, {user.firstName} {user.lastName}
                {user.role ? ` · ${user.role}` : ""}
              </p>
            </div>
          </section>
          {!screens.manager && formErrorsOf(actionData) ? (
            <p className="form-error" role="alert">
              {formErrorsOf(actionData)!.join(" ")}
            </p>
          ) : null}
          <div className="role-cards">
            {screens.manager ? (
              <section className="card role-card" aria-labelledby="role-manager">
                <span className="role-card__icon" aria-hidden="true">
                  <Icon name="briefcase" size={32} />
                </span>
                <h2 id="role-manager">Yönetici</h2>
                <ul className="checklist">
                  <li>Raporlar ve analiz</li>
                  <li>Sistem ayarları</li>
                  <li>Personel yönetimi</li>
                </ul>
                <Link className="button button--primary button--block" to="/app/role-selection?manager=1">
                  Yönetici olarak devam et
                </Link>
              </section>
            ) : null}
            {screens.staff ? (
              <section className="card role-card" aria-labelledby="role-staff">
                <span className="role-card__icon" aria-hidden="true">
                  <Icon name="chef-hat" size={32} />
                </span>
                <h2 id="role-staff">Personel</h2>
                <ul className="checklist">
                  <li>Hızlı sipariş</li>
                  <li>Masa takibi</li>
                  {screens.payments ? <li>Ödeme işlemleri</li> : null}
                </ul>
                <Form method="post">
                  <input type="hidden" name="intent" value="staff" />
                  <button type="submit" className="button button--block">
                    Personel olarak devam et
                  </button>
                </Form>
              </section>
            ) : null}
            {screens.kitchen ? (
              <section className="card role-card" aria-labelledby="role-kitchen">
                <span className="role-card__icon" aria-hidden="true">
                  <Icon name="utensils" size={32} />
                </span>
                <h2 id="role-kitchen">Mutfak</h2>
                <ul className="checklist">
                  <li>İstasyona göre fişler</li>
                  <li>Hazırlanıyor, hazır, servis</li>
                </ul>
                <Link className="button button--primary button--block" to="/app/kitchen">
                  Mutfak ekranına git
                </Link>
              </section>
            ) : null}
          </div>
        </div>
      </main>
      {managerOpen ? <ManagerPasswordDialog actionData={actionData} constraint={loaderData.constraint} /> : null}
    </>
  );
}
