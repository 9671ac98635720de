// Platform notifications of the promotion type reach the restaurant's managers, not the waiters
// (issue 20, decision 065).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createPlatformAdmin, type PlatformAdminAccount } from "../setup/admin";
import { api } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { getPage, joinedText } from "../setup/pages";
import { createStaffMember } from "../setup/staff";

let admin: PlatformAdminAccount;

beforeAll(async () => {
  admin = await createPlatformAdmin();
}, 60_000);

const inbox = async (t: Tenant) => {
  const res = await api("/api/notifications", { token: t.token });
  expect(res.status, res.text).toBe(200);
  return res.json as { notifications: { id: number; title: string; message: string; type: string }[]; unread_count: number };
};

// --- Promotions reach the managers --------------------------------------------------------------

async function sendAndSettle(restaurantId: number, type: string) {
  const title = `Duyuru ${type} ${randomUUID().slice(0, 8)}`;
  const res = await api("/api/admin/send-notification", {
    token: admin.token,
    body: { title, message: "Kış kampanyası: yıllık planda %20 indirim.", type, recipients: [restaurantId] },
  });
  expect(res.status, res.text).toBe(201);
  await expect
    .poll(async () => (await prisma.notification.findUniqueOrThrow({ where: { id: res.json.notification.id } })).status)
    .toBe("sent");
  return { id: res.json.notification.id as number, title };
}

describe("platform notifications of the promotion type", () => {
  it("reach the owner's inbox, not a waiter's (list, unread count, read, page); other types reach everyone", async () => {
    const t = await createTenant({ manager: true });
    const waiter = await createStaffMember(t, { first_name: "Garson" });
    const promo = await sendAndSettle(t.restaurantId, "promotion");
    const news = await sendAndSettle(t.restaurantId, "update");

    const ownerTitles = (await inbox(t)).notifications.map((n) => n.title);
    expect(ownerTitles).toEqual(expect.arrayContaining([promo.title, news.title]));
    const waiterInbox = await inbox(waiter);
    expect(waiterInbox.notifications.map((n) => n.title)).toEqual([news.title]);
    expect(waiterInbox.unread_count).toBe(1);
    expect((await inbox(t)).unread_count).toBe(2);

    const read = await api(`/api/notifications/${promo.id}/read`, { method: "POST", token: waiter.token });
    expect(read.status).toBe(404);
    const page = joinedText((await getPage(waiter, "/app/notifications")).text);
    expect(page).toContain(news.title);
    expect(page).not.toContain(promo.title);
    expect(joinedText((await getPage(t, "/app/notifications")).text)).toContain(promo.title);
  });
});
