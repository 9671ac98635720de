import { randomUUID } from "node:crypto";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/route";
import { FormError } from "~/components/forms";
import { adminAuthContext } from "~/modules/admin/guards.server";
import { applicationCounts, decideApplication, listApplications, planLabel } from "~/modules/billing/application-review.server";
import { PLAN_DEFINITIONS } from "~/modules/billing/catalog";
import {
  APPLICATION_FILTERS,
  APPROVED,
  MAX_ADMIN_NOTES,
  REJECTED,
  REVIEW_FAILED,
  type ApplicationFilter,
} from "~/modules/billing/review-rules";
import { ReviewFormSchema } from "~/modules/billing/review-schemas";
import { takeFlash, flashHeaders } from "~/utils/flash.server";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf, revalidateAfterConflict, submittedValue } from "~/utils/page-reply";
import { ApplicationCard } from "./application-card";
import { ApplicationFilters } from "./filters";
import "~/styles/admin-apps.css";

const PATH = "/admin/applications";

/** ?status= as the filter links write it; anything else shows the queue (pending). */
function filterOf(url: URL): ApplicationFilter {
  const value = url.searchParams.get("status");
  return (APPLICATION_FILTERS as readonly string[]).includes(value ?? "") ? (value as ApplicationFilter) : "pending";
}

const listPath = (filter: ApplicationFilter) => (filter === "pending" ? PATH : `${PATH}?status=${filter}`);

// After a 409 (decided meanwhile by another admin) the card must show the decision.
export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ request, url }: Route.LoaderArgs) {
  const filter = filterOf(url);
  const [applications, counts, { flash, headers }] = await Promise.all([listApplications(filter), applicationCounts(), takeFlash(request)]);
  return data(
    {
      filter,
      counts,
      flash,
      // One key per pending card shown: a double submit of a review decides once.
      applications: applications.map((a) => ({ ...a, decisionKey: a.status === "pending" ? randomUUID() : null })),
      plans: PLAN_DEFINITIONS.map((p) => ({ value: p.id, label: p.name })),
      maxNotes: MAX_ADMIN_NOTES,
    },
    { headers },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { admin } = context.get(adminAuthContext);
  return pageAction(await request.formData(), ReviewFormSchema, async (form) => {
    // A replay (the same form sent twice) answers the first decision: it lands where that one did.
    const { application } = await decideApplication(form.application_id, admin.id, form, form.decision_key);
    const message =
      application.status === "approved"
        ? APPROVED(application.restaurant_name, planLabel(application.approved_plan ?? ""))
        : REJECTED(application.restaurant_name);
    throw redirect(`${listPath(filterOf(url))}#application-${application.id}`, { headers: await flashHeaders(message) });
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Premium Başvuruları — Sofra Platform" }];

export default function AdminApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { applications, filter, counts, flash, plans, maxNotes } = loaderData;
  const refusedId = submittedValue(actionData, "application_id");
  const refusedElsewhere = formErrorsOf(actionData) !== undefined && !applications.some((a) => String(a.id) === refusedId);
  return (
    <main className="admin-main">
      <p>
        <Link to="/admin/dashboard">← Panele dön</Link>
      </p>
      <h1>Premium Başvuruları</h1>
      {flash ? (
        <p className="admin-flash" role="status" data-testid="flash">
          {flash}
        </p>
      ) : null}
      {/* A refusal for an application no longer listed here (decided meanwhile by another admin). */}
      <FormError errors={refusedElsewhere ? [REVIEW_FAILED, ...(formErrorsOf(actionData) ?? [])] : undefined} />
      <ApplicationFilters current={filter} counts={counts} />
      {applications.length === 0 ? (
        <p className="admin-empty card">Bu durumda başvuru yok.</p>
      ) : (
        <ul className="review-cards">
          {applications.map((a) => (
            <li key={a.id}>
              <ApplicationCard application={a} plans={plans} maxNotes={maxNotes} actionData={actionData} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
