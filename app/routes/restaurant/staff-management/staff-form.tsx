import { Form, Link } from "react-router";
import { DialogButtons } from "~/components/app/dialog-forms";
import { Field, FormError, SelectField } from "~/components/forms";
import { PIN_INPUT } from "~/modules/auth/pin-rules";
import { formatDecimalInput } from "~/utils/decimal";
import { fieldErrorsOf, submittedValue } from "~/utils/page-reply";
import type { LoaderData, Member } from "./route";

/** Add and edit: one plain form (no Conform); after a refusal the values typed come back in the reply. */
export function StaffForm({
  data,
  member,
  actionData,
  closeTo,
}: {
  data: LoaderData;
  member?: Member;
  actionData: unknown;
  closeTo: string;
}) {
  const intent = member ? "update" : "create";
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
      <DialogButtons closeTo={closeTo} intent={intent} label={member ? "Güncelle" : "Ekle"} />
      {errors("")?.some((m) => m.includes("planında")) ? (
        <p className="muted">
          <Link to={data.planChangeUrl}>Planınızı yükseltin</Link>
        </p>
      ) : null}
    </Form>
  );
}
