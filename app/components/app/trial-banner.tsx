import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { TrialStatus } from "~/modules/billing/trial.server";

export interface UpgradeOffer {
  plan: string;
  planName: string;
  cycle: "monthly" | "yearly";
}

/**
 * An upgrade button: it names the plan and cycle it bills and posts them to the plan page, which
 * answers with the confirmation (amount with KDV, due date); nothing changes before "Onayla".
 */
export function UpgradeForm({ upgrade, returnTo, className }: { upgrade: UpgradeOffer; returnTo: string; className: string }) {
  return (
    <form method="post" action="/app/plans">
      <input type="hidden" name="intent" value="change-plan" />
      <input type="hidden" name="subscription_plan" value={upgrade.plan} />
      <input type="hidden" name="billing_cycle" value={upgrade.cycle} />
      <input type="hidden" name="return_to" value={returnTo} />
      <button type="submit" className={className}>
        {upgrade.planName} planına geç ({upgrade.cycle === "yearly" ? "yıllık" : "aylık"})
      </button>
    </form>
  );
}

const REFRESH_MS = 5 * 60 * 1000;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "3 gün", "5 saat 12 dakika", "42 dakika" */
export function formatRemaining(ms: number): string {
  if (ms > DAY) return `${Math.ceil(ms / DAY)} gün`;
  const hours = Math.floor(ms / HOUR);
  const minutes = Math.max(0, Math.floor((ms % HOUR) / MINUTE));
  if (hours > 0) return `${hours} saat ${minutes} dakika`;
  return `${Math.max(minutes, 1)} dakika`;
}

export function bannerTone(status: TrialStatus, now: number): "info" | "warning" | "expired" {
  if (status.is_expired) return "expired";
  const end = status.trial_end_date ? Date.parse(status.trial_end_date) : now;
  return end - now < DAY ? "warning" : "info";
}

export function TrialBanner({
  initial,
  now: serverNow,
  canUpgrade,
  upgrade,
  canExtend,
  dismissed,
  returnTo,
}: {
  initial: TrialStatus;
  now: number;
  canUpgrade: boolean;
  /** The plan and cycle the upgrade button names and bills (after its confirmation). */
  upgrade: UpgradeOffer;
  /** The spec's one-day extension applies (trial running, manager mode, under the cap). */
  canExtend: boolean;
  dismissed: boolean;
  returnTo: string;
}) {
  const poll = useFetcher<TrialStatus>();
  const dismiss = useFetcher();
  const [now, setNow] = useState(serverNow);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), MINUTE);
    const refresh = setInterval(() => {
      if (document.visibilityState === "visible") poll.load("/api/trial/status");
    }, REFRESH_MS);
    setNow(Date.now());
    return () => {
      clearInterval(tick);
      clearInterval(refresh);
    };
    // poll.load is stable for the fetcher's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const status = poll.data && "is_trial" in poll.data ? poll.data : initial;
  if (!status.is_trial) return null;
  const tone = bannerTone(status, now);
  const hidden = tone !== "expired" && (dismissed || dismiss.state !== "idle" || dismiss.data != null);
  if (hidden) return null;

  const remaining = status.trial_end_date ? Date.parse(status.trial_end_date) - now : 0;
  return (
    <div className={`trial-banner trial-banner--${tone}`} role={tone === "expired" ? "alert" : "status"}>
      {tone === "expired" ? (
        <p>
          <strong>Deneme süreniz doldu.</strong> Sipariş ve ödeme almaya devam etmek için planınızı yükseltin.
        </p>
      ) : (
        <p>
          Ücretsiz deneme: <strong>{formatRemaining(remaining)}</strong> kaldı.
        </p>
      )}
      {tone === "expired" && canUpgrade ? (
        <UpgradeForm upgrade={upgrade} returnTo={returnTo} className="button button--small button--danger" />
      ) : null}
      {tone === "expired" && !canUpgrade ? <span>Planı yükseltmek için yönetici girişi yapın.</span> : null}
      {/* The plans inside the app (the public /pricing would lead to a second signup). */}
      <a className="trial-banner__link" href="/app/plans">
        Planlar
      </a>
      {tone !== "expired" && canExtend ? (
        <form method="post" action="/app/trial-banner">
          <input type="hidden" name="intent" value="extend" />
          <input type="hidden" name="return_to" value={returnTo} />
          <button type="submit" className="button button--small button--ghost">
            1 gün uzat
          </button>
        </form>
      ) : null}
      {tone !== "expired" ? (
        <dismiss.Form method="post" action="/app/trial-banner">
          <input type="hidden" name="intent" value="dismiss" />
          <input type="hidden" name="return_to" value={returnTo} />
          <button type="submit" className="button button--small button--ghost" aria-label="Bildirimi kapat">
            ✕
          </button>
        </dismiss.Form>
      ) : null}
    </div>
  );
}
