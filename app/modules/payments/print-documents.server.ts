// "Yazıcıya gönder" on the adisyon and on a receipt (decision 089): the document's text is built
// here, from the same reads as its page, and handed to one of the restaurant's print devices
// (kitchen/print-documents.server.ts stores it and tells the device). A request key seen before
// answers its first request before anything is read or built: a double tap prints once.
import { randomUUID } from "node:crypto";
import type { Actor } from "~/modules/auth/actor";
import { can, type AccessSubject } from "~/modules/auth/roles";
import { assertPrintDevice, printRequestByKey, requestPrint } from "~/modules/kitchen/print-documents.server";
import type { PrintRequestResult } from "~/modules/kitchen/print-documents";
import { listPrintDevices } from "~/modules/kitchen/print-devices.server";
import { adisyonOf } from "./bill.server";
import { adisyonLines, receiptLines } from "./paper-text";
import { paperHeader, receiptFor } from "./receipt.server";

interface SendInput {
  deviceId: number;
  requestKey: string;
}

/** Sends the table's adisyon as it stands now. Another restaurant's device or table: 404. */
export async function sendAdisyonToPrinter(
  actor: Actor,
  tableNumber: number,
  input: SendInput,
  now = new Date(),
): Promise<PrintRequestResult> {
  const seen = await printRequestByKey(actor.restaurantId, input.requestKey);
  if (seen) return seen;
  await assertPrintDevice(actor.restaurantId, input.deviceId);
  const [{ bill, footer }, header] = await Promise.all([adisyonOf(actor.restaurantId, tableNumber), paperHeader(actor.restaurantId)]);
  return requestPrint(actor.restaurantId, {
    deviceId: input.deviceId,
    kind: "adisyon",
    lines: adisyonLines(bill, { ...header, footer: footer?.trim() || null }, now),
    requestKey: input.requestKey,
    requestedByName: actor.name,
  });
}

/** Sends a payment's receipt (`payment`: a table payment's id; `order`: an order paid on its own). 404 as the page. */
export async function sendReceiptToPrinter(
  actor: Actor,
  target: { payment: number | null; order: number | null },
  input: SendInput,
): Promise<PrintRequestResult> {
  const seen = await printRequestByKey(actor.restaurantId, input.requestKey);
  if (seen) return seen;
  await assertPrintDevice(actor.restaurantId, input.deviceId);
  const { receipt, header } = await receiptFor(actor.restaurantId, target);
  return requestPrint(actor.restaurantId, {
    deviceId: input.deviceId,
    kind: "receipt",
    lines: receiptLines(receipt, header),
    requestKey: input.requestKey,
    requestedByName: actor.name,
  });
}

/** What a page's "Yazıcıya gönder" form needs: the devices to choose from and a fresh request key. */
export interface PrintForm {
  devices: { id: number; label: string }[];
  requestKey: string;
}

/**
 * The form for whoever takes payments (a manager, a cashier), when the restaurant has a print
 * device; null otherwise (no form is shown). A new key on every render: after a request, the page
 * comes back with another, so pressing again prints again.
 */
export async function printFormFor(auth: AccessSubject & { restaurant: { id: number } }): Promise<PrintForm | null> {
  if (!can(auth, "payments")) return null;
  const devices = await listPrintDevices(auth.restaurant.id);
  if (devices.length === 0) return null;
  return { devices: devices.map((d) => ({ id: d.id, label: `${d.name} · ${d.station.name}` })), requestKey: randomUUID() };
}
