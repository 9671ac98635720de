// QR codes of the public menu, made with the `qrcode` package as PNG. Nothing is stored:
// a code is a pure function of its address, cheap to make again (a few ms).
import QRCode from "qrcode";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { sortNaturally } from "~/utils/turkish-text";
import { QR_MESSAGES } from "./rules";

/** Pixels of the PNG: twice the 250 px preview (sharp on phone screens); the download is print-sized. */
export const PREVIEW_PX = 500;
export const DOWNLOAD_PX = 1200;

// Level M survives a smudge or a fold (15 % of the code) and still fits 2,000 characters.
const OPTIONS = { errorCorrectionLevel: "M", margin: 2 } as const;

/** qrcode throws when the data does not fit the largest code: the client's error, not ours. */
function tooMuchData(error: unknown): never {
  if (error instanceof Error && /too big|amount of data/i.test(error.message)) throw new DomainError(400, QR_MESSAGES.tooMuchData);
  throw error;
}

/**
 * At least `minWidth` pixels and a whole number of pixels per module, at least 4: a long
 * address makes a dense code (177 modules for 2,000 characters), which blurs when a module
 * is drawn 2.7 pixels wide, and cameras then fail to read it.
 */
function widthFor(text: string, minWidth: number): number {
  let modules: number;
  try {
    modules = QRCode.create(text, OPTIONS).modules.size + 2 * OPTIONS.margin;
  } catch (error) {
    tooMuchData(error);
  }
  return Math.max(Math.ceil(minWidth / modules), 4) * modules;
}

/** A data:image/png;base64 URL of the code (what the API answers and the page shows without a second request). */
export async function qrDataUrl(text: string, minWidth = PREVIEW_PX): Promise<string> {
  return QRCode.toDataURL(text, { ...OPTIONS, width: widthFor(text, minWidth), type: "image/png" }).catch(tooMuchData);
}

export async function qrPng(text: string, minWidth = DOWNLOAD_PX): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, width: widthFor(text, minWidth), type: "png" }).catch(tooMuchData);
}

export interface SheetTable {
  number: number;
  displayName: string | null;
}

/** The restaurant's live tables (archived ones left out, decision 030) for the printable sheet, in natural order of their names (decision 069). */
export async function listSheetTables(restaurantId: number): Promise<SheetTable[]> {
  const tables = await prisma.restaurantTable.findMany({
    where: { restaurantId, archivedAt: null },
    orderBy: { number: "asc" },
    select: { number: true, configuration: { select: { displayName: true } } },
  });
  const sheet = tables.map((t) => ({ number: t.number, displayName: t.configuration?.displayName ?? null }));
  return sortNaturally(sheet, (t) => t.displayName ?? `Masa ${t.number}`);
}
