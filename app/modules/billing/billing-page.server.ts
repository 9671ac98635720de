// The server half of the billing tab and the plan page: what they show, and their one form.
import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import type { RestaurantAuth } from "~/modules/auth/sessions.server";
import { flashHeaders } from "~/utils/flash.server";
import { pageAction } from "~/utils/page-action.server";
import { PLAN_CHANGED, RECENT_INVOICES, UPGRADED } from "./billing-rules";
import { safeReturnTo, withQuery } from "~/utils/url";
import {
  bankAccount,
  changePlan,
  getUsage,
  listInvoices,
  listPaymentMethods,
  getTaxDetails,
  quotePlanChange,
  saveTaxDetails,
  type PlanChangeQuote,
} from "./billing.server";
import { PlanChangeFormSchema, TaxDetailsFormSchema } from "./schemas";

export const BILLING_TAB = "/app/settings?tab=billing";

/** Everything the Billing tab shows, read in parallel. */
export async function billingTabData(restaurantId: number) {
  const [usage, invoices, methods, taxDetails] = await Promise.all([
    getUsage(restaurantId),
    listInvoices(restaurantId, RECENT_INVOICES),
    listPaymentMethods(restaurantId),
    getTaxDetails(restaurantId),
  ]);
  return {
    usage,
    taxDetails,
    invoices,
    paymentMethods: methods.payment_methods,
    bank: bankAccount(),
    // A new key per form shown: a double submit changes the plan once and writes one invoice.
    changeKey: randomUUID(),
  };
}
export type BillingTabData = Awaited<ReturnType<typeof billingTabData>>;

/**
 * The plan-change form (billing tab, /app/plans, and the trial banner's and premium gate's upgrade
 * buttons, which post here): the first post answers the confirmation (plan, cycle, amount with
 * KDV, due date, the trial's end) and changes nothing; the confirmation's own post, with
 * confirm=1, changes the plan and writes its invoice (issue 20, decision 063). A refusal (409
 * over the limits, same plan, overdue) comes back to the form as its error, at either step.
 */
export function planChangeAction(formData: FormData, auth: RestaurantAuth) {
  return pageAction(formData, PlanChangeFormSchema, async (form) => {
    const returnTo = form.return_to ? safeReturnTo(form.return_to) : null;
    const args = { plan: form.subscription_plan, billingCycle: form.billing_cycle };
    if (form.confirm !== "1" || !form.change_key) {
      const quote = await quotePlanChange(auth.restaurant.id, args);
      return data({ confirmation: { ...quote, change_key: form.change_key ?? randomUUID(), return_to: returnTo } });
    }
    await changePlan(auth.restaurant.id, { ...args, changeKey: form.change_key });
    const fromTrial = auth.restaurant.subscriptionPlan === "free_trial";
    // Back to the page the banner or the gate was on, which says so (?upgraded=1).
    if (returnTo) throw redirect(withQuery(returnTo, { upgraded: "1" }));
    throw redirect(BILLING_TAB, { headers: await flashHeaders(fromTrial ? UPGRADED : PLAN_CHANGED) });
  });
}

export type PlanChangeConfirmationData = PlanChangeQuote & { change_key: string; return_to: string | null };

export const TAX_DETAILS_SAVED = "Fatura bilgileri kaydedildi.";

/** The billing tab's "Fatura bilgileri" form: checked on the server, saved, back to the tab with a flash. */
export function taxDetailsAction(formData: FormData, auth: RestaurantAuth) {
  return pageAction(formData, TaxDetailsFormSchema, async (form) => {
    await saveTaxDetails(auth.restaurant.id, { tax_office: form.tax_office, tax_number: form.tax_number });
    throw redirect(BILLING_TAB, { headers: await flashHeaders(TAX_DETAILS_SAVED) });
  });
}
