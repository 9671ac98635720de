// An invoice as a PDF, drawn on the server with pdfkit. pdfkit's own fonts (the PDF standard 14)
// have no ğ, ı or ş, so the text is set in DejaVu Sans, embedded from the dejavu-fonts-ttf npm
// package (free license: Bitstream Vera / public domain changes; decision 041) rather than a
// system font a server may not have. pdfkit (with fontkit) is loaded at the first invoice, not at
// start: most processes never draw one (decision 092).
import { createRequire } from "node:module";
import { formatLongDate } from "~/utils/dates";
import { formatMoney, toMoney } from "~/utils/money";
import { CYCLE_LABELS, formatIban, invoiceStatusLabel, PLAN_LABELS } from "./billing-rules";
import type { BankAccount, getInvoice, SellerDetails } from "./billing.server";
import { taxNumberKind } from "~/utils/tax-number";

const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

type InvoiceWithRestaurant = Awaited<ReturnType<typeof getInvoice>>;

export function invoiceFileName(number: string) {
  return `fatura-${number}.pdf`;
}

/**
 * The buyer as the invoice was issued to (its snapshot columns); an invoice written outside the
 * issue path (no snapshot) falls back to the restaurant as it is now. Phone and e-mail are contact
 * details, not part of the invoice's buyer, and are always the current ones.
 */
function buyerOf(invoice: InvoiceWithRestaurant) {
  if (invoice.buyerName === null) {
    const { name, address, taxOffice, taxNumber } = invoice.restaurant;
    return { name, address, taxOffice, taxNumber };
  }
  return { name: invoice.buyerName, address: invoice.buyerAddress, taxOffice: invoice.buyerTaxOffice, taxNumber: invoice.buyerTaxNumber };
}

/** The invoice's PDF: seller and customer with their tax numbers, the plan line, credit, net + KDV = total, and how to pay. */
export async function renderInvoicePdf(invoice: InvoiceWithRestaurant, bank: BankAccount, seller: SellerDetails): Promise<Buffer> {
  const tz = invoice.restaurant.timezone;
  const date = (d: Date) => formatLongDate(d, tz);
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `Fatura ${invoice.number}`, Author: "Sofra", Subject: "Sofra abonelik faturası" },
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = 50;
  const width = doc.page.width - 100;

  doc.font("bold").fontSize(22).fillColor("#b4381f").text("Sofra", left, 50);
  doc.font("body").fontSize(9).fillColor("#555").text("Restoran yönetim yazılımı · abonelik faturası");
  doc.font("bold").fontSize(16).fillColor("#000").text("FATURA", left, 50, { width, align: "right" });
  doc.font("body").fontSize(10).text(`Fatura no: ${invoice.number}`, { width, align: "right" });
  doc.text(`Tarih: ${date(invoice.createdAt)}`, { width, align: "right" });
  doc.text(`Durum: ${invoiceStatusLabel(invoice.status)}`, { width, align: "right" });

  doc.moveDown(2);
  const top = doc.y;
  doc.font("bold").fontSize(11).text("Satıcı", left, top);
  doc
    .font("body")
    .fontSize(10)
    .text(seller.name, left, doc.y, { width: width / 2 - 10 })
    .text(seller.address, { width: width / 2 - 10 })
    .text(`Vergi dairesi: ${seller.tax_office}`)
    .text(`${taxNumberKind(seller.tax_number)}: ${seller.tax_number}`);
  const sellerBottom = doc.y;
  doc
    .font("bold")
    .fontSize(11)
    .text("Müşteri", left + width / 2, top);
  const buyer = buyerOf(invoice);
  doc
    .font("body")
    .fontSize(10)
    .text(buyer.name, left + width / 2);
  for (const line of [buyer.address, invoice.restaurant.phone, invoice.restaurant.email]) {
    if (line) doc.text(line, left + width / 2);
  }
  // The buyer's tax office and number, as billing settings had them when the invoice was issued (decision 062).
  const { taxOffice, taxNumber } = buyer;
  if (taxOffice && taxNumber) {
    doc.text(`Vergi dairesi: ${taxOffice}`, left + width / 2).text(`${taxNumberKind(taxNumber)}: ${taxNumber}`, left + width / 2);
  } else {
    doc
      .fillColor("#555")
      .text("Vergi bilgisi girilmemiş (Ayarlar > Faturalandırma)", left + width / 2)
      .fillColor("#000");
  }
  doc.y = Math.max(doc.y, sellerBottom);

  doc.moveDown(2);
  const tableTop = Math.max(doc.y, top + 90);
  doc.font("bold").fontSize(10).text("Açıklama", left, tableTop).text("Tutar", left, tableTop, { width, align: "right" });
  doc
    .moveTo(left, tableTop + 16)
    .lineTo(left + width, tableTop + 16)
    .strokeColor("#999")
    .stroke();
  const plan = PLAN_LABELS[invoice.plan] ?? invoice.plan;
  const cycle = CYCLE_LABELS[invoice.billingCycle] ?? invoice.billingCycle;
  let y = tableTop + 24;
  const row = (label: string, amount: string, bold = false) => {
    doc.font(bold ? "bold" : "body").fontSize(10);
    doc.text(label, left, y, { width: width - 120 });
    doc.text(amount, left, y, { width, align: "right" });
    y = doc.y + 6;
  };
  row(
    `Sofra ${plan} planı, ${cycle.toLocaleLowerCase("tr-TR")} abonelik (${date(invoice.periodStart)} – ${date(invoice.periodEnd)})`,
    formatMoney(toMoney(invoice.planPrice)),
  );
  if (toMoney(invoice.creditAmount) > 0) {
    row("Önceki planın kullanılmayan günleri için mahsup", `−${formatMoney(toMoney(invoice.creditAmount))}`);
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor("#999")
    .stroke();
  y += 8;
  // Plan prices include KDV (decision 062): the total splits into net + KDV, as written on the invoice.
  row("Ara toplam (KDV hariç)", formatMoney(toMoney(invoice.netAmount)));
  row(`KDV (%${toMoney(invoice.taxRate)})`, formatMoney(toMoney(invoice.taxAmount)));
  row("Genel toplam (KDV dahil)", formatMoney(toMoney(invoice.totalAmount)), true);

  y += 20;
  doc.font("bold").fontSize(12).text("Ödeme: banka havalesi / EFT", left, y);
  doc.font("body").fontSize(10).moveDown(0.5);
  doc.text(`Son ödeme tarihi: ${date(invoice.dueAt)}`);
  doc.text(`Banka: ${bank.bank_name}`);
  doc.text(`Alıcı: ${bank.account_name}`);
  doc.text(`IBAN: ${formatIban(bank.iban)}`);
  doc.text(`Açıklama (referans): ${invoice.number}`);
  doc.moveDown(0.5);
  doc
    .fontSize(9)
    .fillColor("#555")
    .text(
      "Havale açıklamasına fatura numarasını yazın; ödemeniz bu numarayla eşleştirilir. " +
        "Son ödeme tarihinden sonra aboneliğiniz gecikmeye düşer, 14 gün içinde ödenmezse hesabınız askıya alınır.",
      { width },
    );
  doc.end();
  return finished;
}
