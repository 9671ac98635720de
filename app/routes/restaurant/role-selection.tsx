import { Icon } from "~/components/icons/icon";
import type { IconName } from "~/components/icons/names";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/role-selection";
import { AppHeader, LogoutButton } from "~/components/app/app-header";
import { Field, FormError } from "~/components/forms";
import { isOwnerLoginPassword, verifyManagerPassword } from "~/modules/auth/accounts.server";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { ManagerPasswordSchema, RoleSelectionFormSchema, WRONG_MANAGER_PASSWORD } from "~/modules/auth/schemas";
import { endManagerModeOnArrival, setSessionMode } from "~/modules/auth/sessions.server";
import { DomainError } from "~/utils/domain-error";
import { pageAction } from "~/utils/page-action.server";
import { clientAddressContext } from "~/utils/request-context";

const TYPE_ICONS: Record<string, IconName> = { restaurant: "utensils", cafe: "coffee", bar: "wine", fast_food: "sandwich" };

export async function loader({ context, url, request }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const { user, restaurant } = auth;
  // Back at role selection the tablet may change hands: the manager must type the password again.
  await endManagerModeOnArrival(request, auth);
  return {
    restaurant: { name: restaurant.name, type: restaurant.type },
    user: { firstName: user.firstName, lastName: user.lastName },
    managerOpen: url.searchParams.get("manager") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  return pageAction(
    await request.formData(),
    RoleSelectionFormSchema,
    async (form) => {
      if (form.intent === "staff") {
        await setSessionMode(auth.sessionId, "staff");
        throw redirect("/app/staff");
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

function ManagerPasswordDialog({ lastResult }: { lastResult: unknown }) {
  const busy = useNavigation().state === "submitting";
  const inputRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useForm({
    id: "manager-password",
    lastResult: lastResult as never,
    constraint: getZodConstraint(ManagerPasswordSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ManagerPasswordSchema }),
  });
  // After a wrong password the field is cleared and the cursor put back in it
  // (without JavaScript the page comes back with an empty field anyway).
  useEffect(() => {
    if (!inputRef.current) return;
    if (lastResult) inputRef.current.value = "";
    inputRef.current.focus();
  }, [lastResult]);
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="manager-title">
        <h2 id="manager-title">Yönetici Girişi</h2>
        <p className="muted">Yönetici paneline geçmek için yönetim şifresini girin.</p>
        <Form method="post" className="form" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="manager" />
          <FormError errors={form.errors} id={form.errorId} />
          <Field
            label="Yönetici şifresi"
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password", ref: inputRef } as never}
            errors={fields.password.errors}
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
  const managerOpen = loaderData.managerOpen || actionData !== undefined;
  return (
    <>
      <AppHeader title="Sofra">
        <LogoutButton />
      </AppHeader>
      <main className="app-main">
        <div className="container">
          <section className="card welcome-card" aria-label="İşletme">
            <span className="welcome-card__icon" aria-hidden="true">
              <Icon name={TYPE_ICONS[restaurant.type] ?? "store"} size={32} />
            </span>
            <div>
              <h1 style={{ fontSize: "1.3rem", margin: 0 }}>{restaurant.name}</h1>
              <p className="muted" style={{ margin: 0 }}>
                Hoş geldiniz, {user.firstName} {user.lastName}
              </p>
            </div>
          </section>
          <div className="role-cards">
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
            <section className="card role-card" aria-labelledby="role-staff">
              <span className="role-card__icon" aria-hidden="true">
                <Icon name="chef-hat" size={32} />
              </span>
              <h2 id="role-staff">Personel</h2>
              <ul className="checklist">
                <li>Hızlı sipariş</li>
                <li>Masa takibi</li>
                <li>Ödeme işlemleri</li>
              </ul>
              <Form method="post">
                <input type="hidden" name="intent" value="staff" />
                <button type="submit" className="button button--block">
                  Personel olarak devam et
                </button>
              </Form>
            </section>
          </div>
        </div>
      </main>
      {managerOpen ? <ManagerPasswordDialog lastResult={actionData?.result} /> : null}
    </>
  );
}
