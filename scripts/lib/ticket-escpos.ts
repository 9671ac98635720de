// A kitchen ticket as ESC/POS for an 80 mm receipt printer (the print agent, decision 080): the
// same content as the print view (app/routes/restaurant/kitchen/print.tsx) — station, table and
// label, EK for an addition, time, waiter, each line as quantity × name with İPTAL/İKRAM and its
// note and options — then a cut. Turkish letters go out in code page 857 (never UTF-8 bytes).
// A document sent to the device (the adisyon, a receipt: decision 089) comes laid out by the
// server as lines of 42 columns; it is printed as they are, in the same code page, then cut.
import ReceiptPrinterEncoder, { type ReceiptPrinterEncoderOptions } from "@point-of-sale/receipt-printer-encoder";
import { DOCUMENT_COLUMNS, type PrintDocumentDto } from "~/modules/kitchen/print-documents";
import type { TicketDto } from "~/modules/kitchen/tickets";
import { numberedTableLabel } from "~/modules/tables/labels";
import { formatClock } from "~/utils/dates";

export interface TicketLayoutOptions {
  timeZone: string;
  /** Characters per line in the normal font: 48 on most 80 mm printers (42 on some). */
  columns?: number;
  /** The encoder's printer model (e.g. "epson-tm-t20iii"): its code page table and features. */
  printerModel?: ReceiptPrinterEncoderOptions["printerModel"];
}

/** Where the code page numbers come from when no model is named: Epson's, which most ESC/POS clones follow. */
const DEFAULT_MAPPING = "epson";

function encoderFor(options: Pick<TicketLayoutOptions, "columns" | "printerModel">) {
  return new ReceiptPrinterEncoder({
    language: "esc-pos",
    columns: options.columns ?? 48,
    ...(options.printerModel ? { printerModel: options.printerModel } : { codepageMapping: DEFAULT_MAPPING }),
    feedBeforeCut: 4,
  });
}

export function encodeTicket(ticket: TicketDto, options: TicketLayoutOptions): Uint8Array {
  const encoder = encoderFor(options);
  const table = numberedTableLabel({ number: ticket.table_number, display_name: ticket.table_label });
  let e = encoder
    .initialize()
    .codepage("cp857")
    .align("center")
    .bold(true)
    .line(ticket.station.name.toLocaleUpperCase("tr-TR"))
    .size(2, 2)
    .line(ticket.kind === "addition" ? `${table} · EK` : table)
    .size(1, 1)
    .bold(false)
    .line(`${formatClock(ticket.created_at, options.timeZone)} · ${ticket.waiter_name} · Fiş #${ticket.id}`)
    .align("left")
    .rule();
  for (const item of ticket.items) {
    // A hyphen, not the print view's dash: code page 857 has no dash.
    const mark = item.voided ? " - İPTAL" : item.complimentary ? " - İKRAM" : "";
    // A voided line is printed inverted, as the print view highlights it: the cook cannot miss it.
    e = e.invert(item.voided).bold(true).size(1, 2).line(`${item.quantity} × ${item.name}${mark}`).size(1, 1).bold(false).invert(false);
    if (item.note) e = e.line(`   Not: ${item.note}`);
    for (const option of item.options) e = e.line(`   ${option.group}: ${option.name}`);
  }
  return e.rule().cut().encode();
}

/**
 * A document's lines as the server laid them out (42 columns, its own rules and alignment): each on
 * a line of its own in the normal font, the first (the restaurant's name) in bold, then a cut.
 * The lines are not wrapped again: a printer narrower than 42 columns would wrap them itself.
 */
export function encodeDocument(
  document: Pick<PrintDocumentDto, "lines">,
  options: Pick<TicketLayoutOptions, "columns" | "printerModel"> = {},
): Uint8Array {
  let e = encoderFor({ ...options, columns: Math.max(options.columns ?? 48, DOCUMENT_COLUMNS) })
    .initialize()
    .codepage("cp857")
    .align("left");
  document.lines.forEach((line, index) => {
    e = index === 0 ? e.bold(true).line(line).bold(false) : e.line(line);
  });
  return e.cut().encode();
}
