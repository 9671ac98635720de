import { useState } from "react";
import { Form, useLocation } from "react-router";
import { ConfirmDeleteDialog, DialogButtons } from "~/components/app/dialog-forms";
import { Modal } from "~/components/app/modal";
import { useHydrated } from "~/components/app/use-hydrated";
import { Field, FormError, SelectField } from "~/components/forms";
import {
  DELETE_FAILED,
  MAX_NAME,
  MAX_NOTE,
  MAX_QUANTITY,
  MAX_SUPPLIER,
  MOVEMENT_REASON_LABELS,
  MOVEMENT_REASONS,
  SAVE_FAILED,
  STALE,
  STOCK_CATEGORIES,
  STOCK_CATEGORY_LABELS,
  STOCK_UNITS,
} from "~/modules/stock/rules";
import { decimalInputNumber, formatDecimalInput } from "~/utils/decimal";
import { fieldErrorsOf, formErrorsOf, submittedValue } from "~/utils/page-reply";
import { withParams } from "~/utils/url";
import type { StockItemView, StockMovementView } from "~/modules/stock/stock.server";
import { DetailDialog } from "./detail-dialog";

const CLOSED = { new: null, edit: null, item: null, delete: null };

export function StockDialogs({
  items,
  creating,
  createKey,
  editing,
  detail,
  deleting,
  timeZone,
  actionData,
}: {
  items: StockItemView[];
  creating: boolean;
  createKey: string;
  editing: StockItemView | null;
  detail: { item: StockItemView; movements: StockMovementView[] } | null;
  deleting: StockItemView | null;
  timeZone: string;
  actionData: unknown;
}) {
  const location = useLocation();
  const closeTo = withParams(location, CLOSED);
  const intent = submittedValue(actionData, "intent");
  // Only the form that was refused gets the reply's messages and values back.
  const replyFor = (name: string) => (intent === name ? actionData : undefined);
  // A refused form shows again even when the page's address lost its dialog (a post from elsewhere).
  const refused =
    intent === "update" || intent === "delete" ? items.find((i) => String(i.id) === submittedValue(actionData, "id")) : undefined;
  if (deleting || (intent === "delete" && refused))
    return <DeleteDialog item={(deleting ?? refused)!} closeTo={closeTo} actionData={replyFor("delete")} />;
  if (editing || (intent === "update" && refused)) {
    const item = (editing ?? refused)!;
    // A new version (saved elsewhere) starts the form again from what is stored.
    return <ItemDialog key={item.version} item={item} closeTo={closeTo} actionData={replyFor("update")} />;
  }
  if (creating || intent === "create") return <ItemDialog createKey={createKey} closeTo={closeTo} actionData={replyFor("create")} />;
  if (detail) {
    const editTo = withParams(location, { ...CLOSED, edit: String(detail.item.id) });
    return <DetailDialog {...detail} closeTo={closeTo} editTo={editTo} timeZone={timeZone} />;
  }
  return null;
}

