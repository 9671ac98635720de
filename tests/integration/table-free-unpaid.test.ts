// A table with an unpaid bill cannot be set empty (the next guests would inherit
// the bill), neither through the API nor through the manager panel's status menu;
// paying the last order of a table being cleaned or out of order keeps that status.
import { describe, expect, it } from "vitest";
import { expectError } from "../setup/expect";
import { createTenant } from "../setup/factories";
import { EMPTY_TABLE, payOrder, placeOrder, setStatus, tableState } from "../setup/floor";
import { postForm } from "../setup/pages";

// "Masa 4'te", "Masa 7'de": the suffix follows the number as it is read.
const unpaid = (table: string, amount: string) => `Masa ${table} ödenmemiş ${amount} hesap var; önce ödemeyi alın.`;

describe("freeing a table with an unpaid bill", () => {
  it("POST /api/tables/{n}/status empty: 409 naming the open amount; the table and its order stay", async () => {
    const tenant = await createTenant({ manager: true });
    await placeOrder(tenant, 4, [["Adana Kebap", 1]]);
    await placeOrder(tenant, 4, [["Çay", 2]]);
    const before = await tableState(tenant, 4);
    expectError(await setStatus(tenant, 4, { status: "empty" }), 409, unpaid("4'te", "₺420,00"));
    expect(await tableState(tenant, 4)).toEqual(before);
    expect(before.status).toBe("occupied");
  });

  it("the manager panel's status menu (no JavaScript): 409 with the same message", async () => {
    const tenant = await createTenant({ manager: true });
    await placeOrder(tenant, 7, [["Çay", 1]]);
    const res = await postForm(tenant, "/app/admin", { intent: "table-status", table: 7, status: "empty" });
    expect(res.status).toBe(409);
    expect(res.text).toContain(unpaid("7'de", "₺20,00").replace("'", "&#x27;"));
    expect((await tableState(tenant, 7)).status).toBe("occupied");
  });

  it("once paid, the table can be set empty", async () => {
    const tenant = await createTenant({ manager: true });
    const order = await placeOrder(tenant, 3, [["Çay", 1]]);
    expect((await payOrder(tenant, order.id)).status).toBe(200);
    await setStatus(tenant, 3, { status: "occupied", waiter_name: "Ayşe" });
    expect((await setStatus(tenant, 3, { status: "empty" })).status).toBe(200);
    expect(await tableState(tenant, 3)).toEqual(EMPTY_TABLE);
  });

  it.each(["cleaning", "out_of_order"])("paying the last order of a %s table leaves that status", async (status) => {
    const tenant = await createTenant({ manager: true });
    const order = await placeOrder(tenant, 5, [["Çay", 1]]);
    expect((await setStatus(tenant, 5, { status })).status).toBe(200);
    const paid = await payOrder(tenant, order.id);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json.table_freed).toBe(false);
    expect((await tableState(tenant, 5)).status).toBe(status);
  });

  it("paying the last order of an occupied table still frees it", async () => {
    const tenant = await createTenant({ manager: true });
    const order = await placeOrder(tenant, 6, [["Çay", 1]]);
    const paid = await payOrder(tenant, order.id);
    expect(paid.json.table_freed).toBe(true);
    expect(await tableState(tenant, 6)).toEqual(EMPTY_TABLE);
  });
});
