// The delivery job's rules, run here in the test process with a mail server that fails on demand:
// retries send only the e-mails still owed, three failures give a recipient up, the notification
// settles once its last chunk is done, and "failed" means not one e-mail got through.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { deliverChunk, EmailsOwed, giveUpChunk } from "~/modules/notifications/delivery.server";
import { prisma } from "~/utils/db.server";
import { createTenant, type Tenant } from "../setup/factories";

const mail = vi.hoisted(() => ({ failFor: new Set<string>(), sent: [] as string[] }));

vi.mock("~/modules/mail/mailer.server", () => ({
  appUrl: (path: string) => `http://sofra.test${path}`,
  sendMail: async ({ to }: { to: string }) => {
    if (mail.failFor.has(to)) throw new Error("550 mailbox unavailable");
    mail.sent.push(to);
  },
}));

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
}, 60_000);

beforeEach(() => {
  mail.failFor.clear();
  mail.sent.length = 0;
});

/** A recorded notification without jobs (the server's worker must not deliver it: this test does). */
const record = (recipientCount: number, sendEmail = true) =>
  prisma.notification.create({
    data: { title: "Teslimat testi", message: "Mesaj", type: "info", status: "pending", recipientCount, sendEmail },
  });

const rowsOf = (notificationId: number) =>
  prisma.notificationRecipient.findMany({ where: { notificationId }, orderBy: { restaurantId: "asc" } });

describe("deliverChunk", () => {
  it("a failing e-mail is retried alone, given up after three attempts; the one that went through is not resent", async () => {
    mail.failFor.add(a.email);
    const n = await record(2);
    const chunk = { notificationId: n.id, restaurantIds: [a.restaurantId, b.restaurantId] };

    await expect(deliverChunk(chunk)).rejects.toBeInstanceOf(EmailsOwed);
    let rows = await rowsOf(n.id);
    const rowOf = (t: Tenant) => rows.find((r) => r.restaurantId === t.restaurantId)!;
    expect(rowOf(a)).toMatchObject({ emailStatus: "pending", emailAttempts: 1 });
    expect(rowOf(b)).toMatchObject({ emailStatus: "sent", emailAttempts: 1 });
    expect((await prisma.notification.findUniqueOrThrow({ where: { id: n.id } })).status).toBe("pending");

    await expect(deliverChunk(chunk)).rejects.toBeInstanceOf(EmailsOwed);
    await deliverChunk(chunk); // the third attempt gives up without throwing
    rows = await rowsOf(n.id);
    expect(rowOf(a)).toMatchObject({ emailStatus: "failed", emailAttempts: 3 });
    expect(rows).toHaveLength(2);
    expect(mail.sent.filter((to) => to === b.email)).toHaveLength(1);

    // Some e-mails reached their owners: the notification went out.
    const done = await prisma.notification.findUniqueOrThrow({ where: { id: n.id } });
    expect(done.status).toBe("sent");
    expect(done.sentAt).not.toBeNull();
  });

  it("when not one e-mail could be delivered the notification is failed", async () => {
    mail.failFor.add(a.email).add(b.email);
    const n = await record(2);
    const chunk = { notificationId: n.id, restaurantIds: [a.restaurantId, b.restaurantId] };
    for (let i = 0; i < 2; i++) await expect(deliverChunk(chunk)).rejects.toBeInstanceOf(EmailsOwed);
    await deliverChunk(chunk);
    const done = await prisma.notification.findUniqueOrThrow({ where: { id: n.id } });
    expect(done.status).toBe("failed");
    expect(done.sentAt).not.toBeNull();
    // The inbox delivery stands.
    expect(await prisma.notificationRecipient.count({ where: { notificationId: n.id } })).toBe(2);
  });

  it("a job given up by the worker marks its owed e-mails failed and settles the notification", async () => {
    mail.failFor.add(a.email);
    const n = await record(1);
    const chunk = { notificationId: n.id, restaurantIds: [a.restaurantId] };
    await expect(deliverChunk(chunk)).rejects.toBeInstanceOf(EmailsOwed);
    await giveUpChunk(chunk);
    expect((await rowsOf(n.id))[0]!.emailStatus).toBe("failed");
    expect((await prisma.notification.findUniqueOrThrow({ where: { id: n.id } })).status).toBe("failed");
  });

  it("stays pending until its last chunk is delivered", async () => {
    const n = await record(2, false);
    await deliverChunk({ notificationId: n.id, restaurantIds: [a.restaurantId] });
    expect((await prisma.notification.findUniqueOrThrow({ where: { id: n.id } })).status).toBe("pending");
    await deliverChunk({ notificationId: n.id, restaurantIds: [b.restaurantId] });
    expect((await prisma.notification.findUniqueOrThrow({ where: { id: n.id } })).status).toBe("sent");
    expect(mail.sent).toHaveLength(0);
  });

  it("a restaurant deleted since the send leaves the count once, however often the chunk runs", async () => {
    mail.failFor.add(a.email);
    const n = await record(2);
    const chunk = { notificationId: n.id, restaurantIds: [a.restaurantId, 2_000_000_000] };
    await expect(deliverChunk(chunk)).rejects.toBeInstanceOf(EmailsOwed);
    await expect(deliverChunk(chunk)).rejects.toBeInstanceOf(EmailsOwed);
    const after = await prisma.notification.findUniqueOrThrow({ where: { id: n.id } });
    expect(after.recipientCount).toBe(1);
    await deliverChunk(chunk);
    expect((await prisma.notification.findUniqueOrThrow({ where: { id: n.id } })).status).toBe("failed");
  });
});
