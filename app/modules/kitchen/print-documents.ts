// Documents sent to a print device (decision 089): the adisyon or a payment's receipt, as lines of
// text the server built for 80 mm paper. Shared by the server, the API and the agent (no server code).
import type { PrintDocumentKind } from "~/generated/prisma/enums";

/** Characters per line of a document: what every 80 mm printer prints in its normal font (some 48). */
export const DOCUMENT_COLUMNS = 42;
/**
 * A document asked for longer ago than this is not printed any more: paper for a guest who is gone
 * (an agent that was off all evening) would only confuse. Asked again, it prints.
 */
export const DOCUMENT_WINDOW_MINUTES = 60;
/** print_requests.lines is TEXT (64 KiB): some 400 lines of Turkish text, far more than any bill prints. */
export const MAX_DOCUMENT_BYTES = 60_000;
/** The unprinted list answers at most this many documents at once (the agent asks again). */
export const UNPRINTED_DOCUMENTS_LIMIT = 20;

export const PRINT_DOCUMENT_NOT_FOUND = "Belge bu yazıcıya gönderilmemiş.";
export const DOCUMENT_TOO_LONG = "Belge yazdırılamayacak kadar uzun.";
export const PRINT_DEVICE_CHOOSE = "Yazıcı seçin.";
export const PRINT_FORM_STALE = "Sayfa eskimiş; yenileyip yeniden gönderin.";
export const PRINTED_WHICH = "ticket_id ya da document_id gerekli (yalnızca biri).";
export const DOCUMENT_KIND_LABELS: Record<PrintDocumentKind, string> = { adisyon: "Adisyon", receipt: "Ödeme fişi" };
/** The page's notice after "Yazıcıya gönder". */
export const printSent = (kind: PrintDocumentKind, device: string) => `${DOCUMENT_KIND_LABELS[kind]} yazıcıya gönderildi: ${device}.`;

/** A document as its device's list answers it. */
export interface PrintDocumentDto {
  id: number;
  kind: PrintDocumentKind;
  /** The lines as they print (at most DOCUMENT_COLUMNS characters each). */
  lines: string[];
  requested_by: string;
  requested_at: string;
}

/** What "Yazıcıya gönder" answers: the request (a replay of its key names the first one). */
export interface PrintRequestResult {
  id: number;
  kind: PrintDocumentKind;
  device: { id: number; name: string };
  requested_at: string;
  replayed: boolean;
}
