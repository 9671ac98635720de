import { data, Link } from "react-router";
import type { Route } from "./+types/route";
import { MEMBER_FILTER_LABELS, MEMBER_FILTERS, planLabel, statusLabel } from "~/modules/admin/member-rules";
import { MembersQuerySchema } from "~/modules/admin/member-schemas";
import { listMembers, memberStats } from "~/modules/admin/members.server";
import { formatLongDate } from "~/utils/dates";
import { firstIssueMessage } from "~/utils/validation";
import "~/styles/admin-dash.css";

export async function loader({ url }: Route.LoaderArgs) {
  const parsed = MembersQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data({ message: firstIssueMessage(parsed.error) }, { status: 400 });
  const { filter, page, page_size } = parsed.data;
  const [stats, list] = await Promise.all([memberStats(), listMembers({ filter, page, pageSize: page_size })]);
  return { stats, list };
}

const dateOrDash = (value: string | null) => (value ? formatLongDate(value) : "—");

function pageHref(filter: string, page: number) {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : ".";
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { stats, list } = loaderData;
  return (
    <main className="admin-main">
      <p>
        <Link to="/admin/dashboard">← Panele dön</Link>
      </p>
      <h1>Üyeler</h1>
      <ul className="admin-stats" aria-label="Üye sayıları">
        <li data-testid="stat-total">
          Toplam <span className="admin-stat__value">{stats.total}</span>
        </li>
        <li data-testid="stat-active">
          Aktif <span className="admin-stat__value">{stats.active}</span>
        </li>
        <li data-testid="stat-inactive">
          Pasif <span className="admin-stat__value">{stats.inactive}</span>
        </li>
        <li data-testid="stat-trial">
          Deneme <span className="admin-stat__value">{stats.trial}</span>
        </li>
      </ul>

      <nav className="admin-filters" aria-label="Filtre">
        {MEMBER_FILTERS.map((f) => (
          <Link key={f} className="button" to={pageHref(f, 1)} aria-current={list.filter === f ? "page" : undefined}>
            {MEMBER_FILTER_LABELS[f]}
          </Link>
        ))}
      </nav>

      {list.members.length === 0 ? (
        <p className="muted">Bu filtrede üye yok.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stack">
            <thead>
              <tr>
                <th scope="col">Restoran</th>
                <th scope="col">Sahibi</th>
                <th scope="col">E-posta</th>
                <th scope="col">Telefon</th>
                <th scope="col">Plan</th>
                <th scope="col">Durum</th>
                <th scope="col">Kayıt</th>
                <th scope="col">Son giriş</th>
                <th scope="col">
                  <span className="visually-hidden">Detay</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.members.map((m) => (
                <tr key={m.id} data-testid={`member-${m.id}`}>
                  <td data-label="Restoran">{m.restaurant_name}</td>
                  <td data-label="Sahibi">{m.owner_name ?? "—"}</td>
                  <td data-label="E-posta">{m.email ?? "—"}</td>
                  <td data-label="Telefon">{m.phone ?? "—"}</td>
                  <td data-label="Plan">{planLabel(m.subscription_plan)}</td>
                  <td data-label="Durum">
                    <span className={`admin-status admin-status--${m.subscription_status}`}>{statusLabel(m.subscription_status)}</span>
                  </td>
                  <td data-label="Kayıt">{formatLongDate(m.created_at)}</td>
                  <td data-label="Son giriş">{dateOrDash(m.last_login)}</td>
                  <td>
                    <Link to={`/admin/members/${m.id}`} aria-label={`Detay: ${m.restaurant_name}`}>
                      Detay
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <nav className="admin-pager" aria-label="Sayfalar">
        {list.page > 1 ? <Link to={pageHref(list.filter, list.page - 1)}>← Önceki</Link> : <span />}
        <span>
          Sayfa {list.page} / {list.pages} · {list.total} üye
        </span>
        {list.page < list.pages ? <Link to={pageHref(list.filter, list.page + 1)}>Sonraki →</Link> : <span />}
      </nav>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Üyeler — Sofra Platform" }];
