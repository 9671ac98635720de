import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/kitchen";
import { StaffScreenHeader } from "~/components/app/staff-screen-header";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { mayEnterManagerMode } from "~/modules/auth/roles";
import { kitchenOrders } from "~/modules/orders/kitchen.server";
import { formatClock } from "~/utils/dates";

// The kitchen role's screen (app/modules/auth/roles.ts: "kitchen"): open orders by table, read only.
// It refreshes itself: with JavaScript by revalidating, without it by the page's refresh header.
const REFRESH_SECONDS = 15;

export async function loader({ context }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const { restaurant, user } = auth;
  return {
    // Only an owner or admin has a role to go back and choose; the kitchen account skips role selection.
    choosesRole: mayEnterManagerMode(auth),
    tables: await kitchenOrders(restaurant.id),
    timeZone: restaurant.timezone,
    staffName: `${user.firstName} ${user.lastName}`,
  };
}

export function headers() {
  // Browsers without JavaScript reload the page on their own.
  return { Refresh: String(REFRESH_SECONDS) };
}

export const meta: Route.MetaFunction = () => [{ title: "Mutfak — Sofra" }];

export default function Kitchen({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [revalidator]);
  const { tables, timeZone } = loaderData;
  return (
    <>
      <StaffScreenHeader title={`Mutfak · ${loaderData.staffName}`} choosesRole={loaderData.choosesRole} />
      <main className="app-main">
        <div className="container stack">
          <h1 style={{ fontSize: "1.3rem", margin: 0 }}>Açık siparişler</h1>
          <p className="muted" style={{ margin: 0 }}>
            Liste her {REFRESH_SECONDS} saniyede yenilenir.
          </p>
          {tables.length === 0 ? (
            <p className="card">Şu anda açık sipariş yok.</p>
          ) : (
            tables.map((t) => (
              <section key={t.table_number} className="card stack" aria-labelledby={`kitchen-table-${t.table_number}`}>
                <h2 id={`kitchen-table-${t.table_number}`} style={{ fontSize: "1.15rem", margin: 0 }}>
                  Masa {t.table_number}
                </h2>
                {t.orders.map((o) => (
                  <div key={o.id}>
                    <p className="muted" style={{ margin: 0 }}>
                      {formatClock(o.created_at, timeZone)} · {o.waiter_name}
                    </p>
                    <ul style={{ margin: "4px 0 0", paddingLeft: 20 }}>
                      {o.items.map((i) => (
                        <li key={i.id}>
                          <strong>{i.quantity} ×</strong> {i.name}
                          {i.complimentary ? <span className="muted"> (ikram)</span> : null}
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </section>
            ))
          )}
        </div>
      </main>
    </>
  );
}
