import { data, Link } from "react-router";
import type { Route } from "./+types/route";
import { SendToPrinter } from "~/components/app/send-to-printer";
import { PrintButton } from "~/components/app/print-button";
import { actorOf } from "~/modules/auth/actor";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { PrintRequestFormSchema } from "~/modules/kitchen/print-device-schemas";
import { printSent } from "~/modules/kitchen/print-documents";
import { printFormFor, sendReceiptToPrinter } from "~/modules/payments/print-documents.server";
import { receiptFor } from "~/modules/payments/receipt.server";
import { redirectWithFlash, takeFlash } from "~/utils/flash.server";
import { orRefuse, pageAction } from "~/utils/page-action.server";
import { formErrorsOf } from "~/utils/page-reply";
import { positiveIntOrNull } from "~/utils/numbers";
import { ReceiptPaper } from "./receipt-paper";
import "~/styles/paper.css";

// A payment's receipt on 80 mm paper (issue 22, decision 089): `?payment=` a table payment (the
// "Hesap" screen), `?order=` an order paid on its own (the payments screen). What it paid, how,
// the tip and the change, what remains on the table, the fiscal document if one was recorded.
// Printed by the browser, or sent to one of the restaurant's print devices ("Yazıcıya gönder").
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const [view, printForm, flash] = await Promise.all([
    orRefuse(receiptFor(auth.restaurant.id, targetOf(url))),
    printFormFor(auth),
    takeFlash(request),
  ]);
  return data({ ...view, printForm, sent: flash.flash }, { headers: flash.headers });
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const target = targetOf(url);
  return pageAction(await request.formData(), PrintRequestFormSchema, async ({ device_id, request_key }) => {
    const sent = await sendReceiptToPrinter(actorOf(auth), target, { deviceId: device_id, requestKey: request_key });
    throw await redirectWithFlash(addressOf(target), printSent(sent.kind, sent.device.name));
  });
}

/** The payment the address names: `?payment=` (a table payment) or `?order=` (an order paid on its own). */
function targetOf(url: URL) {
  return { payment: positiveIntOrNull(url.searchParams.get("payment")), order: positiveIntOrNull(url.searchParams.get("order")) };
}

const addressOf = (t: { payment: number | null; order: number | null }) =>
  t.payment !== null ? `/app/receipt?payment=${t.payment}` : `/app/receipt?order=${t.order}`;

export default function Receipt({ loaderData, actionData }: Route.ComponentProps) {
  const { receipt, header } = loaderData;
  return (
    <main className="paper-page">
      <div className="print-controls">
        <Link to={receipt.source === "payment" ? `/app/bill?table=${receipt.table_number}` : "/app/payments"} className="button">
          {receipt.source === "payment" ? "Hesaba dön" : "Ödemelere dön"}
        </Link>
        <PrintButton />
      </div>
      <SendToPrinter form={loaderData.printForm} sent={loaderData.sent} errors={formErrorsOf(actionData)} />
      <ReceiptPaper receipt={receipt} header={header} />
    </main>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Ödeme fişi · ${data?.receipt.table ?? ""} — Sofra` }];
