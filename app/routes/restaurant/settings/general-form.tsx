import { Form } from "react-router";
import { Field, FormError, SelectField, useIsSubmitting } from "~/components/forms";
import {
  NOTIFICATION_KEYS,
  NOTIFICATION_LABELS,
  SETTINGS_LIMITS,
  SETTINGS_SAVE_FAILED,
  SETTINGS_STALE,
  SETTINGS_TYPE_LABELS,
  SETTINGS_TYPES,
  type NotificationKey,
} from "~/modules/restaurants/settings-rules";
import { formatDecimalInput } from "~/utils/decimal";
import { fieldErrorsOf, formErrorsOf } from "~/utils/page-reply";
import { PushToggle } from "./push-toggle";

export interface SettingsData {
  restaurant_name: string;
  restaurant_type: (typeof SETTINGS_TYPES)[number];
  address: string | null;
  phone: string | null;
  email: string | null;
  tax_rate: number;
  service_charge: number;
  auto_print_orders: boolean;
  receipt_footer: string | null;
  notifications: Record<NotificationKey, boolean>;
  version: number;
}

/** A value the refused post carried (nested names such as notifications.order_notifications too). */
function submitted(actionData: unknown, path: string): unknown {
  let value: unknown = (actionData as { result?: { initialValue?: unknown } } | undefined)?.result?.initialValue;
  for (const key of path.split(".")) value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/**
 * The General tab's one form: restaurant, tax and receipt, and notification settings, saved
 * together. It shows only settings some code reads (SETTINGS_READERS, decision 065).
 */
export function GeneralSettingsForm({
  settings,
  actionData,
  pushPublicKey = null,
}: {
  settings: SettingsData;
  actionData: unknown;
  /** The server's VAPID key: the push switch subscribes this device with it (null: push is off). */
  pushPublicKey?: string | null;
}) {
  const busy = useIsSubmitting("settings");
  const mine = submitted(actionData, "intent") === "settings";
  const formErrors = mine ? formErrorsOf(actionData) : undefined;
  const stale = formErrors?.includes(SETTINGS_STALE) ?? false;
  // After a refusal the typed values come back; after a 409 the current settings show instead.
  const refill = mine && !stale;
  const text = (name: string, current: string | number | null) => {
    const value = refill ? submitted(actionData, name) : undefined;
    return typeof value === "string" ? value : refill ? "" : String(current ?? "");
  };
  const checked = (name: string, current: boolean) => (refill ? submitted(actionData, name) === "on" : current);
  const errors = (name: string) => (mine ? fieldErrorsOf(actionData, name) : undefined);
  const own = errors("");
  const percent = (name: "tax_rate") => ({
    name,
    id: name,
    // Text, not type=number (which drops a typed comma in Chromium): the server reads "18,5" (decision 061).
    type: "text",
    inputMode: "decimal" as const,
    autoComplete: "off",
    defaultValue: text(name, formatDecimalInput(settings[name], { decimals: 2 })),
  });
  return (
    <Form method="post" className="stack" data-testid="settings-form" key={settings.version}>
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="version" value={settings.version} />
      <FormError errors={formErrors ? [SETTINGS_SAVE_FAILED, ...(own ?? [])] : undefined} />

      <section className="card settings-section" aria-labelledby="restaurant-info-title">
        <h2 id="restaurant-info-title">Restoran bilgileri</h2>
        <div className="form">
          <Field
            label="Restoran adı"
            inputProps={{
              name: "restaurant_name",
              id: "restaurant_name",
              required: true,
              maxLength: SETTINGS_LIMITS.name,
              defaultValue: text("restaurant_name", settings.restaurant_name),
            }}
            errors={errors("restaurant_name")}
          />
          <SelectField
            label="İşletme türü"
            selectProps={{
              name: "restaurant_type",
              id: "restaurant_type",
              defaultValue: text("restaurant_type", settings.restaurant_type),
            }}
            options={SETTINGS_TYPES.filter((t) => t !== "bakery" || settings.restaurant_type === "bakery").map((t) => ({
              value: t,
              label: SETTINGS_TYPE_LABELS[t],
            }))}
            errors={errors("restaurant_type")}
          />
          <Field
            label="Adres"
            inputProps={{
              name: "address",
              id: "address",
              maxLength: SETTINGS_LIMITS.address,
              autoComplete: "street-address",
              defaultValue: text("address", settings.address),
            }}
            errors={errors("address")}
          />
          <div className="form-row">
            <Field
              label="Telefon"
              inputProps={{
                name: "phone",
                id: "phone",
                type: "tel",
                maxLength: SETTINGS_LIMITS.phone,
                autoComplete: "tel",
                defaultValue: text("phone", settings.phone),
              }}
              errors={errors("phone")}
            />
            <Field
              label="E-posta"
              inputProps={{
                name: "email",
                id: "email",
                type: "email",
                maxLength: SETTINGS_LIMITS.email,
                autoComplete: "email",
                defaultValue: text("email", settings.email),
              }}
              errors={errors("email")}
            />
          </div>
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="financial-title">
        <h2 id="financial-title">Vergi ve fiş</h2>
        {/* Service charge and automatic printing are kept by the API but shown only when the bill and
            the kitchen ticket read them (issues 21 and 22; decision 065). */}
        <div className="form">
          <Field
            label="Vergi oranı (%)"
            inputProps={percent("tax_rate")}
            errors={errors("tax_rate")}
            hint="Yeni menü kategorilerinin varsayılan KDV oranı (0 ile 100 arasında); mevcut kategoriler değişmez."
          />
          <div className="field">
            <label htmlFor="receipt_footer">Fiş alt yazısı</label>
            <textarea
              id="receipt_footer"
              name="receipt_footer"
              rows={3}
              maxLength={SETTINGS_LIMITS.receiptFooter}
              defaultValue={text("receipt_footer", settings.receipt_footer)}
              aria-describedby="receipt_footer-hint"
              aria-invalid={errors("receipt_footer") ? true : undefined}
            />
            <span className="field__hint" id="receipt_footer-hint">
              Ödeme alındığında fişin altında yazar (örneğin teşekkür notu, çalışma saatleri).
            </span>
            {errors("receipt_footer") ? (
              <p className="field__error" role="alert">
                {errors("receipt_footer")!.join(" ")}
              </p>
            ) : null}
          </div>
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="notifications-title">
        <h2 id="notifications-title">Bildirimler</h2>
        <div className="settings-toggles">
          {NOTIFICATION_KEYS.map((key) =>
            key === "push_notifications" ? (
              <PushToggle
                key={key}
                name={`notifications.${key}`}
                label={NOTIFICATION_LABELS[key]}
                defaultChecked={checked(`notifications.${key}`, settings.notifications[key])}
                publicKey={pushPublicKey}
              />
            ) : (
              <label key={key} className="settings-toggle">
                <input
                  type="checkbox"
                  name={`notifications.${key}`}
                  defaultChecked={checked(`notifications.${key}`, settings.notifications[key])}
                />
                <span>{NOTIFICATION_LABELS[key]}</span>
              </label>
            ),
          )}
        </div>
      </section>

      <div className="button-row settings-save">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Kaydediliyor…" : "Ayarları Kaydet"}
        </button>
      </div>
    </Form>
  );
}
