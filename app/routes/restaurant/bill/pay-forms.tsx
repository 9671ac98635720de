// The other ways to pay (decision 086): equal shares (with the share's amount, live with
// JavaScript), a typed amount, and all that remains (with a discount code).
import { useState } from "react";
import { Form } from "react-router";
import { formatMoney, sumMoney } from "~/utils/money";
import { DiscountField, ErrorText, errorsOf, FormErrors, Hidden, invalid, PayButton, PayFields, Way, type WayProps } from "./pay-fields";
import { sharePreview } from "./share";

/** The schema's limit (bill-form-schemas.ts, which the browser does not load: zod stays on the server). */
const MAX_SHARES = 50;

export function SharesWay({ bill, mealCards, accounts, payKey, open, posted, defaultCount }: WayProps & { defaultCount: number }) {
  const [count, setCount] = useState(posted.value("count") ?? String(defaultCount));
  const [pay, setPay] = useState(posted.value("pay") ?? "1");
  const errors = errorsOf(posted.reply);
  // The shares are of the bill's total, paid or not (payTable): what is paid and what remains.
  const preview = sharePreview(sumMoney([bill.paid, bill.remaining]), bill.remaining, Number(count), Number(pay));
  return (
    <Way intent="shares" title="Eşit böl" hint="Hesap kişi sayısına bölünür" open={open}>
      <Form method="post" className="stack pay-form">
        <Hidden intent="shares" payKey={payKey} />
        <FormErrors errors={errors} />
        <div className="bill-money-row">
          <NumberField
            id="shares-count"
            name="count"
            label="Kişi sayısı"
            min={2}
            max={MAX_SHARES}
            value={count}
            onChange={setCount}
            errors={errors.field("count")}
          />
          <NumberField
            id="shares-pay"
            name="pay"
            label="Ödenecek pay"
            min={1}
            max={MAX_SHARES}
            value={pay}
            onChange={setPay}
            errors={errors.field("pay")}
          />
        </div>
        <p className="m-0 bill-preview" aria-live="polite" data-testid="share-preview">
          {preview ? (
            <>
              {count} kişiye: kişi başı <strong>{formatMoney(preview.share)}</strong> · bu ödeme{" "}
              <strong>{formatMoney(preview.charge)}</strong>
              {preview.last ? " (kalanın tamamı)" : ""}
            </>
          ) : (
            "Kişi sayısını ve ödenecek payı girin."
          )}
        </p>
        <PayFields intent="shares" mealCards={mealCards} accounts={accounts} errors={errors} posted={posted} />
        <PayButton intent="shares">Payı öde</PayButton>
      </Form>
    </Way>
  );
}

function NumberField(props: {
  id: string;
  name: string;
  label: string;
  min: number;
  max: number;
  value: string;
  onChange: (value: string) => void;
  errors: string[] | undefined;
}) {
  const { id, name, label, min, max, value, onChange, errors } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        required
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...invalid(id, errors)}
      />
      <ErrorText id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function AmountWay({ bill, mealCards, accounts, payKey, open, posted }: WayProps) {
  const errors = errorsOf(posted.reply);
  return (
    <Way intent="amount" title="Tutar girerek" hint="İstenen tutar alınır" open={open}>
      <Form method="post" className="stack pay-form">
        <Hidden intent="amount" payKey={payKey} />
        <FormErrors errors={errors} />
        <div className="field">
          <label htmlFor="amount-value">Tutar</label>
          <input
            id="amount-value"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            required
            maxLength={12}
            placeholder="0,00"
            defaultValue={posted.value("amount")}
            aria-invalid={errors.field("amount") ? true : undefined}
            aria-describedby={errors.field("amount") ? "amount-value-error amount-value-hint" : "amount-value-hint"}
          />
          <span id="amount-value-hint" className="field__hint">
            En fazla kalan: {formatMoney(bill.remaining)}
          </span>
          <ErrorText id="amount-value-error" errors={errors.field("amount")} />
        </div>
        <PayFields intent="amount" mealCards={mealCards} accounts={accounts} errors={errors} posted={posted} />
        <PayButton intent="amount">Tutarı öde</PayButton>
      </Form>
    </Way>
  );
}

export function AllWay({ bill, mealCards, accounts, payKey, open, posted }: WayProps) {
  const errors = errorsOf(posted.reply);
  return (
    <Way intent="all" title="Kalanın tamamı" hint={formatMoney(bill.remaining)} open={open}>
      <Form method="post" className="stack pay-form">
        <Hidden intent="all" payKey={payKey} />
        <FormErrors errors={errors} />
        <DiscountField intent="all" errors={errors} posted={posted} />
        <PayFields intent="all" mealCards={mealCards} accounts={accounts} errors={errors} posted={posted} />
        <PayButton intent="all">Kalanı öde · {formatMoney(bill.remaining)}</PayButton>
      </Form>
    </Way>
  );
}
