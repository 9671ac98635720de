// The owner's copy of their restaurant's data (KVKK right of access): a ZIP of CSV files, one per
// kind of record, streamed as it is read. Every query filters by the session's restaurant; rows
// are read in batches by id, so a year of orders never sits in memory at once; staff accounts go
// out without their password hashes, sessions and keys not at all.
import { Zip, ZipDeflate } from "fflate";
import { ACCOUNT_PAYMENT_METHOD_LABELS, MOVEMENT_KIND_LABELS } from "~/modules/accounts/accounts";
import { mealCardsOf, paymentMethodLabel } from "~/modules/payments/meal-cards";
import { ROLE_LABELS } from "~/modules/auth/roles";
import { prisma } from "~/utils/db.server";
import { CSV_BOM, csvLine, type CsvValue } from "~/utils/csv";

const BATCH = 2000;

interface ExportFile {
  name: string;
  header: string[];
  /** One batch of rows with ids above `after`, as CSV values, plus the last id read. */
  read: (restaurantId: number, after: number) => Promise<{ rows: CsvValue[][]; last: number | null }>;
}

/** Reads one batch with `find` (ordered by id) and maps it. */
function batched<T extends { id: number }>(
  find: (restaurantId: number, after: number) => Promise<T[]>,
  map: (row: T) => CsvValue[],
): ExportFile["read"] {
  return async (restaurantId, after) => {
    const rows = await find(restaurantId, after);
    return { rows: rows.map(map), last: rows.length === BATCH ? rows[rows.length - 1]!.id : null };
  };
}

const page = { orderBy: { id: "asc" as const }, take: BATCH };

