import { Form, Link, useLocation } from "react-router";
import { EmptyList } from "~/components/app/empty-list";
import { useIsSubmitting } from "~/components/forms";
import { DISCOUNT_STATE_LABELS, formatDiscountValue } from "~/modules/discounts/rules";
import { cssVars } from "~/utils/css-vars";
import { formatMoney } from "~/utils/money";
import { withParams } from "~/utils/url";
import type { DiscountStats as DiscountFigures, DiscountView } from "~/modules/discounts/discounts.server";

const dayFormat = new Intl.DateTimeFormat("tr-TR", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
/** A calendar day (YYYY-MM-DD) as "1 Kas 2026": the day itself, not an instant, so UTC. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

export function DiscountStats({ stats }: { stats: DiscountFigures }) {
  return (
    <section aria-label="İndirim özeti" className="stat-grid">
      <div className="card stat">
        <div className="stat__label">Aktif kod</div>
        <div className="stat__value" data-testid="stat-active">
          {stats.active_codes}
        </div>
      </div>
      <div className="card stat">
        <div className="stat__label">Toplam kullanım</div>
        <div className="stat__value" data-testid="stat-uses">
          {stats.total_uses}
        </div>
      </div>
      <div className="card stat">
        <div className="stat__label">Toplam tasarruf</div>
        <div className="stat__value" data-testid="stat-savings">
          {formatMoney(stats.total_savings)}
        </div>
        <div className="muted small">{stats.discounted_payments} indirimli ödeme</div>
      </div>
    </section>
  );
}

export function DiscountCards({ discounts }: { discounts: DiscountView[] }) {
  if (discounts.length === 0) {
    return <EmptyList text="Henüz indirim kodu yok." addLabel="İlk indirimi oluşturun" />;
  }
  return (
    <ul className="discount-list">
      {discounts.map((d) => (
        <DiscountCard key={d.id} discount={d} />
      ))}
    </ul>
  );
}

function DiscountCard({ discount: d }: { discount: DiscountView }) {
  const location = useLocation();
  const busy = useIsSubmitting("toggle");
  return (
    <li id={`discount-${d.id}`} className="card discount-card" data-testid="discount-card">
      <div className="discount-card__head">
        <div>
          <strong className="discount-card__name">{d.name}</strong>
          <br />
          <code className="discount-code" data-testid="discount-code">
            {d.code}
          </code>
        </div>
        <span className={`badge discount-state discount-state--${d.state}`} data-testid="discount-state">
          {DISCOUNT_STATE_LABELS[d.state]}
        </span>
      </div>
      <p className="discount-card__value">
        {formatDiscountValue(d.type, d.value, formatMoney)} <span className="muted small">indirim</span>
      </p>
      <p className="muted small m-0">
        {formatDay(d.start_date)} – {formatDay(d.end_date)}
        {d.min_order_amount > 0 ? ` · en az ${formatMoney(d.min_order_amount)}` : ""}
      </p>
      <div className="discount-usage">
        <span className="small">
          {d.usage_limit === null ? `${d.used_count} kullanım · sınırsız` : `${d.used_count} / ${d.usage_limit} kullanım`}
        </span>
        {d.usage_percentage !== null ? (
          <div
            className="usage-bar"
            role="progressbar"
            aria-label="Kullanım oranı"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={d.usage_percentage}
          >
            <span style={cssVars({ "--fill": `${d.usage_percentage}%` })} />
          </div>
        ) : null}
      </div>
      <div className="button-row">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={d.id} />
          <input type="hidden" name="version" value={d.version} />
          <input type="hidden" name="is_active" value={d.is_active ? "false" : "true"} />
          <button
            type="submit"
            className="button button--small"
            disabled={busy}
            aria-label={`${d.code} kodunu ${d.is_active ? "pasifleştir" : "aktifleştir"}`}
          >
            {d.is_active ? "Pasifleştir" : "Aktifleştir"}
          </button>
        </Form>
        <Link className="button button--small" to={withParams(location, { edit: String(d.id) })} preventScrollReset>
          Düzenle
        </Link>
        <Link
          className="button button--small button--ghost"
          to={withParams(location, { delete: String(d.id) })}
          preventScrollReset
          aria-label={`${d.code} kodunu sil`}
        >
          Sil
        </Link>
      </div>
    </li>
  );
}
