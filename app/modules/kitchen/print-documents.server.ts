// Documents sent to a print device (decision 089): a manager or cashier presses "Yazıcıya gönder"
// on the adisyon or a receipt and picks one of the restaurant's devices. The text is built by the
// caller (the payments module, from the data its page shows) and stored as it prints; the device
// hears of it on its live stream (`document.requested`, its own id only) and reads it from its
// list, which keeps it until the agent acknowledges it (printedAt): printed once, as tickets are.
import type { PrintDocumentKind } from "~/generated/prisma/enums";
import { publishEvents, recordEvent, type LiveEvent } from "~/modules/live/events.server";
import { prisma } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { PRINT_DEVICE_NOT_FOUND } from "./print-devices";
import type { PrintDeviceAuth } from "./print-devices.server";
import {
  DOCUMENT_TOO_LONG,
  DOCUMENT_WINDOW_MINUTES,
  MAX_DOCUMENT_BYTES,
  PRINT_DOCUMENT_NOT_FOUND,
  UNPRINTED_DOCUMENTS_LIMIT,
  type PrintDocumentDto,
  type PrintRequestResult,
} from "./print-documents";

interface RequestRow {
  id: number;
  kind: PrintDocumentKind;
  createdAt: Date;
  device: { id: number; name: string };
}

const resultOf = (row: RequestRow, replayed: boolean): PrintRequestResult => ({
  id: row.id,
  kind: row.kind,
  device: { id: row.device.id, name: row.device.name },
  requested_at: row.createdAt.toISOString(),
  replayed,
});

const requestSelect = { id: true, kind: true, createdAt: true, device: { select: { id: true, name: true } } } as const;

/** The request a key already made (a double tap, a resent form), or null. */
export async function printRequestByKey(restaurantId: number, requestKey: string): Promise<PrintRequestResult | null> {
  const row = await prisma.printRequest.findUnique({
    where: { restaurantId_requestKey: { restaurantId, requestKey } },
    select: requestSelect,
  });
  return row ? resultOf(row, true) : null;
}

/** The restaurant's device (its name), or 404: another restaurant's id or a deleted device. */
export async function assertPrintDevice(restaurantId: number, deviceId: number): Promise<{ id: number; name: string }> {
  const device = await prisma.printDevice.findFirst({ where: { id: deviceId, restaurantId }, select: { id: true, name: true } });
  if (!device) throw new DomainError(404, PRINT_DEVICE_NOT_FOUND);
  return device;
}

/**
 * Stores a document for one of the restaurant's devices and tells the device's stream. A key seen
 * before answers its request (`replayed`) and stores nothing; two first tries at once meet on the
 * unique key and answer the first. Another restaurant's device: 404.
 */
export async function requestPrint(
  restaurantId: number,
  input: { deviceId: number; kind: PrintDocumentKind; lines: string[]; requestKey: string; requestedByName: string },
): Promise<PrintRequestResult> {
  // One line per row of paper: a line break inside one would shift every line after it.
  const text = input.lines.map((l) => l.replace(/[\r\n]+/g, " ")).join("\n");
  if (Buffer.byteLength(text) > MAX_DOCUMENT_BYTES) throw new DomainError(413, DOCUMENT_TOO_LONG);
  let events: LiveEvent[] = [];
  try {
    const result = await prisma.$transaction(async (tx) => {
      const seen = await tx.printRequest.findUnique({
        where: { restaurantId_requestKey: { restaurantId, requestKey: input.requestKey } },
        select: requestSelect,
      });
      if (seen) return resultOf(seen, true);
      const device = await tx.printDevice.findFirst({ where: { id: input.deviceId, restaurantId }, select: { id: true } });
      if (!device) throw new DomainError(404, PRINT_DEVICE_NOT_FOUND);
      const row = await tx.printRequest.create({
        data: {
          restaurantId,
          deviceId: device.id,
          kind: input.kind,
          lines: text,
          requestKey: input.requestKey,
          requestedByName: input.requestedByName.slice(0, 120),
        },
        select: requestSelect,
      });
      // Last, as every writer does (decision 078). The kitchen's audience is what a device's stream
      // is filtered as; its own filter then keeps its own documents (print-devices.server.ts).
      events = [
        await recordEvent(tx, restaurantId, "document.requested", { document_id: row.id, device_id: device.id, kind: row.kind }, "kitchen"),
      ];
      return resultOf(row, false);
    });
    publishEvents(events);
    return result;
  } catch (error) {
    if (isUniqueViolation(error, "requestKey")) {
      const first = await printRequestByKey(restaurantId, input.requestKey);
      if (first) return first;
    }
    throw error;
  }
}

/**
 * The documents sent to this device that it has not acknowledged, oldest first: asked for within
 * DOCUMENT_WINDOW_MINUTES, at most UNPRINTED_DOCUMENTS_LIMIT (`more` when others wait after them).
 * Not tied to "Siparişleri otomatik yazdır": a document is printed because someone asked for it.
 */
export async function unprintedDocuments(
  device: PrintDeviceAuth,
  now = new Date(),
): Promise<{ documents: PrintDocumentDto[]; more: boolean }> {
  const since = new Date(now.getTime() - DOCUMENT_WINDOW_MINUTES * 60_000);
  const rows = await prisma.printRequest.findMany({
    where: { deviceId: device.id, restaurantId: device.restaurantId, printedAt: null, createdAt: { gte: since } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: UNPRINTED_DOCUMENTS_LIMIT + 1,
    select: { id: true, kind: true, lines: true, requestedByName: true, createdAt: true },
  });
  return {
    documents: rows.slice(0, UNPRINTED_DOCUMENTS_LIMIT).map((r) => ({
      id: r.id,
      kind: r.kind,
      lines: r.lines.split("\n"),
      requested_by: r.requestedByName,
      requested_at: r.createdAt.toISOString(),
    })),
    more: rows.length > UNPRINTED_DOCUMENTS_LIMIT,
  };
}

/**
 * Records that the device printed the document: the first acknowledgement sets printedAt (`first`),
 * any later one changes nothing. A document of another device or restaurant: 404.
 */
export async function markDocumentPrinted(device: PrintDeviceAuth, documentId: number, now = new Date()) {
  const where = { id: documentId, deviceId: device.id, restaurantId: device.restaurantId };
  const { count } = await prisma.printRequest.updateMany({ where: { ...where, printedAt: null }, data: { printedAt: now } });
  const row = await prisma.printRequest.findFirst({ where, select: { printedAt: true } });
  if (!row?.printedAt) throw new DomainError(404, PRINT_DOCUMENT_NOT_FOUND);
  return { document_id: documentId, printed_at: row.printedAt.toISOString(), first: count > 0 };
}