function ItemDialog({
  item,
  createKey,
  closeTo,
  actionData,
}: {
  item?: StockItemView;
  createKey?: string;
  closeTo: string;
  actionData: unknown;
}) {
  const hydrated = useHydrated();
  const intent = item ? "update" : "create";
  const formErrors = formErrorsOf(actionData);
  // After a 409 the stored values show (the message asks to look at them), not the refused ones.
  const stale = formErrors?.includes(STALE) ?? false;
  const value = (name: string, fallback: string) => (stale ? undefined : submittedValue(actionData, name)) ?? fallback;
  const errors = (name: string) => fieldErrorsOf(actionData, name);
  const own = fieldErrorsOf(actionData, "");
  const original = item ? formatDecimalInput(item.current_stock, { decimals: 1 }) : "0";
  const [level, setLevel] = useState(value("current_stock", original));
  // The reason is asked when the level changes; without JavaScript it is always shown.
  const levelChanged = !item || !hydrated || decimalInputNumber(level, { decimals: 1, max: MAX_QUANTITY }) !== item.current_stock;
  // Text, not type=number (which drops a typed comma in Chromium): the server reads "12,5" and "1.250,00" (decision 061).
  const number = (name: string, fallback: number, money = false) => ({
    name,
    id: `stock-${name}`,
    type: "text",
    inputMode: "decimal" as const,
    autoComplete: "off",
    defaultValue: value(name, formatDecimalInput(fallback, money ? { decimals: 2, minDecimals: 2 } : { decimals: 1 })),
  });
  return (
    <Modal title={item ? "Stok kaydını düzenle" : "Yeni stok kaydı"} closeTo={closeTo}>
      <Form method="post" className="form" data-testid="stock-form">
        <input type="hidden" name="intent" value={intent} />
        {item ? (
          <>
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="version" value={item.version} />
          </>
        ) : (
          <input type="hidden" name="create_key" value={createKey} />
        )}
        <FormError errors={formErrors ? (own ?? [SAVE_FAILED]) : undefined} />
        <Field
          label="Ürün adı"
          inputProps={{
            name: "name",
            id: "stock-name",
            required: true,
            maxLength: MAX_NAME,
            defaultValue: value("name", item?.name ?? ""),
          }}
          errors={errors("name")}
        />
        <div className="form-row">
          <SelectField
            label="Kategori"
            selectProps={{ name: "category", id: "stock-category", defaultValue: value("category", item?.category ?? "ingredient") }}
            options={STOCK_CATEGORIES.map((c) => ({ value: c, label: STOCK_CATEGORY_LABELS[c] }))}
            errors={errors("category")}
          />
          <SelectField
            label="Birim"
            selectProps={{ name: "unit", id: "stock-unit", defaultValue: value("unit", item?.unit ?? "kg") }}
            options={STOCK_UNITS.map((u) => ({ value: u, label: u }))}
            errors={errors("unit")}
          />
        </div>
        <Field
          label="Mevcut stok"
          inputProps={{
            ...number("current_stock", item?.current_stock ?? 0),
            defaultValue: undefined,
            value: level,
            onChange: (e) => setLevel(e.target.value),
          }}
          errors={errors("current_stock")}
        />
        <div className="form-row">
          <Field label="Minimum stok" inputProps={number("min_stock", item?.min_stock ?? 0)} errors={errors("min_stock")} />
          <Field label="Maksimum stok" inputProps={number("max_stock", item?.max_stock ?? 0)} errors={errors("max_stock")} />
        </div>
        <div className="form-row">
          <Field
            label="Birim maliyet (₺)"
            inputProps={number("cost_per_unit", item?.cost_per_unit ?? 0, true)}
            errors={errors("cost_per_unit")}
          />
          <Field
            label="Tedarikçi"
            inputProps={{
              name: "supplier",
              id: "stock-supplier",
              maxLength: MAX_SUPPLIER,
              defaultValue: value("supplier", item?.supplier ?? ""),
            }}
            errors={errors("supplier")}
          />
        </div>
        {levelChanged ? (
          <fieldset className="stock-reason">
            <legend>{item ? "Stok miktarı değişikliği" : "Açılış stoku"}</legend>
            <SelectField
              label={item && !hydrated ? "Neden (miktar değiştiyse)" : "Neden"}
              selectProps={{
                name: "reason",
                id: "stock-reason",
                defaultValue: value("reason", item ? "" : "purchase"),
                required: Boolean(item && hydrated),
              }}
              options={[
                ...(item ? [{ value: "", label: "Seçin" }] : []),
                ...MOVEMENT_REASONS.map((r) => ({ value: r, label: MOVEMENT_REASON_LABELS[r] })),
              ]}
              errors={errors("reason")}
            />
            <Field
              label="Açıklama (isteğe bağlı)"
              inputProps={{ name: "note", id: "stock-note", maxLength: MAX_NOTE, defaultValue: value("note", "") }}
              errors={errors("note")}
            />
          </fieldset>
        ) : null}
        <DialogButtons closeTo={closeTo} intent={intent} label={item ? "Güncelle" : "Ekle"} />
      </Form>
    </Modal>
  );
}

function DeleteDialog({ item, closeTo, actionData }: { item: StockItemView; closeTo: string; actionData: unknown }) {
  return (
    <ConfirmDeleteDialog title="Stok kaydını sil" id={item.id} closeTo={closeTo} actionData={actionData} failedMessage={DELETE_FAILED}>
      <strong>{item.name}</strong> stok kaydı silinsin mi? Geçmiş stok hareketleri raporlar için saklanır.
    </ConfirmDeleteDialog>
  );
}
