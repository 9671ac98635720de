// The server half of the billing tab and the plan page: what they show, and their one form.
import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import type { RestaurantAuth } from "~/modules/auth/sessions.server";
import { flashHeaders } from "~/utils/flash.server";
import { pageAction } from "~/utils/page-action.server";
import { PLAN_CHANGED, RECENT_INVOICES, UPGRADED } from "./billing-rules";
import { bankAccount, changePlan, getUsage, listInvoices, listPaymentMethods } from "./billing.server";
import { PlanChangeFormSchema } from "./schemas";

export const BILLING_TAB = "/app/settings?tab=billing";

/** Everything the Billing tab shows, read in parallel. */
export async function billingTabData(restaurantId: number) {
  const [usage, invoices, methods] = await Promise.all([
    getUsage(restaurantId),
    listInvoices(restaurantId, RECENT_INVOICES),
    listPaymentMethods(restaurantId),
  ]);
  return {
    usage,
    invoices,
    paymentMethods: methods.payment_methods,
    bank: bankAccount(),
    // A new key per form shown: a double submit changes the plan once and writes one invoice.
    changeKey: randomUUID(),
  };
}
export type BillingTabData = Awaited<ReturnType<typeof billingTabData>>;

/**
 * The plan-change form (billing tab and /app/plans): the new plan applies at once, and the
 * billing tab shows its invoice. A refusal (409 over the limits, same plan, overdue) comes back
 * to the form as its error.
 */
export function planChangeAction(formData: FormData, auth: RestaurantAuth) {
  return pageAction(formData, PlanChangeFormSchema, async (form) => {
    await changePlan(auth.restaurant.id, {
      plan: form.subscription_plan,
      billingCycle: form.billing_cycle,
      changeKey: form.change_key,
    });
    const message = auth.restaurant.subscriptionPlan === "free_trial" ? UPGRADED : PLAN_CHANGED;
    throw redirect(BILLING_TAB, { headers: await flashHeaders(message) });
  });
}
