// "Ürün seçerek": each unpaid line with how many of its units this guest pays (a number field;
// with JavaScript − and + beside it and what the chosen lines come to, service charge included).
import { useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "~/components/app/use-hydrated";
import type { BillLine } from "~/modules/payments/bill.server";
import { formatMoney } from "~/utils/money";
import { LineDetails } from "./bill-summary";
import { DiscountField, errorsOf, FormErrors, Hidden, PayButton, PayFields, Way, type WayProps } from "./pay-fields";
import { chosenLinesTotal } from "./share";

const unpaidOf = (l: BillLine) => (l.complimentary ? 0 : Math.max(l.quantity - l.paid_quantity, 0));

export function ItemsWay({ bill, mealCards, accounts, payKey, open, posted }: WayProps) {
  const hydrated = useHydrated();
  const lines = bill.lines.filter((l) => unpaidOf(l) > 0);
  const [units, setUnits] = useState<Record<number, string>>(() =>
    Object.fromEntries(lines.map((l) => [l.order_item_id, posted.value(`qty-${l.order_item_id}`) ?? "0"])),
  );
  const errors = errorsOf(posted.reply);
  const count = (l: BillLine) => {
    const n = Number(units[l.order_item_id] ?? 0);
    return Number.isInteger(n) ? Math.min(Math.max(n, 0), unpaidOf(l)) : 0;
  };
  const step = (l: BillLine, by: number) =>
    setUnits((u) => ({ ...u, [l.order_item_id]: String(Math.min(Math.max(count(l) + by, 0), unpaidOf(l))) }));
  const chosen = chosenLinesTotal(
    lines.map((l) => ({ order_id: l.order_id, amount: l.amount, quantity: l.quantity, units: count(l) })),
    bill.service_charge_rate,
  );
  return (
    <Way intent="items" title="Ürün seçerek" hint="Kişi kendi yediğini öder" open={open}>
      <Form method="post" className="stack pay-form">
        <Hidden intent="items" payKey={payKey} />
        <FormErrors errors={errors} />
        {lines.length === 0 ? (
          <p className="m-0 muted">Ödenmemiş ürün kalmadı; kalanı “Tutar girerek” ya da “Kalanın tamamı” ile alın.</p>
        ) : (
          <ul className="list-plain bill-pick">
            {lines.map((l) => {
              const id = `qty-${l.order_item_id}`;
              const left = unpaidOf(l);
              return (
                <li key={l.order_item_id} className="bill-pick__line">
                  <label htmlFor={id} className="bill-pick__label">
                    <span className="text-bold">{l.name}</span>
                    <LineDetails line={l} />
                    <span className="bill-line__sub">
                      {l.paid_quantity > 0 ? `${l.paid_quantity}/${l.quantity} ödendi · ` : ""}
                      {left} adet ödenmemiş · tanesi {formatMoney(Math.round((l.amount / l.quantity) * 100) / 100)}
                    </span>
                  </label>
                  <span className="stepper">
                    {hydrated ? (
                      <button
                        type="button"
                        className="button stepper__button"
                        aria-label={`${l.name}: bir azalt`}
                        onClick={() => step(l, -1)}
                      >
                        −
                      </button>
                    ) : null}
                    <input
                      id={id}
                      name={id}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={left}
                      value={units[l.order_item_id] ?? "0"}
                      onChange={(e) => setUnits((u) => ({ ...u, [l.order_item_id]: e.target.value }))}
                    />
                    {hydrated ? (
                      <button
                        type="button"
                        className="button stepper__button"
                        aria-label={`${l.name}: bir artır`}
                        onClick={() => step(l, 1)}
                      >
                        +
                      </button>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {hydrated && chosen > 0 ? (
          <p className="m-0 bill-preview" aria-live="polite" data-testid="items-preview">
            Seçilenler: <strong>{formatMoney(chosen)}</strong>
            {bill.service_charge_rate > 0 ? " (servis dahil)" : ""}
          </p>
        ) : null}
        <DiscountField intent="items" errors={errors} posted={posted} />
        <PayFields intent="items" mealCards={mealCards} accounts={accounts} errors={errors} posted={posted} />
        <PayButton intent="items">Seçilenleri öde</PayButton>
      </Form>
    </Way>
  );
}
