// What the four pay forms of the "Hesap" screen share (decision 086): the opening card of a way,
// the method (Nakit, Kart, each accepted meal card), Bahşiş and, for cash, "Alınan (nakit)", the
// discount code, the intent and the render's pay key, the button, and a refusal's messages (at
// their field, or at the top of the form).
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import type { BillFormIntent } from "~/modules/payments/bill-form-schemas";
import type { BillDto } from "~/modules/payments/bill.server";
import { MAX_CODE } from "~/modules/discounts/rules";
import type { PageReply } from "~/utils/page-reply";

/** A refused post of this form (its reply), and the values it posted. */
export interface Posted {
  reply: PageReply | undefined;
  value: (name: string) => string | undefined;
}

/** A house account the cashier may charge (hesaba yaz, decision 087). */
export interface PickAccount {
  id: number;
  name: string;
}

export interface WayProps {
  bill: BillDto;
  mealCards: string[];
  accounts: PickAccount[];
  payKey: string;
  open: boolean;
  posted: Posted;
}

/** Fields a form shows its own errors at; anything else is said at the top of the form. */
const FIELD_ERRORS = ["method", "tip", "tendered", "discount_code", "count", "pay", "amount", "account_id", "manager_password"];

export function errorsOf(reply: PageReply | undefined) {
  const all = reply?.result.error ?? {};
  const field = (name: string) => (all[name]?.length ? all[name]! : undefined);
  const rest = Object.entries(all)
    .filter(([name]) => !FIELD_ERRORS.includes(name))
    .flatMap(([, list]) => list ?? []);
  return { field, form: rest.length > 0 ? rest : undefined };
}

type Errors = ReturnType<typeof errorsOf>;

export function ErrorText({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {errors.join(" ")}
    </p>
  );
}

/** An input's accessible error wiring. */
export const invalid = (id: string, errors: string[] | undefined) =>
  errors ? ({ "aria-invalid": true, "aria-describedby": `${id}-error` } as const) : {};

export function Way({
  intent,
  title,
  hint,
  open,
  children,
}: {
  intent: BillFormIntent;
  title: string;
  hint: ReactNode;
  open: boolean;
  children: ReactNode;
}) {
  return (
    <details className="card bill-way" name="bill-way" open={open} id={`way-${intent}`}>
      <summary className="bill-way__summary">
        <span className="bill-way__text">
          <span className="bill-way__title">{title}</span>
          <span className="muted small">{hint}</span>
        </span>
      </summary>
      {children}
    </details>
  );
}

/** Method, Bahşiş and (for cash) the cash handed over, the same in every form. */
export function PayFields({
  intent,
  mealCards,
  accounts,
  errors,
  posted,
}: {
  intent: BillFormIntent;
  mealCards: string[];
  accounts: PickAccount[];
  errors: Errors;
  posted: Posted;
}) {
  const methods: [string, string][] = [
    ["cash", "Nakit"],
    ["card", "Kart"],
    ...mealCards.map((c): [string, string] => [`meal_card:${c}`, c]),
    ...(accounts.length > 0 ? [["house_account", "Cari hesaba yaz"] as [string, string]] : []),
  ];
  const accountId = `${intent}-account`;
  const passwordId = `${intent}-manager-password`;
  const chosen = posted.value("method");
  const tipId = `${intent}-tip`;
  const tenderedId = `${intent}-tendered`;
  return (
    <>
      <fieldset className="pay-methods">
        <legend>Ödeme yöntemi</legend>
        <div className="pay-methods__options">
          {methods.map(([value, label]) => (
            <label key={value} className="pay-method">
              <input type="radio" name="method" value={value} required defaultChecked={chosen === value} />
              <span>{label}</span>
            </label>
          ))}
        </div>
        <ErrorText id={`${intent}-method-error`} errors={errors.field("method")} />
      </fieldset>
      {accounts.length > 0 ? (
        // Shown by the stylesheet once "Cari hesaba yaz" is chosen (no script needed).
        <div className="bill-account stack">
          <div className="field">
            <label htmlFor={accountId}>Cari hesap</label>
            <select
              id={accountId}
              name="account_id"
              defaultValue={posted.value("account_id") ?? ""}
              {...invalid(accountId, errors.field("account_id"))}
            >
              <option value="">Hesap seçin</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
            <ErrorText id={`${accountId}-error`} errors={errors.field("account_id")} />
          </div>
          <div className="field">
            <label htmlFor={passwordId}>Yönetici şifresi (limit aşılırsa)</label>
            <input
              id={passwordId}
              name="manager_password"
              type="password"
              autoComplete="off"
              maxLength={128}
              {...invalid(passwordId, errors.field("manager_password"))}
            />
            <ErrorText id={`${passwordId}-error`} errors={errors.field("manager_password")} />
          </div>
        </div>
      ) : null}
      <div className="bill-money-row">
        <div className="field">
          <label htmlFor={tipId}>Bahşiş</label>
          <input
            id={tipId}
            name="tip"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            maxLength={12}
            defaultValue={posted.value("tip")}
            {...invalid(tipId, errors.field("tip"))}
          />
          <ErrorText id={`${tipId}-error`} errors={errors.field("tip")} />
        </div>
        {/* Hidden by the stylesheet once another method is chosen (no script needed); the server ignores it then. */}
        <div className="field bill-tendered">
          <label htmlFor={tenderedId}>Alınan (nakit)</label>
          <input
            id={tenderedId}
            name="tendered"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            maxLength={12}
            defaultValue={posted.value("tendered")}
            {...invalid(tenderedId, errors.field("tendered"))}
          />
          <ErrorText id={`${tenderedId}-error`} errors={errors.field("tendered")} />
        </div>
      </div>
    </>
  );
}

export function DiscountField({ intent, errors, posted }: { intent: BillFormIntent; errors: Errors; posted: Posted }) {
  const id = `${intent}-discount`;
  return (
    <div className="field">
      <label htmlFor={id}>İndirim kodu (isteğe bağlı)</label>
      <input
        id={id}
        name="discount_code"
        maxLength={MAX_CODE}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        // Shown as the server stores it: ASCII upper case ("i" is "I", not the Turkish "İ").
        lang="en"
        className="text-upper"
        defaultValue={posted.value("discount_code")}
        {...invalid(id, errors.field("discount_code"))}
      />
      <ErrorText id={`${id}-error`} errors={errors.field("discount_code")} />
    </div>
  );
}

export function Hidden({ intent, payKey }: { intent: BillFormIntent; payKey: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="pay_key" value={payKey} />
    </>
  );
}

export function PayButton({ intent, children }: { intent: BillFormIntent; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" className="button button--primary button--block" disabled={busy}>
      {busy ? "İşleniyor…" : children}
    </button>
  );
}

export function FormErrors({ errors }: { errors: Errors }) {
  return errors.form ? (
    <p className="form-error" role="alert">
      {errors.form.join(" ")}
    </p>
  ) : null;
}
