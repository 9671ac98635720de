import { describe, expect, it } from "vitest";
import { can, homeOf, mayEnterManagerMode, mayRequest, ruleFor, type AccessSubject } from "./roles";

const subject = (
  role: AccessSubject["user"]["role"],
  over: Partial<AccessSubject> & { isOwner?: boolean; pay?: boolean } = {},
): AccessSubject => ({
  mode: over.mode ?? null,
  user: { role, isOwner: over.isOwner ?? false },
  restaurant: { waitersTakePayments: over.pay ?? true },
});

describe("roles", () => {
  it("the owner is a manager whatever the role column says, but manager pages need manager mode", () => {
    const owner = subject("waiter", { isOwner: true });
    expect(mayEnterManagerMode(owner)).toBe(true);
    expect(can(owner, "manager_mode")).toBe(false);
    expect(can({ ...owner, mode: "manager" }, "manager_mode")).toBe(true);
  });

  it("waiters, cashiers and kitchen never reach manager mode, even in a session marked manager", () => {
    for (const role of ["waiter", "cashier", "kitchen"] as const) {
      expect(mayEnterManagerMode(subject(role))).toBe(false);
      expect(can(subject(role, { mode: "manager" }), "manager_mode")).toBe(false);
    }
  });

  it("the setting takes payments from waiters only", () => {
    expect(can(subject("waiter", { pay: false }), "payments")).toBe(false);
    expect(can(subject("waiter", { pay: false }), "orders")).toBe(true);
    expect(can(subject("cashier", { pay: false }), "payments")).toBe(true);
    expect(can(subject("admin", { pay: false }), "payments")).toBe(true);
  });

  it("the kitchen sees only its list", () => {
    const kitchen = subject("kitchen");
    expect(["floor", "orders", "payments", "kitchen"].map((c) => can(kitchen, c as never))).toEqual([false, false, false, true]);
    expect(homeOf(kitchen)).toBe("/app/kitchen");
    expect(homeOf(subject("waiter"))).toBe("/app/staff");
  });

  it("route patterns, with or without the leading slash; unknown ones need manager mode; GET can differ", () => {
    expect(ruleFor("app/staff", "GET")).toBe("floor");
    expect(ruleFor("/app/staff", "POST")).toBe("floor");
    expect(ruleFor("app/some-new-screen", "GET")).toBe("manager_mode");
    expect(ruleFor("api/menu", "GET")).toBe("orders");
    expect(ruleFor("api/menu", "POST")).toBe("manager_mode");
    expect(mayRequest(subject("waiter"), "api/menu", "GET")).toBe(true);
    expect(mayRequest(subject("waiter"), "api/menu", "POST")).toBe(false);
    expect(mayRequest(subject("kitchen"), "app/role-selection", "GET")).toBe(true);
    // The menu's categories: read by order taking, changed in manager mode only (decision 068).
    expect(mayRequest(subject("waiter"), "api/menu/categories", "GET")).toBe(true);
    expect(mayRequest(subject("waiter"), "api/menu/categories", "POST")).toBe(false);
    expect(ruleFor("api/menu/categories/:id", "PUT")).toBe("manager_mode");
    expect(ruleFor("api/menu/categories/:id", "DELETE")).toBe("manager_mode");
  });
});
