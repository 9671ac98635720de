import { Icon } from "~/components/icons/icon";
import { Link } from "react-router";
import { UpgradeForm } from "~/components/app/trial-banner";
import type { PremiumGateData } from "~/modules/billing/gate.server";
import { formatMoney } from "~/utils/money";

// An approved application has activated its plan: a gate shown after it (the subscription lapsed
// later) is a new situation, so it says nothing of that application and lets the owner apply again.
const APPLICATION_STATES: Record<string, { title: string; text: string }> = {
  pending: { title: "Başvurunuz inceleniyor", text: "Premium üyelik başvurunuz admin onayı bekliyor." },
  rejected: { title: "Başvurunuz reddedildi", text: "Bilgilerinizi güncelleyip yeniden başvurabilirsiniz." },
};

/** A closed account: the layout's notice above says why (decision 047). */
const CLOSED_TITLES: Record<string, string> = {
  suspended: "Hesabınız askıya alındı",
  cancelled: "Üyeliğiniz iptal edildi",
  inactive: "Üyeliğiniz aktif değil",
};

/**
 * The premium gate: shown over a screen whose feature is locked. The server
 * refuses the feature's actions anyway (403); this explains why and what to do.
 */
export function PremiumGate({ gate, returnTo }: { gate: PremiumGateData; returnTo: string }) {
  const state = gate.application ? APPLICATION_STATES[gate.application.status] : undefined;
  const canApply = gate.mayApply && gate.application?.status !== "pending";
  return (
    <div className="dialog-backdrop">
      <div className="dialog stack" role="dialog" aria-modal="true" aria-labelledby="gate-title">
        {gate.closed ? (
          <>
            <div className="gate-icon" aria-hidden="true">
              <Icon name="lock" size={40} />
            </div>
            <h2 id="gate-title" className="text-center">
              {CLOSED_TITLES[gate.closed] ?? CLOSED_TITLES.inactive}
            </h2>
            <p className="muted text-center">{gate.copy.title} bu sürede kullanılamaz. Bilgi için bizimle iletişime geçin.</p>
          </>
        ) : gate.expired ? (
          <>
            <div className="gate-icon" aria-hidden="true">
              <Icon name="lock" size={40} />
            </div>
            <h2 id="gate-title" className="text-center">
              {state?.title ?? "Deneme Süresi Doldu"}
            </h2>
            <p className="muted text-center">
              {state?.text ?? `${gate.copy.title} için planınızı yükseltin ya da premium üyelik başvurusu yapın.`}
            </p>
          </>
        ) : (
          <h2 id="gate-title">{gate.copy.title}: Premium Özellik</h2>
        )}
        <div className="card">
          <h3>{gate.copy.title}</h3>
          <p className="muted">{gate.copy.description}</p>
          <ul className="checklist">
            {gate.copy.benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </div>
        {!gate.expired ? (
          <div className="two-col">
            {gate.plans.map((p) => (
              <div key={p.id} className="card">
                <strong>{p.name}</strong>
                <div>{formatMoney(p.price_monthly)} / ay</div>
              </div>
            ))}
          </div>
        ) : null}
        {gate.expired && !gate.mayApply && !gate.closed ? (
          <p className="notice">Planı yükseltmek için restoran yöneticinize başvurun.</p>
        ) : null}
        <div className="button-row">
          {gate.expired && gate.canUpgrade ? (
            <UpgradeForm upgrade={gate.upgrade} returnTo={returnTo} className="button button--primary" />
          ) : null}
          {gate.expired && canApply ? (
            <Link className="button" to={`/app/premium-application?return_to=${encodeURIComponent(returnTo)}`}>
              Premium Başvurusu Yap
            </Link>
          ) : null}
          <Link className="button button--ghost" to="/app/plans">
            Tüm planları gör
          </Link>
          <Link className="button button--ghost" to="/app/role-selection">
            Geri
          </Link>
        </div>
      </div>
    </div>
  );
}
