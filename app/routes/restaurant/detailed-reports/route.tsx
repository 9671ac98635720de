// /app/detailed-reports: sales, stock and staff reports of a calendar period (today, this week,
// this month, this year in the restaurant's time zone). The choice is a GET form, so a report is a
// URL that works without JavaScript; the charts are SVG drawn on the server; "CSV İndir" is a
// plain link to the streamed export (GET /api/reports/export).
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { PremiumGate } from "~/components/app/premium-gate";
import { GeneralErrorBoundary } from "~/components/error-page";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { premiumGate } from "~/modules/billing/gate.server";
import {
  BAD_PERIOD,
  BAD_TYPE,
  isReportPeriod,
  isReportType,
  LOAD_FAILED,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  type ReportPeriod,
  type ReportType,
} from "~/modules/reports/detailed";
import { detailedReport } from "~/modules/reports/detailed.server";
import { InventoryView } from "./inventory-view";
import { SalesView } from "./sales-view";
import { StaffView } from "./staff-view";
import "~/styles/detailed-reports.css";

const PATH = "/app/detailed-reports";

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const typeParam = url.searchParams.get("type");
  const periodParam = url.searchParams.get("period");
  // A typed address with a bad choice: the page says which, with 400 (the API's messages).
  if (typeParam !== null && !isReportType(typeParam)) throw data({ message: BAD_TYPE }, { status: 400 });
  if (periodParam !== null && !isReportPeriod(periodParam)) throw data({ message: BAD_PERIOD }, { status: 400 });
  const type: ReportType = typeParam ?? "sales";
  const period: ReportPeriod = periodParam ?? "daily";
  const gate = await premiumGate(auth, "reports_full");
  const report = gate ? null : await detailedReport(auth.restaurant.id, type, period, auth.restaurant.timezone);
  return { type, period, report, gate, timeZone: auth.restaurant.timezone };
}

export const meta: Route.MetaFunction = () => [{ title: "Detaylı Raporlar — Sofra" }];

export default function DetailedReports({ loaderData }: Route.ComponentProps) {
  const { type, period, report, gate, timeZone } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  const csvHref = `/api/reports/export?${new URLSearchParams({ type, period })}`;
  return (
    <>
      <AppHeader title="Detaylı Raporlar" backTo="/app/admin" />
      <main className="app-main">
        <div className="container stack">
          <Form method="get" className="card report-form" aria-label="Rapor seçimi">
            <div className="field">
              <label htmlFor="report-type">Rapor türü</label>
              <select id="report-type" name="type" defaultValue={type} key={`t-${type}`}>
                {REPORT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {REPORT_TYPE_LABELS[t].replace(" Raporu", "")}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="report-period">Dönem</label>
              <select id="report-period" name="period" defaultValue={period} key={`p-${period}`}>
                {REPORT_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {REPORT_PERIOD_LABELS[p]}
                  </option>
                ))}
              </select>
            </div>
            <div className="button-row report-form__actions">
              <button type="submit" className="button button--primary">
                {loading ? "Rapor oluşturuluyor…" : "Rapor Oluştur"}
              </button>
              {report ? (
                <a className="button" href={csvHref} download data-testid="csv-download">
                  CSV İndir
                </a>
              ) : null}
            </div>
          </Form>

          {report ? (
            <section aria-labelledby="report-title" className="stack" aria-busy={loading}>
              <div>
                <h1 id="report-title" className="report-title">
                  {REPORT_TYPE_LABELS[report.type]}
                </h1>
                <p className="muted" data-testid="report-period">
                  {REPORT_PERIOD_LABELS[report.period]} · {report.period_label}
                </p>
              </div>
              {report.type === "sales" ? <SalesView report={report.sales} /> : null}
              {report.type === "inventory" ? <InventoryView report={report.inventory} timeZone={timeZone} /> : null}
              {report.type === "staff" ? <StaffView report={report.staff} /> : null}
            </section>
          ) : null}
        </div>
      </main>
      {gate ? <PremiumGate gate={gate} returnTo={PATH} /> : null}
    </>
  );
}

/** Refusals (400, 403) as everywhere; anything else is the screen's load failure message. */
export const ErrorBoundary = () => <GeneralErrorBoundary unexpectedMessage={LOAD_FAILED} />;
