import { Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { FormError } from "~/components/forms";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { canAccessFeature } from "~/modules/billing/features";
import { PLAN_CHANGE_URL } from "~/modules/billing/limits.server";
import {
  countLegacyTables,
  createConfiguration,
  createSection,
  deleteConfiguration,
  deleteSection,
  LEGACY_SECTION_NAME,
  listEnhancedStatus,
  listSections,
  migrateLegacyTables,
  moveConfigurations,
  newClientKey,
  setEnhancedStatus,
  updateConfiguration,
  updateSection,
} from "~/modules/tables/management.server";
import { TableManagementFormSchema } from "~/modules/tables/schemas";
import { isDataRequest } from "~/utils/http.server";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf, submittedValue } from "~/utils/page-reply";
import { positiveIntOrNull } from "~/utils/numbers";
import { withParams } from "~/utils/url";
import { MigrationPrompt } from "./migration-prompt";
import { SectionChips, SectionDialogs } from "./section-dialogs";
import { SectionPlan } from "./section-plan";
import { TableDialogs } from "./table-dialogs";
import "~/styles/table-management.css";

const PAGE = "/app/table-management";

/** The fixed notices a finished write comes back to (`?done=`): no text from the URL reaches the page. */
const DONE: Record<string, string> = {
  "section-created": "Bölüm eklendi.",
  "section-updated": "Bölüm güncellendi.",
  "section-deleted": "Bölüm silindi; masaları bölümsüz kaldı.",
  "table-created": "Masa eklendi.",
  "table-updated": "Masa güncellendi.",
  "table-deleted": "Masa silindi.",
  "positions-saved": "Konumlar kaydedildi.",
  migrated: "Masalar bölüme aktarıldı.",
  "status-saved": "Masa durumu güncellendi.",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const [sections, entries, legacyCount] = await Promise.all([
    listSections(restaurant.id),
    listEnhancedStatus(restaurant.id),
    countLegacyTables(restaurant.id),
  ]);
  const p = url.searchParams;
  // The plan shown: ?plan=<section id> or "none" (tables without a section); the first section by default.
  const loose = entries.some((e) => e.section === null);
  const wanted = p.get("plan");
  const plan =
    wanted === "none" && loose ? "none" : (sections.find((s) => String(s.id) === wanted)?.id ?? sections[0]?.id ?? (loose ? "none" : null));
  const id = (name: string) => positiveIntOrNull(p.get(name));
  return {
    sections,
    entries,
    legacyCount,
    legacySectionName: LEGACY_SECTION_NAME,
    plan,
    open: {
      sectionNew: p.get("section_new") === "1",
      sectionEdit: id("section_edit"),
      sectionDelete: id("section_delete"),
      tableNew: p.get("table_new") === "1",
      tableEdit: id("table_edit"),
      tableDelete: id("table_delete"),
      table: id("table"),
      positions: p.get("positions") === "1",
    },
    // Idempotency keys of the two creates: a double submit makes one row.
    keys: { section: newClientKey(), table: newClientKey() },
    done: DONE[p.get("done") ?? ""] ?? null,
    canWrite: canAccessFeature(restaurant, "table_management", new Date()),
    upgradeUrl: PLAN_CHANGE_URL,
  };
}

const planOf = (sectionId: number | null) => (sectionId === null ? "none" : String(sectionId));
const back = (params: Record<string, string>) => `${PAGE}?${new URLSearchParams(params)}`;

