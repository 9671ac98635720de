import { Icon } from "~/components/icons/icon";
import type { IconName } from "~/components/icons/names";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/role-selection";
import { AppHeader, LogoutButton } from "~/components/app/app-header";
import { Field, FormError, useIsSubmitting } from "~/components/forms";
import { isOwnerLoginPassword, verifyManagerPassword } from "~/modules/auth/accounts.server";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { ManagerPasswordSchema, WRONG_MANAGER_PASSWORD } from "~/modules/auth/schemas";
import { endManagerModeOnArrival, setSessionMode } from "~/modules/auth/sessions.server";
import { ThrottledError } from "~/modules/auth/throttle.server";
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
    // The browser gets the schema's constraints, not zod: the messages come from the action (decision 018).
    constraint: getZodConstraint(ManagerPasswordSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "staff":
      await setSessionMode(auth.sessionId, "staff");
      throw redirect("/app/staff");
    case "manager": {
      const submission = parseWithZod(formData, { schema: ManagerPasswordSchema });
      if (submission.status !== "success") {
        return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
      }
      try {
        if (!(await verifyManagerPassword(auth.restaurant.id, submission.value.password, {
            sessionId: auth.sessionId,
            ipAddress: context.get(clientAddressContext),
          }))) {
          return data({ result: submission.reply({ formErrors: [WRONG_MANAGER_PASSWORD], hideFields: ["password"] }) }, { status: 401 });
        }
      } catch (error) {
        if (error instanceof ThrottledError) {
          return data(
            { result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }) },
            { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
          );
        }
        throw error;
      }
      await setSessionMode(auth.sessionId, "manager");
      // First entries after signup: the manager password is still the login password; ask for a separate one.
      if (await isOwnerLoginPassword(auth.restaurant.id, submission.value.password)) throw redirect("/app/manager-password");
      throw redirect("/app/admin");
    }
    default:
      throw data({ message: "Geçersiz işlem." }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Rol Seçimi — Sofra" }];

function ManagerPasswordDialog({ lastResult, constraint }: { lastResult: unknown; constraint: Route.ComponentProps["loaderData"]["constraint"] }) {
  const busy = useIsSubmitting("manager");
  const inputRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useForm<z.input<typeof ManagerPasswordSchema>>({
    id: "manager-password",
    lastResult: lastResult as never,
    constraint,
    shouldValidate: "onSubmit",
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
      {managerOpen ? <ManagerPasswordDialog lastResult={actionData?.result} constraint={loaderData.constraint} /> : null}
    </>
  );
}
