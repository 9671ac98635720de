import { useState } from "react";
import { Form, useLocation } from "react-router";
import { ConfirmDeleteDialog, DialogButtons } from "~/components/app/dialog-forms";
import { Modal } from "~/components/app/modal";
import { Field, FormError, SelectField } from "~/components/forms";
import {
  DELETE_FAILED,
  DISCOUNT_TYPE_LABELS,
  DISCOUNT_TYPES,
  MAX_CODE,
  MAX_FIXED,
  MAX_NAME,
  MAX_PERCENT,
  MAX_USAGE_LIMIT,
  SAVE_FAILED,
  STALE,
  type DiscountType,
} from "~/modules/discounts/rules";
import { formatDecimalInput } from "~/utils/decimal";
import { formatMoney } from "~/utils/money";
import { fieldErrorsOf, formErrorsOf, submittedValue } from "~/utils/page-reply";
import { withParams } from "~/utils/url";
import type { DiscountView } from "~/modules/discounts/discounts.server";

const CLOSED = { new: null, edit: null, delete: null };

export function DiscountDialogs({
  discounts,
  creating,
  createKey,
  editing,
  deleting,
  today,
  actionData,
}: {
  discounts: DiscountView[];
  creating: boolean;
  createKey: string;
  editing: DiscountView | null;
  deleting: DiscountView | null;
  today: string;
  actionData: unknown;
}) {
  const location = useLocation();
  const closeTo = withParams(location, CLOSED);
  const intent = submittedValue(actionData, "intent");
  const replyFor = (name: string) => (intent === name ? actionData : undefined);
  // A refused form shows again even when the page's address lost its dialog (a post without JavaScript).
  const refused =
    intent === "update" || intent === "delete" ? discounts.find((d) => String(d.id) === submittedValue(actionData, "id")) : undefined;
  if (deleting || (intent === "delete" && refused))
    return <DeleteDialog discount={(deleting ?? refused)!} closeTo={closeTo} actionData={replyFor("delete")} />;
  if (editing || (intent === "update" && refused)) {
    const discount = (editing ?? refused)!;
    // A new version (saved elsewhere) starts the form again from what is stored.
    return <DiscountDialog key={discount.version} discount={discount} today={today} closeTo={closeTo} actionData={replyFor("update")} />;
  }
  if (creating || intent === "create")
    return <DiscountDialog createKey={createKey} today={today} closeTo={closeTo} actionData={replyFor("create")} />;
  return null;
}