export async function action({ request, context }: Route.ActionArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const id = restaurant.id;
  return pageAction(await request.formData(), TableManagementFormSchema, async (form) => {
    // The status menu follows the floor's rules (as on the manager panel); everything else is table management.
    if (form.intent !== "table-status") requireFeature(restaurant, "table_management");
    switch (form.intent) {
      case "section-create": {
        const { value } = await createSection(id, form);
        throw redirect(back({ plan: String(value.id), done: "section-created" }));
      }
      case "section-update": {
        const value = await updateSection(id, form.id, form);
        throw redirect(back({ plan: String(value.id), done: "section-updated" }));
      }
      case "section-delete":
        await deleteSection(id, form.id);
        throw redirect(back({ done: "section-deleted" }));
      case "table-create": {
        const { value } = await createConfiguration(id, form);
        throw redirect(back({ plan: planOf(value.section_id), done: "table-created" }));
      }
      case "table-update": {
        const value = await updateConfiguration(id, form.id, form);
        throw redirect(back({ plan: planOf(value.section_id), table: String(value.id), done: "table-updated" }));
      }
      case "table-delete": {
        const { section_id } = await deleteConfiguration(id, form.id);
        throw redirect(back({ plan: planOf(section_id), done: "table-deleted" }));
      }
      case "position":
        await moveConfigurations(id, [form]);
        // A drag posts with a fetcher: the page stays; without one, back to the plan.
        if (isDataRequest(request)) return { moved: form.id };
        throw redirect(back({ done: "positions-saved" }));
      case "positions":
        await moveConfigurations(id, form.positions);
        throw redirect(back({ done: "positions-saved" }));
      case "migrate-legacy": {
        const { section_id } = await migrateLegacyTables(id);
        throw redirect(section_id === null ? PAGE : back({ plan: String(section_id), done: "migrated" }));
      }
      case "table-status": {
        const entry = await setEnhancedStatus(id, form.id, form);
        throw redirect(back({ plan: planOf(entry.configuration.section_id), table: String(form.id), done: "status-saved" }));
      }
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Masa Yönetimi — Sofra" }];

export type LoaderData = Route.ComponentProps["loaderData"];
export type Entry = LoaderData["entries"][number];

export default function TableManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { sections, plan } = loaderData;
  const location = useLocation();
  const intent = submittedValue(actionData, "intent");
  return (
    <>
      <AppHeader heading={plan === null} title="Masa Yönetimi" backTo="/app/admin" backLabel="Yönetici paneline dön" />
      <main className="app-main">
        <div className="container stack">
          {loaderData.done ? (
            <p className="notice notice--success" role="status">
              {loaderData.done}
            </p>
          ) : null}
          {!loaderData.canWrite ? (
            <p className="notice notice--error" role="alert">
              Masa yönetimi için planınızı yükseltin. <Link to={loaderData.upgradeUrl}>Planları gör</Link>
            </p>
          ) : null}
          {/* A refusal no dialog shows (its row is gone, a stale page's intent): here. */}
          <FormError errors={shownInDialog(loaderData, intent, submittedValue(actionData, "id")) ? undefined : formErrorsOf(actionData)} />

          {sections.length === 0 ? (
            <MigrationPrompt data={loaderData} errors={intent === "migrate-legacy" ? formErrorsOf(actionData) : undefined} />
          ) : null}

          <div className="button-row">
            <Link className="button button--primary" to={withParams(location, { done: null, table_new: "1" })} preventScrollReset>
              Masa Ekle
            </Link>
            <Link className="button" to={withParams(location, { done: null, section_new: "1" })} preventScrollReset>
              Bölüm Ekle
            </Link>
          </div>

          <SectionChips data={loaderData} />

          {plan !== null ? <SectionPlan data={loaderData} actionData={actionData} /> : null}
        </div>
      </main>
      <SectionDialogs data={loaderData} actionData={actionData} />
      <TableDialogs data={loaderData} actionData={actionData} />
    </>
  );
}

/** Whether the refused post's own dialog (or form) is on the page to show its messages. */
function shownInDialog(data: LoaderData, intent: string | undefined, id: string | undefined): boolean {
  switch (intent) {
    case "section-create":
    case "table-create":
    case "positions":
      return true;
    case "migrate-legacy":
      return data.sections.length === 0;
    case "section-update":
    case "section-delete":
      return data.sections.some((s) => String(s.id) === id);
    case "table-update":
    case "table-delete":
    case "table-status":
      return data.entries.some((e) => String(e.configuration.id) === id);
    default:
      return false;
  }
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
