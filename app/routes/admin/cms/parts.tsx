import { Link } from "react-router";
import type { CmsStats } from "~/modules/cms/content.server";
import { formatClock, formatLongDate } from "~/utils/dates";

export type CmsTab = "content" | "images" | "settings";

const TAB_LABELS: Record<CmsTab, string> = { content: "İçerik", images: "Resimler", settings: "Ayarlar" };

/** Tabs as links (?tab=), so each is a page of its own without JavaScript. */
export function CmsTabs({ current }: { current: CmsTab }) {
  return (
    <nav className="tabs admin-cms__tabs" aria-label="CMS bölümleri">
      {(Object.keys(TAB_LABELS) as CmsTab[]).map((tab) => (
        <Link key={tab} to={`/admin/cms?tab=${tab}`} aria-current={tab === current ? "page" : undefined} preventScrollReset>
          {TAB_LABELS[tab]}
        </Link>
      ))}
    </nav>
  );
}

export function CmsStatsBar({ stats }: { stats: CmsStats }) {
  return (
    <dl className="admin-cms__stats" data-testid="cms-stats">
      <div className="card">
        <dt>İçerik öğesi</dt>
        <dd data-testid="stat-content">{stats.content_count}</dd>
      </div>
      <div className="card">
        <dt>Resim</dt>
        <dd data-testid="stat-images">{stats.image_count}</dd>
      </div>
      <div className="card">
        <dt>Son güncelleme</dt>
        <dd data-testid="stat-last-update">
          {stats.last_update ? `${formatLongDate(stats.last_update)} ${formatClock(stats.last_update)}` : "Henüz yok"}
        </dd>
      </div>
    </dl>
  );
}

/** A form's messages (the screen's own first, then the server's reasons). */
export function Errors({ errors, id }: { errors: string[] | undefined; id?: string }) {
  if (!errors?.length) return null;
  return (
    <div className="form-error" role="alert" id={id}>
      {errors.map((e, i) => (
        <p key={i}>{e}</p>
      ))}
    </div>
  );
}

export function FieldErrors({ errors }: { errors: string[] | undefined }) {
  return errors?.length ? (
    <p className="field__error" role="alert">
      {errors.join(" ")}
    </p>
  ) : null;
}
