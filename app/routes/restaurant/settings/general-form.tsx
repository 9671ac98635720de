import { Form } from "react-router";
import { Field, FormError, SelectField, useIsSubmitting } from "~/components/forms";
import {
  DAY_START_HOUR_MAX,
  NOTIFICATION_KEYS,
  NOTIFICATION_LABELS,
  SETTINGS_LIMITS,
  SETTINGS_SAVE_FAILED,
  SETTINGS_STALE,
  SETTINGS_TYPE_LABELS,
  SETTINGS_TYPES,
} from "~/modules/restaurants/settings-rules";
import type { SettingsView } from "~/modules/restaurants/settings.server";
import { isKnownMealCard, KNOWN_MEAL_CARDS, MEAL_CARD_NAME_MAX, OTHER_MEAL_CARDS_MAX } from "~/modules/payments/meal-cards";
import { formatDecimalInput } from "~/utils/decimal";
import { fieldErrorsOf, formErrorsOf } from "~/utils/page-reply";
import { PushToggle } from "./push-toggle";

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
  settings: SettingsView;
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
  // The meal cards: the refused post's names (boxes and typed ones), else the saved list.
  const postedCards = submitted(actionData, "meal_cards");
  const cards = refill
    ? (Array.isArray(postedCards) ? postedCards : [postedCards]).filter((n): n is string => typeof n === "string" && n.trim() !== "")
    : settings.meal_cards;
  const otherCards = cards.filter((n) => !isKnownMealCard(n));
  const own = errors("");
  const percent = (name: "tax_rate" | "service_charge") => ({
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
        <div className="form">
          <Field
            label="Vergi oranı (%)"
            inputProps={percent("tax_rate")}
            errors={errors("tax_rate")}
            hint="Yeni menü kategorilerinin varsayılan KDV oranı (0 ile 100 arasında); mevcut kategoriler değişmez."
          />
          <Field
            label="Servis ücreti (%)"
            inputProps={percent("service_charge")}
            errors={errors("service_charge")}
            hint="Hesaba ayrı bir satır olarak eklenir; 0 kapalıdır."
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

      <section className="card settings-section" aria-labelledby="meal-cards-title">
        <h2 id="meal-cards-title">Yemek kartları</h2>
        <p className="muted small">
          Kabul ettiğiniz kartlar ödeme ekranında Nakit ve Kart&apos;ın yanında birer düğme olur; raporlarda ayrı ayrı görünür.
        </p>
        <div className="settings-toggles">
          {KNOWN_MEAL_CARDS.map((card) => (
            <label key={card} className="settings-toggle">
              <input type="checkbox" name="meal_cards" value={card} defaultChecked={cards.includes(card)} />
              <span>{card}</span>
            </label>
          ))}
        </div>
        <fieldset className="field meal-card-others">
          <legend>Diğer kartlar (en fazla {OTHER_MEAL_CARDS_MAX})</legend>
          {Array.from({ length: OTHER_MEAL_CARDS_MAX }, (_, i) => (
            <input
              key={i}
              name="meal_cards"
              aria-label={`Diğer yemek kartı ${i + 1}`}
              maxLength={MEAL_CARD_NAME_MAX}
              autoComplete="off"
              defaultValue={otherCards[i] ?? ""}
            />
          ))}
        </fieldset>
        {errors("meal_cards") ? (
          <p className="field__error" role="alert">
            {errors("meal_cards")!.join(" ")}
          </p>
        ) : null}
      </section>

      <section className="card settings-section" aria-labelledby="day-settings-title">
        <h2 id="day-settings-title">Gün sonu</h2>
        <SelectField
          label="Gün başlangıcı"
          selectProps={{ id: "day_start_hour", name: "day_start_hour", defaultValue: text("day_start_hour", settings.day_start_hour) }}
          options={Array.from({ length: DAY_START_HOUR_MAX + 1 }, (_, h) => ({
            value: String(h),
            label: `${String(h).padStart(2, "0")}:00`,
          }))}
          errors={errors("day_start_hour")}
        />
        <p className="muted small m-0">
          İş günü bu saatte başlar: 05:00 seçilirse gece 03:00&apos;teki satış önceki güne yazılır. Gün sonu bu güne göre alınır.
        </p>
      </section>

      <section className="card settings-section" aria-labelledby="kitchen-settings-title">
        <h2 id="kitchen-settings-title">Mutfak</h2>
        <div className="form">
          <Field
            label="Sarı uyarı (dakika)"
            inputProps={{
              name: "kitchen_amber_minutes",
              id: "kitchen_amber_minutes",
              type: "text",
              inputMode: "numeric",
              autoComplete: "off",
              defaultValue: text("kitchen_amber_minutes", settings.kitchen_amber_minutes),
            }}
            errors={errors("kitchen_amber_minutes")}
            hint="Mutfak ekranında bir fiş bu kadar dakika sonra sarı olur."
          />
          <Field
            label="Kırmızı uyarı (dakika)"
            inputProps={{
              name: "kitchen_red_minutes",
              id: "kitchen_red_minutes",
              type: "text",
              inputMode: "numeric",
              autoComplete: "off",
              defaultValue: text("kitchen_red_minutes", settings.kitchen_red_minutes),
            }}
            errors={errors("kitchen_red_minutes")}
            hint="Sarıdan uzun olmalıdır."
          />
          <label className="settings-toggle">
            <input type="checkbox" name="auto_print_orders" defaultChecked={checked("auto_print_orders", settings.auto_print_orders)} />
            <span>Siparişleri otomatik yazdır (mutfak ekranı ve yazıcı programı her yeni fişi yazdırır)</span>
          </label>
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
