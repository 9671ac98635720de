// The payments page (/app/payments, /payments): a table's bill reads that one table for its heading
// (its display name), and a table the restaurant does not have, or an archived one, or another
// restaurant's, shows the table picker with the restaurant's own grid.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createTenant } from "../setup/factories";
import { getPage, joinedText } from "../setup/pages";

const PICKER = "Hangi masanın hesabını alacaksınız?";

describe("the payments page", () => {
  it("a table's bill is headed with its display name; an unknown, archived or foreign table gets the picker", async () => {
    const t = await createTenant({ manager: true });
    const other = await createTenant({ manager: true });
    const three = await prisma.restaurantTable.findUniqueOrThrow({
      where: { restaurantId_number: { restaurantId: t.restaurantId, number: 3 } },
    });
    await prisma.tableConfiguration.upsert({
      where: { tableId: three.id },
      update: { displayName: "Teras" },
      create: { restaurantId: t.restaurantId, tableId: three.id, tableIdentifier: "T3", displayName: "Teras", specialFeatures: [] },
    });
    await prisma.restaurantTable.update({
      where: { restaurantId_number: { restaurantId: t.restaurantId, number: 5 } },
      data: { archivedAt: new Date() },
    });
    await prisma.restaurantTable.create({ data: { restaurantId: other.restaurantId, number: 77 } });

    const bill = joinedText((await getPage(t, "/app/payments?table=3")).text);
    expect(bill).toContain("Teras (Masa 3) · Hesap");
    expect(bill).not.toContain(PICKER);
    expect(joinedText((await getPage(t, "/payments?table=4")).text)).toContain("Masa 4 · Hesap");

    for (const path of ["/app/payments?table=999", "/app/payments?table=5", "/payments?table=77", "/app/payments"]) {
      const page = await getPage(t, path);
      expect(page.status, path).toBe(200);
      const text = joinedText(page.text);
      expect(text, path).toContain(PICKER);
      expect(text, path).toContain('href="/app/payments?table=1"'.replace("/app/payments", new URL(path, "http://x").pathname));
      expect(text, path).not.toContain("· Hesap");
    }
  });
});
