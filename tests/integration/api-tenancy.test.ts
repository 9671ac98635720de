// Two restaurants side by side: each token sees and changes only its own.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { DAY_MS, expectError, MESSAGES } from "../setup/expect";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const trialEnd = async (restaurantId: number) => (await prisma.restaurant.findUniqueOrThrow({ where: { id: restaurantId } })).trialEndsAt!;

describe("tenant isolation of the auth and trial API", () => {
  it("B's token sees only B's user and restaurant in /api/auth/me and /api/trial/status", async () => {
    const { a, b } = await createTenantPair({ manager: false });
    // Make A's trial visibly different: expired.
    await prisma.restaurant.update({ where: { id: a.restaurantId }, data: { trialEndsAt: new Date(Date.now() - 60_000) } });

    const meB = await api("/api/auth/me", { token: b.token });
    expect(meB.status).toBe(200);
    expect(meB.json.user).toMatchObject({ id: b.userId, email: b.email });
    expect(meB.json.restaurant).toMatchObject({ id: b.restaurantId, name: b.restaurantName });
    expect(meB.text).not.toContain(a.email);
    expect(meB.text).not.toContain(a.restaurantName);

    const statusB = await api("/api/trial/status", { token: b.token });
    expect(statusB.json).toMatchObject({
      is_expired: false,
      trial_days_remaining: 14,
      trial_end_date: (await trialEnd(b.restaurantId)).toISOString(),
    });
    const statusA = await api("/api/trial/status", { token: a.token });
    expect(statusA.json).toMatchObject({ is_expired: true, trial_days_remaining: 0 });
    expect((await api("/api/trial/check-feature/order_taking", { token: b.token })).json.can_access).toBe(true);
    expect((await api("/api/trial/check-feature/order_taking", { token: a.token })).json.can_access).toBe(false);
  });

  it("B extending its trial does not move A's", async () => {
    const { a, b } = await createTenantPair();
    const [aBefore, bBefore] = [await trialEnd(a.restaurantId), await trialEnd(b.restaurantId)];
    const res = await api("/api/trial/extend", { method: "POST", token: b.token, body: { days: 2 } });
    expect(res.status, res.text).toBe(200);
    expect((await trialEnd(b.restaurantId)).getTime() - bBefore.getTime()).toBe(2 * DAY_MS);
    expect(await trialEnd(a.restaurantId)).toEqual(aBefore);
  });

  it("B upgrading does not change A's plan or invoices", async () => {
    const { a, b } = await createTenantPair();
    expect((await api("/api/trial/upgrade", { token: b.token, body: { plan: "pro" } })).status).toBe(200);
    const rowA = await prisma.restaurant.findUniqueOrThrow({ where: { id: a.restaurantId } });
    expect(rowA.subscriptionPlan).toBe("free_trial");
    expect(await prisma.invoice.count({ where: { restaurantId: a.restaurantId } })).toBe(0);
    expect(await prisma.invoice.count({ where: { restaurantId: b.restaurantId } })).toBe(1);
    // A can still upgrade on its own (to Pro: its 20 starter tables are over Basic's 10).
    expect((await api("/api/trial/upgrade", { token: a.token, body: { plan: "pro" } })).status).toBe(200);
  });

  it("A's manager password does not put B's session in manager mode, and B's change does not touch A's", async () => {
    const { a, b } = await createTenantPair({ manager: false });
    // Give A a manager password of its own (both start with the factory's login password).
    expect((await api("/api/auth/verify-admin-password", { token: a.token, body: { password: a.password } })).status).toBe(200);
    const changed = await api("/api/auth/change-admin-password", {
      method: "PUT",
      token: a.token,
      body: { current_password: a.password, new_password: "yalnizca-a" },
    });
    expect(changed.status, changed.text).toBe(200);

    expectError(
      await api("/api/auth/verify-admin-password", { token: b.token, body: { password: "yalnizca-a" } }),
      401,
      MESSAGES.wrongManagerPassword,
    );
    expect((await api("/api/auth/me", { token: b.token })).json.mode).toBeNull();
    expectError(await api("/api/trial/extend", { method: "POST", token: b.token }), 403, MESSAGES.managerOnly);

    // B enters with its own password and changes it; A's stays "yalnizca-a".
    expect((await api("/api/auth/verify-admin-password", { token: b.token, body: { password: b.password } })).status).toBe(200);
    expect(
      (
        await api("/api/auth/change-admin-password", {
          method: "PUT",
          token: b.token,
          body: { current_password: b.password, new_password: "yalnizca-b" },
        })
      ).status,
    ).toBe(200);
    const aAgain = await api("/api/public/login", { body: { email: a.email, password: a.password } });
    const verifyA = await api("/api/auth/verify-admin-password", { token: aAgain.json.access_token, body: { password: "yalnizca-a" } });
    expect(verifyA.status, verifyA.text).toBe(200);
  });

  it("B logging out does not end A's session", async () => {
    const { a, b } = await createTenantPair({ manager: false });
    expect((await api("/api/auth/logout", { method: "POST", token: b.token })).status).toBe(200);
    expectError(await api("/api/auth/me", { token: b.token }), 401, MESSAGES.sessionExpired);
    expect((await api("/api/auth/me", { token: a.token })).status).toBe(200);
  });
});

describe("tenant isolation of the notifications inbox", () => {
  it("A's notification is a 404 to B, whose inbox never lists it", async () => {
    const { a, b } = await createTenantPair({ manager: false });
    // Written as the delivery job writes it: a notification and A's inbox row.
    const n = await prisma.notification.create({
      data: {
        title: "Yalnızca A için",
        message: "Mesaj",
        status: "sent",
        recipientCount: 1,
        recipients: { create: { restaurantId: a.restaurantId } },
      },
    });
    await expectIdsRefusedToOtherTenant(
      { owner: a, other: b },
      [n.id],
      [{ name: "POST /api/notifications/{id}/read", send: (id, token) => api(`/api/notifications/${id}/read`, { method: "POST", token }) }],
    );
    const inboxB = await api("/api/notifications", { token: b.token });
    expect(inboxB.json).toEqual({ notifications: [], unread_count: 0 });
    expect((await api("/api/notifications", { token: a.token })).json.notifications).toHaveLength(1);
  });
});
