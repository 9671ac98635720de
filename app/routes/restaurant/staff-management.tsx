import { Form, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/staff-management";
import { AppHeader } from "~/components/app/app-header";
import { Modal } from "~/components/app/modal";
import { Field, FormError, SelectField, useIsSubmitting } from "~/components/forms";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { DEVICE_NAME_MAX_LENGTH, PIN_INPUT } from "~/modules/auth/pin-rules";
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
import { formatDecimalInput } from "~/utils/decimal";
import { formatMoney } from "~/utils/money";
import { positiveIntOrNull } from "~/utils/numbers";
import { pageAction } from "~/utils/page-action.server";
import { fieldErrorsOf, formErrorsOf, submittedValue } from "~/utils/page-reply";
import { withParams, withQuery } from "~/utils/url";

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

type LoaderData = Route.ComponentProps["loaderData"];
type Member = LoaderData["staff"][number];

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
            <h1 id="roles-title" style={{ fontSize: "1.3rem" }}>
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
            <span className="muted" style={{ alignSelf: "center" }}>
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
            <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Personel listesi">
              {staff.map((s) => (
                <StaffCard key={s.id} member={s} close={close} self={s.id === loaderData.selfId} />
              ))}
            </ul>
          )}

          <section className="card stack" aria-labelledby="payments-setting">
            <h2 id="payments-setting" style={{ fontSize: "1.1rem", margin: 0 }}>
              Garsonların ödeme alması
            </h2>
            <p style={{ margin: 0 }} data-testid="waiter-payments-state">
              {loaderData.waitersTakePayments
                ? "Açık: garsonlar ödeme alabilir."
                : "Kapalı: ödemeyi yalnızca kasiyerler ve yöneticiler alır."}
            </p>
            <FormError errors={settingErrors} />
            <Form method="post" action="/app/staff-management">
              <input type="hidden" name="intent" value="waiter-payments" />
              <input type="hidden" name="value" value={loaderData.waitersTakePayments ? "off" : "on"} />
              <button type="submit" className="button">
                {loaderData.waitersTakePayments ? "Garsonlardan ödeme almayı kaldır" : "Garsonlar ödeme alabilsin"}
              </button>
            </Form>
          </section>

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
        <Modal title="Personeli sil" closeTo={close}>
          <FormError errors={refusedIntent === "delete" ? formErrorsOf(actionData) : undefined} />
          <p>
            <strong>
              {deleting.first_name} {deleting.last_name}
            </strong>{" "}
            silinsin mi? Hesabın oturumları hemen kapanır ve bir daha giriş yapamaz; geçmiş siparişler ve ödemeler adıyla kalır.
          </p>
          <Form method="post" action="/app/staff-management" className="button-row">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <Link className="button" to={close} replace preventScrollReset>
              Vazgeç
            </Link>
            <button type="submit" className="button button--danger">
              Sil
            </button>
          </Form>
        </Modal>
      ) : null}
    </>
  );
}