function DiscountDialog({
  discount,
  createKey,
  today,
  closeTo,
  actionData,
}: {
  discount?: DiscountView;
  createKey?: string;
  today: string;
  closeTo: string;
  actionData: unknown;
}) {
  const intent = discount ? "update" : "create";
  const formErrors = formErrorsOf(actionData);
  // After a 409 (changed elsewhere) the stored values show, not the refused ones.
  const stale = formErrors?.includes(STALE) ?? false;
  const value = (name: string, fallback: string) => (stale ? undefined : submittedValue(actionData, name)) ?? fallback;
  const errors = (name: string) => fieldErrorsOf(actionData, name);
  const own = fieldErrorsOf(actionData, "");
  const [type, setType] = useState(value("type", discount?.type ?? "percentage") as DiscountType);
  // A refused post without the checkbox means it was unticked.
  const active = actionData && !stale ? submittedValue(actionData, "is_active") === "on" : (discount?.is_active ?? true);
  return (
    <Modal title={discount ? "İndirimi düzenle" : "Yeni indirim"} closeTo={closeTo}>
      <Form method="post" className="form" data-testid="discount-form" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        {discount ? (
          <>
            <input type="hidden" name="id" value={discount.id} />
            <input type="hidden" name="version" value={discount.version} />
          </>
        ) : (
          <input type="hidden" name="create_key" value={createKey} />
        )}
        <FormError errors={formErrors ? [SAVE_FAILED, ...(own ?? [])] : undefined} />
        <Field
          label="İndirim adı"
          inputProps={{
            name: "name",
            id: "discount-name",
            required: true,
            maxLength: MAX_NAME,
            defaultValue: value("name", discount?.name ?? ""),
          }}
          errors={errors("name")}
        />
        <Field
          label="Kod"
          hint="Büyük harfe çevrilir; harf (A-Z), rakam, - ve _."
          inputProps={{
            name: "code",
            id: "discount-code",
            required: true,
            maxLength: MAX_CODE,
            autoCapitalize: "characters",
            autoComplete: "off",
            spellCheck: false,
            pattern: "[A-Za-z0-9_\\-]+",
            // Shown as the server stores it: ASCII upper case ("i" is "I", not the Turkish "İ").
            lang: "en",
            style: { textTransform: "uppercase" },
            defaultValue: value("code", discount?.code ?? ""),
          }}
          errors={errors("code")}
        />
        <div className="form-row">
          <SelectField
            label="Tür"
            selectProps={{
              name: "type",
              id: "discount-type",
              value: type,
              onChange: (e) => setType(e.target.value as DiscountType),
            }}
            options={DISCOUNT_TYPES.map((t) => ({ value: t, label: DISCOUNT_TYPE_LABELS[t] }))}
            errors={errors("type")}
          />
          <Field
            label={type === "percentage" ? "Değer (%)" : "Değer (₺)"}
            hint={`En fazla %${MAX_PERCENT} ya da ${formatMoney(MAX_FIXED)}`}
            inputProps={{
              name: "value",
              id: "discount-value",
              // Text, not type=number (which drops a typed comma in Chromium): the server reads "12,5" (decision 061)
              // and checks the cap by type, which may change after the page is drawn without JavaScript.
              type: "text",
              inputMode: "decimal",
              autoComplete: "off",
              required: true,
              defaultValue: value("value", discount ? formatDecimalInput(discount.value, { decimals: 2 }) : ""),
            }}
            errors={errors("value")}
          />
        </div>
        <div className="form-row">
          <Field
            label="Minimum sipariş (₺)"
            inputProps={{
              name: "min_order_amount",
              id: "discount-min-order",
              type: "text",
              inputMode: "decimal",
              autoComplete: "off",
              defaultValue: value("min_order_amount", formatDecimalInput(discount?.min_order_amount ?? 0, { decimals: 2, minDecimals: 2 })),
            }}
            errors={errors("min_order_amount")}
          />
          <Field
            label="Kullanım limiti"
            hint="Boş bırakılırsa sınırsız"
            inputProps={{
              name: "usage_limit",
              id: "discount-usage-limit",
              type: "number",
              inputMode: "numeric",
              min: 1,
              max: MAX_USAGE_LIMIT,
              step: 1,
              defaultValue: value("usage_limit", discount?.usage_limit != null ? String(discount.usage_limit) : ""),
            }}
            errors={errors("usage_limit")}
          />
        </div>
        <div className="form-row">
          <Field
            label="Başlangıç tarihi"
            inputProps={{
              name: "start_date",
              id: "discount-start",
              type: "date",
              required: true,
              defaultValue: value("start_date", discount?.start_date ?? today),
            }}
            errors={errors("start_date")}
          />
          <Field
            label="Bitiş tarihi"
            inputProps={{
              name: "end_date",
              id: "discount-end",
              type: "date",
              required: true,
              defaultValue: value("end_date", discount?.end_date ?? ""),
            }}
            errors={errors("end_date")}
          />
        </div>
        <label className="checkbox-field">
          <input type="checkbox" name="is_active" defaultChecked={active} /> Aktif
        </label>
        {discount ? <p className="muted small m-0">Şimdiye kadar {discount.used_count} kez kullanıldı.</p> : null}
        <DialogButtons closeTo={closeTo} intent={intent} label={discount ? "Güncelle" : "Oluştur"} />
      </Form>
    </Modal>
  );
}

function DeleteDialog({ discount, closeTo, actionData }: { discount: DiscountView; closeTo: string; actionData: unknown }) {
  return (
    <ConfirmDeleteDialog title="İndirimi sil" id={discount.id} closeTo={closeTo} actionData={actionData} failedMessage={DELETE_FAILED}>
      <strong>{discount.name}</strong> ({discount.code}) silinsin mi? Kodun uygulandığı geçmiş ödemeler kod ve tutarıyla raporlarda kalır.
    </ConfirmDeleteDialog>
  );
}
