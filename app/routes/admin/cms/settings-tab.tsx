import { Form } from "react-router";
import { useIsSubmitting } from "~/components/forms";
import { MAX_SETTINGS_ADDRESS, MAX_SETTINGS_EMAIL, MAX_SETTINGS_PHONE, MAX_SETTINGS_URL, SETTINGS_STALE } from "~/modules/cms/rules";
import type { SiteSettings } from "~/modules/cms/settings.server";
import { fieldErrorsOf, submittedValue } from "~/utils/page-reply";
import { Errors, FieldErrors } from "./parts";

const FIELDS = [
  { name: "contact_email", label: "E-posta", type: "email", max: MAX_SETTINGS_EMAIL, autoComplete: "email" },
  { name: "contact_phone", label: "Telefon", type: "tel", max: MAX_SETTINGS_PHONE, autoComplete: "tel" },
  { name: "address", label: "Adres", type: "text", max: MAX_SETTINGS_ADDRESS, autoComplete: "street-address" },
  { name: "instagram_url", label: "Instagram adresi", type: "url", max: MAX_SETTINGS_URL, autoComplete: "url" },
  { name: "facebook_url", label: "Facebook adresi", type: "url", max: MAX_SETTINGS_URL, autoComplete: "url" },
] as const;

/** The site's contact details, shown in the public site's footer; an empty field hides its line. */
export function SettingsTab({ settings, actionData }: { settings: SiteSettings; actionData: unknown }) {
  const busy = useIsSubmitting("settings");
  const mine = submittedValue(actionData, "intent") === "settings";
  const stale = mine && (fieldErrorsOf(actionData, "") ?? []).includes(SETTINGS_STALE);
  const value = (name: (typeof FIELDS)[number]["name"]) =>
    mine && !stale ? (submittedValue(actionData, name) ?? "") : (settings[name] ?? "");
  return (
    <Form method="post" action="/admin/cms?tab=settings" className="form" key={settings.version} preventScrollReset>
      <h2>Site İletişim Bilgileri</h2>
      <p className="muted">Bu bilgiler ana sayfanın ve diğer site sayfalarının alt bilgisinde görünür.</p>
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="version" value={settings.version} />
      <Errors errors={mine ? fieldErrorsOf(actionData, "") : undefined} />
      {FIELDS.map((f) => (
        <div className="field" key={f.name}>
          <label htmlFor={`settings-${f.name}`}>{f.label}</label>
          <input
            id={`settings-${f.name}`}
            name={f.name}
            type={f.type}
            maxLength={f.max}
            autoComplete={f.autoComplete}
            defaultValue={value(f.name)}
          />
          <FieldErrors errors={mine ? fieldErrorsOf(actionData, f.name) : undefined} />
        </div>
      ))}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Kaydediliyor…" : "Kaydet"}
        </button>
      </div>
    </Form>
  );
}
