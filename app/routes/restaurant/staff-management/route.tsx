import { Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { ConfirmDeleteDialog } from "~/components/app/dialog-forms";
import { Modal } from "~/components/app/modal";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { DEVICE_NAME_MAX_LENGTH } from "~/modules/auth/pin-rules";
import { SharedDeviceFormSchema } from "~/modules/auth/pin-schemas";
import { clearSessionCookie } from "~/modules/auth/sessions.server";
import { commitTabletCookie, listSharedDevices, makeSharedDevice, revokeSharedDevice } from "~/modules/auth/shared-device.server";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password-rules";
import { ROLE_LABELS, STAFF_ROLES } from "~/modules/auth/roles";
import { FIRST_NAME_MAX, LAST_NAME_MAX } from "~/modules/auth/schemas";
import { requireFeature } from "~/modules/billing/access.server";
import { PLAN_CHANGE_URL } from "~/modules/billing/limits.server";
import { PHONE_MAX, SHIFT_HOURS_MAX, STAFF_DELETED } from "~/modules/staff/rules";
import { StaffFormSchema } from "~/modules/staff/schemas";
import { createStaff, deleteStaff, listStaff, setWaitersTakePayments, staffLimit, updateStaff } from "~/modules/staff/staff.server";
import { newClientOrderId } from "~/utils/client-order-id";
import { formatClock, formatLongDate } from "~/utils/dates";
import { positiveIntOrNull } from "~/utils/numbers";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf, submittedValue } from "~/utils/page-reply";
import { withParams, withQuery } from "~/utils/url";
import { SharedTablets } from "./shared-tablets";
import { StaffCard } from "./staff-card";
import { StaffForm } from "./staff-form";
import { WaiterPayments } from "./waiter-payments";

// Manager mode is required by manager-layout.tsx. Dialogs (add, edit, delete) are URL
// parameters, so every step works without JavaScript.

