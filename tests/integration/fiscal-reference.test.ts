// A bill's fiscal document (issue 22): an ÖKC receipt's fiş and Z numbers or an e-Arşiv invoice's
// ETTN, typed on the payment's receipt or sent by an integration; checked, tenant-scoped, idempotent.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant } from "../setup/factories";
import { menuOf, payOrder, postOrder } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";

const fiscal = (token: string, id: number, body: unknown) => api(`/api/orders/${id}/fiscal`, { method: "PUT", token, body });
const ETTN = "3F2B1C4D-1A2B-4C3D-9E8F-0123456789AB";

async function paidOrder() {
  const owner = await createTenant();
  const menu = await menuOf(owner);
  const sent = await postOrder(owner, { table_number: 2, items: [{ menu_item_id: menu["Çay"]!.id, quantity: 2 }] });
  expect(sent.status, sent.text).toBe(201);
  expect((await payOrder(owner, sent.json.id)).status).toBe(200);
  return { owner, id: sent.json.id as number, menu };
}

describe("PUT /api/orders/{id}/fiscal", () => {
  it("records an ÖKC receipt or an e-Arşiv ETTN on the payment; the receipt shows it; again changes nothing", async () => {
    const { owner, id } = await paidOrder();
    const okc = await fiscal(owner.token, id, { kind: "okc", number: "1234", z_number: "56" });
    expect(okc.status, okc.text).toBe(200);
    expect(okc.json).toEqual({ order_id: id, fiscal: { kind: "okc", number: "1234", z_number: "56" } });
    expect((await fiscal(owner.token, id, { kind: "okc", number: "1234", z_number: "56" })).status).toBe(200);
    const receipt = joinedText((await getPage(owner, `/app/payments?success=payment&orders=${id}`)).text);
    expect(receipt).toContain("Mali belge: ÖKC fiş 1234 · Z 56");

    // A correction: the e-Arşiv invoice's ETTN instead (kept lower-case).
    expect((await fiscal(owner.token, id, { kind: "e_arsiv", number: ETTN })).status).toBe(200);
    const row = await prisma.payment.findFirstOrThrow({ where: { orderId: id } });
    expect([row.fiscalKind, row.fiscalNumber, row.fiscalZ]).toEqual(["e_arsiv", ETTN.toLowerCase(), null]);
  });

  it("refuses malformed documents in Turkish; an unpaid or another restaurant's order is 404", async () => {
    const { owner, id, menu } = await paidOrder();
    const other = await createTenant();
    expectError(
      await fiscal(owner.token, id, { kind: "okc", number: "12a", z_number: "5" }),
      400,
      "Fiş numarası 1-10 haneli bir sayı olmalıdır.",
    );
    expectError(await fiscal(owner.token, id, { kind: "okc", number: "12" }), 400, "ÖKC fişi için Z numarası (1-10 haneli) zorunludur.");
    expectError(
      await fiscal(owner.token, id, { kind: "e_arsiv", number: "abc" }),
      400,
      "ETTN 8-4-4-4-12 biçiminde olmalıdır (ör. 3f2b1c4d-…).",
    );
    expectError(
      await fiscal(owner.token, id, { kind: "z", number: "1" }),
      400,
      "Belge türü ÖKC fişi (okc) ya da e-Arşiv fatura (e_arsiv) olmalıdır.",
    );
    expectError(await fiscal(other.token, id, { kind: "okc", number: "1", z_number: "1" }), 404, "Ödeme bulunamadı.");
    const open = await postOrder(owner, { table_number: 3, items: [{ menu_item_id: menu["Çay"]!.id, quantity: 1 }] });
    expectError(await fiscal(owner.token, open.json.id, { kind: "okc", number: "1", z_number: "1" }), 404, "Ödeme bulunamadı.");
    expect((await prisma.payment.findFirstOrThrow({ where: { orderId: id } })).fiscalKind).toBeNull();
  });
});

describe("the receipt's form without JavaScript", () => {
  it("records the document for the receipt's orders; another restaurant's orders are 404", async () => {
    const { owner, id } = await paidOrder();
    const other = await createTenant();
    const page = joinedText((await getPage(owner, `/app/payments?success=payment&orders=${id}`)).text);
    expect(page).toContain("Mali belge numarası gir");
    const bad = await postForm(owner, "/app/payments", { intent: "fiscal", table: "2", orders: String(id), kind: "okc", number: "77" });
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain("ÖKC fişi için Z numarası (1-10 haneli) zorunludur.");
    const ok = await postForm(owner, "/app/payments", {
      intent: "fiscal",
      table: "2",
      orders: String(id),
      kind: "okc",
      number: "77",
      z_number: "8",
    });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe(`/app/payments?success=payment&orders=${id}`);
    expect((await prisma.payment.findFirstOrThrow({ where: { orderId: id } })).fiscalNumber).toBe("77");
    const theirs = await postForm(other, "/app/payments", {
      intent: "fiscal",
      table: "2",
      orders: String(id),
      kind: "okc",
      number: "1",
      z_number: "1",
    });
    expect(theirs.status).toBe(404);
  });
});