export const EXPORT_FILES: ExportFile[] = [
  {
    name: "isletme",
    header: [
      "Ad",
      "Tür",
      "Adres",
      "Telefon",
      "E-posta",
      "Saat dilimi",
      "KDV (%)",
      "Servis ücreti (%)",
      "Fiş alt notu",
      "Yemek kartları",
      "Plan",
      "Abonelik durumu",
      "Kayıt",
    ],
    read: async (restaurantId) => {
      const r = await prisma.restaurant.findUniqueOrThrow({ where: { id: restaurantId } });
      const row: CsvValue[] = [
        r.name,
        r.type,
        r.address,
        r.phone,
        r.email,
        r.timezone,
        r.taxRate,
        r.serviceCharge,
        r.receiptFooter,
        mealCardsOf(r.mealCards).join(", "),
        r.subscriptionPlan,
        r.subscriptionStatus,
        r.createdAt,
      ];
      return { rows: [row], last: null };
    },
  },
  {
    name: "menu",
    header: ["No", "Ürün", "Kategori", "Fiyat", "Açıklama", "Satışta", "Sıra", "Oluşturulma", "Güncelleme"],
    read: batched(
      (restaurantId, after) =>
        prisma.menuItem.findMany({
          ...page,
          where: { restaurantId, id: { gt: after } },
          include: { categoryRow: { select: { name: true } } },
        }),
      (m) => [m.id, m.name, m.categoryRow.name, m.price, m.description, m.available, m.sortOrder, m.createdAt, m.updatedAt],
    ),
  },
  {
    name: "bolumler",
    header: ["No", "Bölüm", "Açıklama", "Renk", "Sıra", "Oluşturulma"],
    read: batched(
      (restaurantId, after) => prisma.tableSection.findMany({ ...page, where: { restaurantId, id: { gt: after } } }),
      (s) => [s.id, s.name, s.description, s.color, s.sortOrder, s.createdAt],
    ),
  },
  {
    name: "masalar",
    header: ["No", "Masa numarası", "Görünen ad", "Tanımlayıcı", "Bölüm no", "Kapasite", "Şekil", "Durum", "Garson", "Kişi", "Arşivlendi"],
    read: batched(
      (restaurantId, after) =>
        prisma.restaurantTable.findMany({
          ...page,
          where: { restaurantId, id: { gt: after } },
          include: {
            configuration: { select: { displayName: true, tableIdentifier: true, sectionId: true, capacity: true, shape: true } },
          },
        }),
      (t) => [
        t.id,
        t.number,
        t.configuration?.displayName,
        t.configuration?.tableIdentifier,
        t.configuration?.sectionId,
        t.configuration?.capacity,
        t.configuration?.shape,
        t.status,
        t.waiterName,
        t.customerCount,
        t.archivedAt,
      ],
    ),
  },
  {
    name: "siparisler",
    header: ["No", "Masa", "Garson", "Durum", "Toplam", "Oluşturulma", "Ödenme"],
    read: batched(
      (restaurantId, after) => prisma.order.findMany({ ...page, where: { restaurantId, id: { gt: after } } }),
      (o) => [o.id, o.tableNumber, o.waiterName, o.status, o.totalAmount, o.createdAt, o.paidAt],
    ),
  },
  {
    name: "siparis_kalemleri",
    header: ["No", "Sipariş no", "Ürün", "Adet", "Birim fiyat", "Tutar", "İndirim", "İkram", "Eklenme"],
    read: batched(
      (restaurantId, after) => prisma.orderItem.findMany({ ...page, where: { order: { restaurantId }, id: { gt: after } } }),
      (i) => [i.id, i.orderId, i.menuItemName, i.quantity, i.unitPrice, i.totalPrice, i.discountApplied, i.complimentary, i.createdAt],
    ),
  },
  {
    name: "odemeler",
    header: ["No", "Sipariş no", "Tutar", "Yöntem", "Alan", "İndirim kodu", "İndirim tutarı", "Tarih"],
    read: batched(
      (restaurantId, after) => prisma.payment.findMany({ ...page, where: { restaurantId, id: { gt: after } } }),
      (p) => [
        p.id,
        p.orderId,
        p.amount,
        paymentMethodLabel(p.method, p.mealCard),
        p.takenByName,
        p.discountCode,
        p.discountAmount,
        p.paidAt,
      ],
    ),
  },
  {
    name: "indirimler",
    header: ["No", "Ad", "Kod", "Tür", "Değer", "En az sipariş", "Kullanım sınırı", "Kullanılan", "Başlangıç", "Bitiş", "Aktif"],
    read: batched(
      (restaurantId, after) => prisma.discount.findMany({ ...page, where: { restaurantId, id: { gt: after } } }),
      (d) => [d.id, d.name, d.code, d.type, d.value, d.minOrderAmount, d.usageLimit, d.usedCount, d.startDate, d.endDate, d.isActive],
    ),
  },
  {
    name: "rezervasyonlar",
    header: ["No", "Müşteri", "Telefon", "E-posta", "Masa", "Tarih ve saat", "Kişi", "Not", "Durum", "Oluşturulma"],
    read: batched(
      (restaurantId, after) => prisma.reservation.findMany({ ...page, where: { restaurantId, id: { gt: after } } }),
      (r) => [
        r.id,
        r.customerName,
        r.customerPhone,
        r.customerEmail,
        r.tableNumber,
        r.reservedFor,
        r.guestCount,
        r.notes,
        r.status,
        r.createdAt,
      ],
    ),
  },
  {
    name: "stok",
    header: ["No", "Ürün", "Kategori", "Mevcut", "En az", "En çok", "Birim", "Birim maliyet", "Tedarikçi", "Silindi"],
    read: batched(
      (restaurantId, after) => prisma.stockItem.findMany({ ...page, where: { restaurantId, id: { gt: after } } }),
      (s) => [s.id, s.name, s.category, s.currentStock, s.minStock, s.maxStock, s.unit, s.costPerUnit, s.supplier, s.deletedAt],
    ),
  },
  {
    name: "stok_hareketleri",
    header: ["No", "Stok no", "Değişim", "Sonraki seviye", "Neden", "Not", "Yapan", "Tarih"],
    read: batched(
      (restaurantId, after) => prisma.stockMovement.findMany({ ...page, where: { restaurantId, id: { gt: after } } }),
      (m) => [m.id, m.stockItemId, m.change, m.level, m.reason, m.note, m.userName, m.createdAt],
    ),
  },
  // House accounts (decision 087): the customers' names and phones, and every movement of what they owe.
  {
    name: "cari_hesaplar",
    header: ["No", "Hesap", "Telefon", "Kredi limiti", "Bakiye", "Not", "Açılış", "Kapanış"],
    read: batched(
      (restaurantId, after) => prisma.houseAccount.findMany({ ...page, where: { restaurantId, id: { gt: after } } }),
      (a) => [a.id, a.name, a.phone, a.creditLimit, a.balance, a.note, a.createdAt, a.closedAt],
    ),
  },
  {
    name: "cari_hareketler",
    header: ["No", "Hesap no", "İşlem", "Tutar", "Sonraki bakiye", "Yöntem", "Masa", "Siparişler", "Açıklama", "Yapan", "Tarih"],
    read: batched(
      (restaurantId, after) => prisma.houseAccountMovement.findMany({ ...page, where: { restaurantId, id: { gt: after } } }),
      (m) => [
        m.id,
        m.accountId,
        MOVEMENT_KIND_LABELS[m.kind],
        m.amount,
        m.balanceAfter,
        m.method ? ACCOUNT_PAYMENT_METHOD_LABELS[m.method] : null,
        m.tableNumber,
        m.orderIds,
        m.note,
        m.createdByName,
        m.createdAt,
      ],
    ),
  },
  {
    name: "personel",
    header: ["No", "Ad", "Soyad", "E-posta", "Telefon", "Rol", "İşletme sahibi", "Aktif", "Vardiya", "Maaş", "Son giriş", "Oluşturulma"],
    read: batched(
      (restaurantId, after) =>
        prisma.user.findMany({
          ...page,
          where: { restaurantId, id: { gt: after } },
          // Never the password hash.
          select: {
            id: true,
            firstName: true,
            lastName: true,
            email: true,
            phone: true,
            role: true,
            isOwner: true,
            isActive: true,
            shiftHours: true,
            salary: true,
            lastLoginAt: true,
            createdAt: true,
          },
        }),
      (u) => [
        u.id,
        u.firstName,
        u.lastName,
        u.email,
        u.phone,
        u.isOwner ? "Yönetici" : ROLE_LABELS[u.role],
        u.isOwner,
        u.isActive,
        u.shiftHours,
        u.salary,
        u.lastLoginAt,
        u.createdAt,
      ],
    ),
  },
];

