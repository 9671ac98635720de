import type { InputHTMLAttributes } from "react";
import { Form, Link, useLocation } from "react-router";
import { Modal } from "~/components/app/modal";
import { FormError, useIsSubmitting } from "~/components/forms";
import { CONFIRM_PRICE_FIELD } from "~/modules/menu/price-change";
import { STALE_ITEM_EDIT } from "~/modules/menu/rules";
import { formatDecimalInput } from "~/utils/decimal";
import { formatMoney } from "~/utils/money";
import { fieldErrorsOf, submittedValue } from "~/utils/page-reply";
import type { ListedItem } from "./grouping";

interface Rules {
  maxName: number;
  maxDescription: number;
  maxPrice: number;
}

/**
 * Add (item null) or edit. After a refused post the fields show what was sent, with
 * the messages; after a stale edit (409) they show the item as it is now, so the
 * owner sees the other change before saving again.
 */
export function ItemDialog({
  item,
  createKey,
  newCategory,
  categories,
  rules,
  actionData,
  errors,
  planLink,
  closeTo,
}: {
  item: ListedItem | null;
  createKey: string;
  newCategory: string;
  categories: { value: string; label: string }[];
  rules: Rules;
  actionData: unknown;
  errors: string[] | undefined;
  planLink: string | null;
  closeTo: string;
}) {
  const busy = useIsSubmitting(item ? "update" : "create");
  const stale = errors?.includes(STALE_ITEM_EDIT) ?? false;
  const echo = errors && !stale;
  const value = (name: string, current: string) => (echo ? (submittedValue(actionData, name) ?? "") : current);
  const fieldErrors = (name: string) => (echo ? fieldErrorsOf(actionData, name) : undefined);
  const formErrors = errors?.filter(
    (e) => !["name", "category", "price", "description", CONFIRM_PRICE_FIELD].some((f) => fieldErrors(f)?.includes(e)),
  );
  // "Fiyat ₺7,25 → ₺72,50: on katı. Doğru mu?": the typed values come back with a button that posts them confirmed.
  const priceQuestion = fieldErrors(CONFIRM_PRICE_FIELD)?.[0];
  const available = echo ? submittedValue(actionData, "available") === "on" : (item?.available ?? true);
  const id = item ? `edit-${item.id}` : "new";
  const location = useLocation();

  return (
    <Modal title={item ? "Ürünü Düzenle" : "Yeni Ürün"} closeTo={closeTo}>
      <Form method="post" action={`${location.pathname}${location.search}`} className="form" preventScrollReset>
        <input type="hidden" name="intent" value={item ? "update" : "create"} />
        {item ? (
          <>
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="version" value={item.version} />
          </>
        ) : (
          <input type="hidden" name="create_key" value={createKey} />
        )}
        <FormError errors={formErrors} />
        {planLink && !item ? (
          <p className="small">
            <a href={planLink}>Planı değiştir</a> ve daha fazla ürün ekleyin.
          </p>
        ) : null}
        <TextField
          id={`${id}-name`}
          name="name"
          label="Ürün adı"
          defaultValue={value("name", item?.name ?? "")}
          maxLength={rules.maxName}
          required
          errors={fieldErrors("name")}
        />
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${id}-category`}>Kategori</label>
            <select
              id={`${id}-category`}
              name="category"
              defaultValue={value("category", item?.category ?? newCategory)}
              aria-invalid={fieldErrors("category") ? true : undefined}
            >
              {categories.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <Errors id={`${id}-category-error`} errors={fieldErrors("category")} />
          </div>
          <TextField
            id={`${id}-price`}
            name="price"
            label="Fiyat (₺)"
            // Text, not type=number: Chromium's number input drops a typed comma ("72,50" became 7250); the server reads Turkish figures.
            type="text"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={value("price", item ? formatDecimalInput(item.price, { decimals: 2, minDecimals: 2 }) : "")}
            required
            errors={fieldErrors("price")}
            hint={`Örnek: 72,50. ${formatMoney(0.01)} ile ${formatMoney(rules.maxPrice)} arası, en fazla iki ondalık.`}
          />
        </div>
        {priceQuestion ? (
          <div className="notice notice--warning stack" role="alert" data-testid="price-confirm">
            <p>{priceQuestion}</p>
            <button type="submit" name={CONFIRM_PRICE_FIELD} value="true" className="button button--primary" disabled={busy}>
              Evet, yeni fiyatı kaydet
            </button>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-description`}>Açıklama</label>
          <textarea
            id={`${id}-description`}
            name="description"
            rows={3}
            maxLength={rules.maxDescription}
            defaultValue={value("description", item?.description ?? "")}
            aria-invalid={fieldErrors("description") ? true : undefined}
          />
          <Errors id={`${id}-description-error`} errors={fieldErrors("description")} />
        </div>
        <label className="checkbox-field">
          <input type="checkbox" name="available" defaultChecked={available} />
          Satışta (kapalıysa garsonlar bu ürünü sipariş alamaz)
        </label>
        <div className="button-row">
          <Link className="button" to={closeTo} replace preventScrollReset>
            Vazgeç
          </Link>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Kaydediliyor…" : item ? "Kaydet" : "Ekle"}
          </button>
        </div>
      </Form>
    </Modal>
  );
}

function Errors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {errors.join(" ")}
    </p>
  );
}

function TextField({
  id,
  label,
  errors,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; errors: string[] | undefined; hint?: string }) {
  const describedBy = [errors?.length ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy} />
      {hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      <Errors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** The delete confirmation (?delete=<id>): past orders and reports keep the item's name and price. */
export function DeleteDialog({ item, closeTo }: { item: ListedItem; closeTo: string }) {
  const busy = useIsSubmitting("delete");
  const location = useLocation();
  return (
    <Modal title="Ürünü sil" closeTo={closeTo}>
      <p>
        <strong>“{item.name}”</strong> menüden silinsin mi? Geçmiş siparişler ve raporlar ürünün adını ve fiyatını korur.
      </p>
      <Form method="post" action={`${location.pathname}${location.search}`} className="button-row" preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={item.id} />
        <Link className="button" to={closeTo} replace preventScrollReset>
          Vazgeç
        </Link>
        <button type="submit" className="button button--danger" disabled={busy}>
          Evet, sil
        </button>
      </Form>
    </Modal>
  );
}
