// The option groups' add and edit form (decision 082): name, target (a category, every item in
// it, or one item) and eight option rows with their price differences. Plain form posts: it
// works without JavaScript; the server reads the rows (optionGroupFormInput) and checks them.
import { Form, Link } from "react-router";
import { Field, FormError, useIsSubmitting } from "~/components/forms";
import { MAX_OPTION_GROUP_NAME, MAX_OPTION_NAME, MAX_OPTIONS_PER_GROUP, STALE_OPTION_GROUP_EDIT } from "~/modules/menu/options";
import { formatDecimalInput } from "~/utils/decimal";
import { fieldErrorsOf, submittedValue } from "~/utils/page-reply";
import type { ListedOptionGroup, OptionTarget } from "./option-view";

const ROWS = Array.from({ length: MAX_OPTIONS_PER_GROUP }, (_, n) => n);
const TARGET_FIELDS = ["category_id", "menu_item_id"];

/**
 * Add (group null) or edit: name, target and eight option rows (empty rows are left out). After a
 * refused post the fields show what was sent; after a stale edit (409) the group as stored now.
 */
export function OptionGroupForm({
  group,
  targets,
  createKey,
  action,
  cancelTo,
  actionData,
  errors,
}: {
  group: ListedOptionGroup | null;
  targets: OptionTarget[];
  createKey: string;
  action: string;
  cancelTo: string;
  actionData: unknown;
  errors: string[] | undefined;
}) {
  const intent = group ? "option-group-update" : "option-group-create";
  const busy = useIsSubmitting(intent);
  const echo = errors !== undefined && !errors.includes(STALE_OPTION_GROUP_EDIT);
  const value = (name: string, current: string) => (echo ? (submittedValue(actionData, name) ?? "") : current);
  const fieldErrors = (name: string) => (echo ? fieldErrorsOf(actionData, name) : undefined);
  const nameErrors = fieldErrors("name");
  const targetErrors = TARGET_FIELDS.flatMap((f) => fieldErrors(f) ?? []);
  const optionErrors = echo ? optionRowErrors(actionData) : [];
  const placed = new Set([...(nameErrors ?? []), ...targetErrors, ...optionErrors]);
  const formErrors = errors?.filter((e) => !placed.has(e));
  const id = group ? `option-edit-${group.id}` : "option-new";
  const title = group ? `“${group.name}” grubunu düzenle` : "Yeni seçenek grubu";

  return (
    <Form
      method="post"
      action={action}
      id="option-form"
      className="stack menu-options__form"
      aria-labelledby={`${id}-title`}
      preventScrollReset
    >
      <h3 id={`${id}-title`}>{title}</h3>
      <input type="hidden" name="intent" value={intent} />
      {group ? (
        <>
          <input type="hidden" name="id" value={group.id} />
          <input type="hidden" name="version" value={group.version} />
        </>
      ) : (
        <input type="hidden" name="create_key" value={createKey} />
      )}
      <FormError errors={formErrors} />
      <Field
        label="Grup adı"
        errors={nameErrors}
        inputProps={{
          id: `${id}-name`,
          name: "name",
          defaultValue: value("name", group?.name ?? ""),
          maxLength: MAX_OPTION_GROUP_NAME,
          required: true,
          placeholder: "Örnek: Pişme",
        }}
      />
      <div className="field">
        <label htmlFor={`${id}-target`}>Uygulanacağı yer</label>
        <select
          id={`${id}-target`}
          name="target"
          defaultValue={value("target", group?.target ?? "")}
          required
          aria-invalid={targetErrors.length > 0 ? true : undefined}
          aria-describedby={targetErrors.length > 0 ? `${id}-target-error` : undefined}
        >
          <option value="">Kategori ya da ürün seçin</option>
          {targets.map((c) => (
            <optgroup key={c.id} label={c.name}>
              <option value={`c${c.id}`}>{c.name} (tüm kategori)</option>
              {c.items.map((i) => (
                <option key={i.id} value={`i${i.id}`}>
                  {i.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {targetErrors.length > 0 ? (
          <p id={`${id}-target-error`} className="field__error" role="alert">
            {targetErrors.join(" ")}
          </p>
        ) : null}
      </div>
      <p className="field__hint">Boş bırakılan satırlar kaydedilmez. Fiyat farkı boşsa 0'dır; indirim için eksi yazın (örnek: -10).</p>
      {optionErrors.length > 0 ? (
        <p className="field__error" role="alert">
          {optionErrors.join(" ")}
        </p>
      ) : null}
      <div className="menu-options__rows">
        {ROWS.map((n) => {
          const option = group?.options[n];
          const price = option && option.price_delta !== 0 ? formatDecimalInput(option.price_delta, { decimals: 2, minDecimals: 2 }) : "";
          return (
            // The price's name is its row's and its own ("2. seçenek Fiyat farkı (₺)"): eight fields share the visible label.
            <div key={n} className="menu-options__row">
              <div className="field">
                <label id={`${id}-option-${n}-label`} htmlFor={`${id}-option-${n}`}>
                  {n + 1}. seçenek
                </label>
                <input
                  id={`${id}-option-${n}`}
                  name={`option_name_${n}`}
                  defaultValue={value(`option_name_${n}`, option?.name ?? "")}
                  maxLength={MAX_OPTION_NAME}
                />
              </div>
              <div className="field menu-options__price">
                <label id={`${id}-price-${n}-label`} htmlFor={`${id}-price-${n}`}>
                  Fiyat farkı (₺)
                </label>
                <input
                  id={`${id}-price-${n}`}
                  name={`option_price_${n}`}
                  aria-labelledby={`${id}-option-${n}-label ${id}-price-${n}-label`}
                  // Text, not type=number: the server reads Turkish figures ("7,50", "-10").
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0"
                  defaultValue={value(`option_price_${n}`, price)}
                />
              </div>
            </div>
          );
        })}
      </div>
      <div className="button-row">
        {group ? (
          <Link className="button" to={cancelTo} preventScrollReset>
            Vazgeç
          </Link>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Kaydediliyor…" : group ? "Kaydet" : "Grubu ekle"}
        </button>
      </div>
    </Form>
  );
}

/** The messages of the option rows ("options", "options[2].price_delta"), whose indexes count only filled rows. */
function optionRowErrors(actionData: unknown): string[] {
  const error = (actionData as { result?: { error?: Record<string, string[] | null> | null } } | null)?.result?.error ?? {};
  return Object.entries(error).flatMap(([field, list]) => (field.startsWith("options") ? (list ?? []) : []));
}