function StaffCard({ member: s, close, self }: { member: Member; close: string; self: boolean }) {
  const name = `${s.first_name} ${s.last_name}`;
  return (
    <li className="card" data-testid={`staff-${s.id}`}>
      <div style={{ display: "flex", justifyContent: "space-between", gap: 8, flexWrap: "wrap" }}>
        <div>
          <strong>{name}</strong> <span className="muted">· {ROLE_LABELS[s.role]}</span>
          <br />
          <span className="muted" style={{ wordBreak: "break-all" }}>
            {s.email}
          </span>
          {s.phone ? <span className="muted"> · {s.phone}</span> : null}
          <br />
          <span className="muted">
            {s.shift_hours ? `Vardiya: ${s.shift_hours} · ` : ""}Maaş: {formatMoney(s.salary)}
            {s.has_pin ? " · PIN var" : ""}
          </span>
        </div>
        <div className="button-row">
          <Link
            className="button button--small"
            to={withQuery(close, { edit: String(s.id) })}
            preventScrollReset
            aria-label={`${name} düzenle`}
          >
            Düzenle
          </Link>
          {self ? null : (
            <Link
              className="button button--small button--danger"
              to={withQuery(close, { delete: String(s.id) })}
              preventScrollReset
              aria-label={`${name} sil`}
            >
              Sil
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}

/** Add and edit: one plain form (no Conform); after a refusal the values typed come back in the reply. */
function StaffForm({ data, member, actionData, closeTo }: { data: LoaderData; member?: Member; actionData: unknown; closeTo: string }) {
  const intent = member ? "update" : "create";
  const busy = useIsSubmitting(intent);
  const errors = (name: string) => fieldErrorsOf(actionData, name);
  const value = (name: string, fallback: string) => submittedValue(actionData, name) ?? fallback;
  const text = (name: string, fallback: string | null | undefined, max: number) => ({
    id: `staff-${name}`,
    name,
    maxLength: max,
    defaultValue: value(name, fallback ?? ""),
  });
  return (
    <Form method="post" action="/app/staff-management" className="form" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {member ? (
        <>
          <input type="hidden" name="id" value={member.id} />
          <input type="hidden" name="version" value={member.version} />
        </>
      ) : (
        <input type="hidden" name="client_id" value={data.createKey} />
      )}
      <FormError errors={errors("")} />
      <div className="form-row">
        <Field
          label="Ad *"
          inputProps={{ ...text("first_name", member?.first_name, data.max.first), autoComplete: "off" }}
          errors={errors("first_name")}
        />
        <Field
          label="Soyad *"
          inputProps={{ ...text("last_name", member?.last_name, data.max.last), autoComplete: "off" }}
          errors={errors("last_name")}
        />
      </div>
      {member ? (
        <Field
          label="E-posta"
          inputProps={{ id: "staff-email", type: "email", value: member.email, readOnly: true, disabled: true }}
          hint="Kayıtlı personelin e-posta adresi değiştirilemez."
        />
      ) : (
        <Field
          label="E-posta *"
          inputProps={{ ...text("email", "", data.max.email), type: "email", autoComplete: "off", inputMode: "email" }}
          errors={errors("email")}
        />
      )}
      <Field label="Telefon" inputProps={{ ...text("phone", member?.phone, data.max.phone), type: "tel" }} errors={errors("phone")} />
      <SelectField
        label="Rol"
        selectProps={{ id: "staff-role", name: "role", defaultValue: value("role", member?.role ?? "waiter") }}
        options={data.roles}
        errors={errors("role")}
      />
      <Field
        label="Vardiya saatleri"
        inputProps={{ ...text("shift_hours", member?.shift_hours, data.max.shift), placeholder: "09:00-17:00" }}
        errors={errors("shift_hours")}
      />
      <Field
        label="Maaş (₺)"
        inputProps={{
          id: "staff-salary",
          name: "salary",
          // Text, not type=number (which drops a typed comma in Chromium): the server reads "1.500,50" (decision 061).
          type: "text",
          inputMode: "decimal",
          autoComplete: "off",
          defaultValue: value("salary", formatDecimalInput(member?.salary ?? 0, { decimals: 2, minDecimals: 2 })),
        }}
        errors={errors("salary")}
      />
      <Field
        label={member ? "Yeni şifre" : "Şifre *"}
        inputProps={{ id: "staff-password", name: "password", type: "password", autoComplete: "new-password", maxLength: 128 }}
        hint={
          member ? `Değiştirmek istemiyorsanız boş bırakın (en az ${data.passwordMin} karakter).` : `En az ${data.passwordMin} karakter.`
        }
        errors={errors("password")}
      />
      <Field
        label={member?.has_pin ? "Yeni PIN (ortak tablet)" : "PIN (ortak tablet)"}
        inputProps={{
          id: "staff-pin",
          name: "pin",
          ...PIN_INPUT,
        }}
        hint={
          member?.has_pin
            ? "Bir PIN'i var. Değiştirmek istemiyorsanız boş bırakın."
            : "İsteğe bağlı: 4–6 haneli, başka personelinkinden farklı. Ortak tablette bu PIN ile giriş yapar."
        }
        errors={errors("pin")}
      />
      {member?.has_pin ? (
        <label className="checkbox-field">
          <input type="checkbox" name="clear_pin" value="on" /> PIN&apos;i kaldır
        </label>
      ) : null}
      <div className="button-row">
        <Link className="button" to={closeTo} replace preventScrollReset>
          İptal
        </Link>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Kaydediliyor…" : member ? "Güncelle" : "Ekle"}
        </button>
      </div>
      {errors("")?.some((m) => m.includes("planında")) ? (
        <p className="muted">
          <Link to={data.planChangeUrl}>Planınızı yükseltin</Link>
        </p>
      ) : null}
    </Form>
  );
}

/** The restaurant's shared tablets (decision 071): make this browser one, or take one away. */
function SharedTablets({ data, actionData }: { data: LoaderData; actionData: unknown }) {
  const busy = useIsSubmitting("make-tablet");
  return (
    <section className="card stack" aria-labelledby="tablet-title">
      <h2 id="tablet-title" style={{ fontSize: "1.1rem", margin: 0 }}>
        Ortak tablet
      </h2>
      <p style={{ margin: 0 }}>
        Kasadaki ya da salondaki tablet restoranın cihazı olarak açık kalır. Personel kendi PIN&apos;iyle geçer; 2 dakika işlem yapılmazsa
        tablet PIN ekranına döner. PIN&apos;leri personeli düzenlerken verin.
      </p>
      <FormError errors={formErrorsOf(actionData)} />
      {data.devices.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          Henüz ortak tablet yok.
        </p>
      ) : (
        <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Ortak tabletler">
          {data.devices.map((d) => (
            <li key={d.id} className="button-row" style={{ justifyContent: "space-between" }} data-testid={`tablet-${d.id}`}>
              <span>
                <strong>{d.name}</strong> <span className="muted">· son kullanım {d.lastSeen}</span>
              </span>
              <Form method="post" action="/app/staff-management">
                <input type="hidden" name="intent" value="revoke-tablet" />
                <input type="hidden" name="device_id" value={d.id} />
                <button type="submit" className="button button--small button--danger" aria-label={`${d.name} tabletini kaldır`}>
                  Kaldır
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action="/app/staff-management" className="form">
        <input type="hidden" name="intent" value="make-tablet" />
        <input type="hidden" name="key" value={data.tabletKey} />
        <Field
          label="Bu cihazın adı"
          inputProps={{ id: "tablet-name", name: "name", defaultValue: "Kasa tableti", maxLength: data.deviceNameMax, autoComplete: "off" }}
          errors={fieldErrorsOf(actionData, "name")}
          hint="Bu cihazdaki yönetici oturumunuz kapanır ve PIN ekranı açılır."
        />
        <button type="submit" className="button" disabled={busy}>
          Bu cihazı ortak tablet yap
        </button>
      </Form>
    </section>
  );
}
