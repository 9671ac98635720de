// /app/data-export/download: the restaurant's data as a ZIP of CSV files (KVKK right of access):
// every file there, only this restaurant's rows, no password hashes, manager mode only.
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api, baseUrl } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { payOrder, placeOrder } from "../setup/floor";
import { getPage, sessionCookie } from "../setup/pages";
import { createStaffMember, setMode } from "../setup/staff";

const FILES = [
  "isletme.csv",
  "menu.csv",
  "bolumler.csv",
  "masalar.csv",
  "siparisler.csv",
  "siparis_kalemleri.csv",
  "odemeler.csv",
  "indirimler.csv",
  "rezervasyonlar.csv",
  "stok.csv",
  "stok_hareketleri.csv",
  "personel.csv",
  "cari_hesaplar.csv",
  "cari_hareketler.csv",
];

async function download(tenant: Tenant) {
  const res = await fetch(`${baseUrl()}/app/data-export/download`, {
    headers: { cookie: await sessionCookie(tenant) },
    redirect: "manual",
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Each CSV's rows (BOM checked and dropped), split on the separator (the fixtures have no quoted fields). */
function readZip(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const out: Record<string, string[][]> = {};
  for (const [name, data] of Object.entries(files)) {
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(data);
    expect(text.startsWith("\uFEFF"), `${name} starts with a BOM`).toBe(true);
    out[name] = text
      .slice(1)
      .split("\r\n")
      .filter((l) => l !== "")
      .map((l) => l.split(";"));
  }
  return out;
}

async function stockItem(tenant: Tenant, name: string) {
  const res = await api("/api/stock", { token: tenant.token, body: { name, current_stock: 4, cost_per_unit: "12.5" } });
  expect(res.status).toBe(201);
}

describe("data export", () => {
  it("a ZIP of every kind of record, only this restaurant's rows, staff without passwords", async () => {
    const [a, b] = await Promise.all([createTenant({ manager: true }), createTenant({ manager: true })]);
    const waiter = await createStaffMember(a, { first_name: "Cemre", last_name: "Garson" });
    await createStaffMember(b, { first_name: "Başkası", last_name: "Restoranda" });
    await stockItem(a, "Zeytinyağı");
    await stockItem(b, "Gizli Malzeme");
    const order = await placeOrder(a, 3, [["Çay", 2]]);
    expect((await payOrder(a, order.id, "card")).status).toBe(200);
    await placeOrder(b, 3, [["Kola", 1]]);
    // House accounts (decision 087): one with a movement, and another restaurant's.
    const account = await api("/api/accounts", { token: a.token, body: { name: "Yıldız İnşaat", phone: "0532 000 11 22" } });
    expect(account.status).toBe(201);
    expect(
      (await api(`/api/accounts/${account.json.id}/adjustments`, { token: a.token, body: { amount: 90, note: "Devreden" } })).status,
    ).toBe(201);
    expect((await api("/api/accounts", { token: b.token, body: { name: "Gizli Müşteri" } })).status).toBe(201);

    const { res, bytes } = await download(a);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="sofra-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const zip = readZip(bytes);
    expect(Object.keys(zip).sort()).toEqual([...FILES].sort());

    // Every row is this restaurant's: counts match the database.
    const count = async (file: string, n: Promise<number>) => expect(zip[file]!.length - 1, file).toBe(await n);
    await count("menu.csv", prisma.menuItem.count({ where: { restaurantId: a.restaurantId } }));
    await count("masalar.csv", prisma.restaurantTable.count({ where: { restaurantId: a.restaurantId } }));
    await count("siparisler.csv", prisma.order.count({ where: { restaurantId: a.restaurantId } }));
    await count("siparis_kalemleri.csv", prisma.orderItem.count({ where: { order: { restaurantId: a.restaurantId } } }));
    await count("stok_hareketleri.csv", prisma.stockMovement.count({ where: { restaurantId: a.restaurantId } }));
    await count("personel.csv", prisma.user.count({ where: { restaurantId: a.restaurantId } }));
    await count("cari_hesaplar.csv", Promise.resolve(1));
    await count("cari_hareketler.csv", Promise.resolve(1));
    expect(zip["cari_hareketler.csv"]![1]![2]).toBe("Düzeltme");
    const all = Object.values(zip).flat(2).join("\n");
    expect(all).toContain("Zeytinyağı");
    expect(all).toContain("Cemre");
    expect(all).not.toContain("Gizli Malzeme");
    expect(all).not.toContain("Başkası");
    expect(all).toContain("Yıldız İnşaat");
    expect(all).not.toContain("Gizli Müşteri");
    expect(all).not.toContain("$argon2");

    // The figures as Excel in Turkish reads them.
    expect(zip["stok.csv"]![0]).toContain("Birim maliyet");
    expect(zip["stok.csv"]![1]).toContain("12,50");
    const [payment] = zip["odemeler.csv"]!.slice(1);
    expect(payment![1]).toBe(String(order.id));
    expect(payment![3]).toBe("Kart");
    const staffRow = zip["personel.csv"]!.find((r) => r[1] === "Cemre")!;
    expect(staffRow[3]).toBe(waiter.email);
    expect(staffRow[5]).toBe("Garson");
    expect(zip["isletme.csv"]![1]![0]).toBe(a.restaurantName);
  });

  it("manager mode only: staff mode and a waiter get 403 and no data", async () => {
    const owner = await createTenant({ manager: true });
    const waiter = await createStaffMember(owner);
    await setMode(waiter, "staff");
    expect((await download(waiter)).res.status).toBe(403);
    await setMode(owner, "staff");
    expect((await download(owner)).res.status).toBe(403);
    expect((await getPage(owner, "/app/data-export")).status).toBe(403);
  });

  it("the page explains what is in it and links the download (works without JavaScript)", async () => {
    const owner = await createTenant({ manager: true });
    const page = await getPage(owner, "/app/data-export");
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/app/data-export/download"');
    expect(page.text).toContain("Personel (şifreler hariç)");
  });
});