const DONE: Record<string, string> = {
  created: "Personel eklendi",
  updated: "Personel güncellendi",
  deleted: STAFF_DELETED,
  settings: "Ayar kaydedildi",
  "tablet-removed": "Ortak tablet kaldırıldı: o cihazdaki oturumlar kapandı.",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const { restaurant, user } = context.get(restaurantAuthContext);
  const [staff, limit, devices] = await Promise.all([
    listStaff(restaurant.id),
    staffLimit(restaurant.id),
    listSharedDevices(restaurant.id),
  ]);
  const p = url.searchParams;
  const editId = positiveIntOrNull(p.get("edit"));
  const deleteId = positiveIntOrNull(p.get("delete"));
  return {
    staff,
    counts: STAFF_ROLES.map((role) => ({ role, label: ROLE_LABELS[role], count: staff.filter((s) => s.role === role).length })),
    roles: STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
    limit: { planName: limit.planName, limit: limit.limit, used: limit.used, full: limit.limit !== null && limit.used >= limit.limit },
    planChangeUrl: PLAN_CHANGE_URL,
    waitersTakePayments: restaurant.waitersTakePayments,
    selfId: user.id,
    adding: p.get("new") === "1",
    editing: staff.find((s) => s.id === editId) ?? null,
    deleting: staff.find((s) => s.id === deleteId) ?? null,
    done: DONE[p.get("done") ?? ""] ?? null,
    // A fresh idempotency key for the add form: a double submit makes one account.
    createKey: newClientOrderId(),
    // The browser gets the limits, not zod: the messages come from the action (decision 018).
    max: { first: FIRST_NAME_MAX, last: LAST_NAME_MAX, email: 191, phone: PHONE_MAX, shift: SHIFT_HOURS_MAX },
    passwordMin: MIN_PASSWORD_LENGTH,
    devices: devices.map((d) => ({
      id: d.id,
      name: d.name,
      lastSeen: `${formatLongDate(d.last_seen_at, restaurant.timezone)} ${formatClock(d.last_seen_at, restaurant.timezone)}`,
    })),
    // The idempotency key of "Bu cihazı ortak tablet yap": a double tap makes one device.
    tabletKey: newClientOrderId(),
    deviceNameMax: DEVICE_NAME_MAX_LENGTH,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const restaurantId = auth.restaurant.id;
  const actor = { restaurantId, userId: auth.user.id, sessionId: auth.sessionId };
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "make-tablet" || intent === "revoke-tablet") {
    return pageAction(formData, SharedDeviceFormSchema, async (form) => {
      requireFeature(auth.restaurant, "staff_management");
      if (form.intent === "revoke-tablet") {
        await revokeSharedDevice(restaurantId, form.device_id);
        throw redirect("/app/staff-management?done=tablet-removed");
      }
      // This browser becomes the restaurant's tablet; the manager's session on it ends (decision 071).
      const { token } = await makeSharedDevice(actor, form.name, form.key);
      const headers = new Headers();
      headers.append("Set-Cookie", await commitTabletCookie(token));
      headers.append("Set-Cookie", await clearSessionCookie());
      throw redirect("/app/pin?ready=1", { headers });
    });
  }
  return pageAction(
    formData,
    StaffFormSchema,
    async (form) => {
      requireFeature(auth.restaurant, "staff_management");
      switch (form.intent) {
        case "create":
          await createStaff(restaurantId, form, form.client_id);
          throw redirect("/app/staff-management?done=created");
        case "update":
          await updateStaff(actor, form.id, form.clear_pin === "on" ? { ...form, pin: null } : form);
          throw redirect("/app/staff-management?done=updated");
        case "delete":
          await deleteStaff(actor, form.id);
          throw redirect("/app/staff-management?done=deleted");
        case "waiter-payments":
          await setWaitersTakePayments(restaurantId, form.value === "on");
          throw redirect("/app/staff-management?done=settings");
      }
    },
    { hideFields: ["password", "pin"] },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Personel Yönetimi — Sofra" }];

export type LoaderData = Route.ComponentProps["loaderData"];
export type Member = LoaderData["staff"][number];

export default function StaffManagement({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const { staff, counts, limit } = loaderData;
  const refusedIntent = submittedValue(actionData, "intent");
  const refusedId = positiveIntOrNull(submittedValue(actionData, "id"));
  const adding = loaderData.adding || refusedIntent === "create";
  const editing = loaderData.editing ?? (refusedIntent === "update" ? (staff.find((s) => s.id === refusedId) ?? null) : null);
  const deleting = loaderData.deleting ?? (refusedIntent === "delete" ? (staff.find((s) => s.id === refusedId) ?? null) : null);
  const close = withParams(location, { new: null, edit: null, delete: null, done: null });
  const settingErrors = refusedIntent === "waiter-payments" ? formErrorsOf(actionData) : undefined;

  return (
    <>
      <AppHeader title="Personel Yönetimi" backTo="/app/admin" backLabel="Yönetici paneline dön" />
      <main className="app-main">
        <div className="container stack">
          {loaderData.done ? (
            <p className="notice notice--success" role="status">
              {loaderData.done}
            </p>
          ) : null}

          <section aria-labelledby="roles-title">
            <h1 id="roles-title" className="page-title">
              Personel
            </h1>
            <div className="stat-grid">
              {counts.map((c) => (
                <div key={c.role} className="card stat" data-testid={`role-count-${c.role}`}>
                  <div className="stat__label">{c.label}</div>
                  <div className="stat__value">{c.count}</div>
                </div>
              ))}
            </div>
          </section>

          <div className="button-row">
            <Link className="button button--primary" to={withQuery(close, { new: "1" })} preventScrollReset>
              Personel Ekle
            </Link>
            <span className="muted self-center">
              {limit.limit === null ? `${limit.used} personel` : `${limit.used} / ${limit.limit} personel (${limit.planName})`}
            </span>
          </div>
          {limit.full ? (
            <p className="notice notice--info" role="status">
              {limit.planName} planınızın personel sınırına ulaştınız. <Link to={loaderData.planChangeUrl}>Planınızı yükseltin</Link>
            </p>
          ) : null}

          {staff.length === 0 ? (
            <p className="card muted">Henüz personel eklenmemiş.</p>
          ) : (
            <ul className="stack list-plain" aria-label="Personel listesi">
              {staff.map((s) => (
                <StaffCard key={s.id} member={s} close={close} self={s.id === loaderData.selfId} />
              ))}
            </ul>
          )}

          <WaiterPayments on={loaderData.waitersTakePayments} errors={settingErrors} />

          <SharedTablets
            data={loaderData}
            actionData={refusedIntent === "make-tablet" || refusedIntent === "revoke-tablet" ? actionData : undefined}
          />
        </div>
      </main>

      {adding ? (
        <Modal title="Yeni Personel" closeTo={close}>
          <StaffForm data={loaderData} actionData={refusedIntent === "create" ? actionData : undefined} closeTo={close} />
        </Modal>
      ) : null}
      {editing ? (
        <Modal title="Personeli Düzenle" closeTo={close}>
          <StaffForm data={loaderData} member={editing} actionData={refusedIntent === "update" ? actionData : undefined} closeTo={close} />
        </Modal>
      ) : null}
      {deleting ? (
        <ConfirmDeleteDialog
          title="Personeli sil"
          id={deleting.id}
          closeTo={close}
          actionData={refusedIntent === "delete" ? actionData : undefined}
          action="/app/staff-management"
        >
          <strong>
            {deleting.first_name} {deleting.last_name}
          </strong>{" "}
          silinsin mi? Hesabın oturumları hemen kapanır ve bir daha giriş yapamaz; geçmiş siparişler ve ödemeler adıyla kalır.
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