/** The archive's file name: the restaurant's slug and the local date. */
export function exportFileName(slug: string, now: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `sofra-${slug}-${day}.zip`;
}

/**
 * The ZIP as a stream: each CSV is compressed as its batches are read, and the next batch is read
 * only when the client has taken what was made (pull), so memory stays flat however large the
 * restaurant's history is.
 */
export function restaurantExportStream(restaurantId: number, timeZone: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });

  async function* chunks(): AsyncGenerator<Uint8Array> {
    const drain = function* () {
      if (failure) throw failure;
      while (ready.length > 0) yield ready.shift()!;
    };
    for (const file of EXPORT_FILES) {
      const entry = new ZipDeflate(`${file.name}.csv`, { level: 6 });
      zip.add(entry);
      entry.push(encoder.encode(CSV_BOM + csvLine(file.header, timeZone)));
      let after: number | null = 0;
      while (after !== null) {
        const batch: Awaited<ReturnType<ExportFile["read"]>> = await file.read(restaurantId, after);
        if (batch.rows.length > 0) entry.push(encoder.encode(batch.rows.map((r) => csvLine(r, timeZone)).join("")));
        after = batch.last;
        yield* drain();
      }
      entry.push(new Uint8Array(0), true);
      yield* drain();
    }
    zip.end();
    yield* drain();
  }

  const source = chunks();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await source.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}
