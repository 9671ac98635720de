// An account's statement (ekstre, decision 087): a period of days, what was owed when it began,
// each movement with the balance after it, and the period's totals. The period is a GET form.
import { Form } from "react-router";
import { FormError } from "~/components/forms";
import {
  ACCOUNT_PAYMENT_METHOD_LABELS,
  MAX_STATEMENT_ROWS,
  MOVEMENT_KIND_LABELS,
  type MovementDto,
  type StatementDto,
} from "~/modules/accounts/accounts";
import { formatMoney } from "~/utils/money";

const signed = (n: number) => (n > 0 ? `+${formatMoney(n)}` : formatMoney(n));

function PeriodForm({ id, from, to, errors }: { id: number; from: string | null; to: string | null; errors?: string[] }) {
  return (
    <Form method="get" className="statement-period" aria-label="Ekstre dönemi">
      <input type="hidden" name="hesap" value={id} />
      <div className="field">
        <label htmlFor="statement-from">Başlangıç</label>
        <input id="statement-from" name="from" type="date" defaultValue={from ?? ""} />
      </div>
      <div className="field">
        <label htmlFor="statement-to">Bitiş</label>
        <input id="statement-to" name="to" type="date" defaultValue={to ?? ""} />
      </div>
      <button type="submit" className="button">
        Göster
      </button>
      <FormError errors={errors} />
    </Form>
  );
}

function MovementLine({ m, when }: { m: MovementDto; when: Intl.DateTimeFormat }) {
  const detail = [
    m.method ? ACCOUNT_PAYMENT_METHOD_LABELS[m.method] : null,
    m.table_number ? `Masa ${m.table_number}` : null,
    m.order_ids.length > 0 ? `Sipariş ${m.order_ids.map((o) => `#${o}`).join(", ")}` : null,
  ].filter(Boolean);
  return (
    <li className="statement-line" data-testid="statement-line">
      <span>
        <strong>{MOVEMENT_KIND_LABELS[m.kind]}</strong>
        {detail.length > 0 ? <span className="muted"> · {detail.join(" · ")}</span> : null}
        {m.note ? <span className="statement-line__note"> “{m.note}”</span> : null}
        <br />
        <span className="muted small">
          {when.format(new Date(m.created_at))} · {m.created_by_name}
        </span>
      </span>
      <span className="statement-line__figures">
        <span className={m.amount < 0 ? "statement-amount statement-amount--down" : "statement-amount"}>{signed(m.amount)}</span>
        <span className="muted small">Bakiye {formatMoney(m.balance_after)}</span>
      </span>
    </li>
  );
}

export function Statement({ statement, timeZone, periodErrors }: { statement: StatementDto; timeZone: string; periodErrors?: string[] }) {
  const { totals } = statement;
  const when = new Intl.DateTimeFormat("tr-TR", { dateStyle: "short", timeStyle: "short", timeZone });
  return (
    <section className="card stack" aria-labelledby="statement-title">
      <h2 id="statement-title" className="section-title m-0">
        Hesap ekstresi
      </h2>
      <PeriodForm id={statement.account.id} from={statement.from} to={statement.to} errors={periodErrors} />
      <dl className="statement-totals">
        <dt>Dönem başı bakiye</dt>
        <dd>{formatMoney(statement.opening_balance)}</dd>
        <dt>Hesaba yazılan</dt>
        <dd>{formatMoney(totals.charges)}</dd>
        <dt>Tahsilat</dt>
        <dd>{formatMoney(totals.payments)}</dd>
        {totals.adjustments !== 0 ? (
          <>
            <dt>Düzeltme</dt>
            <dd>{signed(totals.adjustments)}</dd>
          </>
        ) : null}
        <dt>Dönem sonu bakiye</dt>
        <dd data-testid="closing-balance">
          <strong>{formatMoney(statement.closing_balance)}</strong>
        </dd>
      </dl>
      {statement.truncated ? (
        <p className="notice notice--info m-0">
          Bu dönemde {totals.count} hareket var; son {MAX_STATEMENT_ROWS} tanesi gösteriliyor. Öncekiler için başlangıç ve bitiş tarihi
          seçin.
        </p>
      ) : null}
      {statement.movements.length === 0 ? (
        <p className="muted m-0">Bu dönemde hareket yok.</p>
      ) : (
        <ol className="list-plain statement-lines" aria-label="Hareketler">
          {statement.movements.map((m) => (
            <MovementLine key={m.id} m={m} when={when} />
          ))}
        </ol>
      )}
    </section>
  );
}
