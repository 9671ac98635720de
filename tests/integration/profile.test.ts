// /app/profile: one's own details, login password and sessions, for every role. Page actions as a
// browser without JavaScript sends them.
import { describe, expect, it } from "vitest";
import { LAST_NAME_MAX } from "~/modules/auth/schemas";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant, enterManagerMode, type Tenant } from "../setup/factories";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createStaffMember } from "../setup/staff";

const PAGE = "/app/profile";
const userRow = (id: number) => prisma.user.findUniqueOrThrow({ where: { id } });
const sessionsOf = (userId: number) => prisma.session.count({ where: { userId } });
const login = (email: string, password: string) => api("/api/public/login", { body: { email, password } });

async function details(tenant: Tenant, changes: Record<string, string | number> = {}) {
  const row = await userRow(tenant.userId);
  return {
    intent: "details",
    version: row.version,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone ?? "",
    ...changes,
  };
}

const password = (current: string, next: string, confirm = next) => ({
  intent: "password",
  current_password: current,
  new_password: next,
  confirm_password: confirm,
});

describe("the profile page", () => {
  it("shows one's own details, role and sessions (this device first)", async () => {
    const manager = await createTenant({ manager: true });
    const waiter = await createStaffMember(manager, { first_name: "Ece", last_name: "Su", role: "waiter" });
    await login(waiter.email, waiter.password);
    const page = await getPage(waiter, PAGE);
    expect(page.status).toBe(200);
    const html = joinedText(page.text);
    expect(html).toContain('value="Ece"');
    expect(html).toContain(`${waiter.email} · Garson`);
    expect(html).toContain("Bu cihaz");
    expect(html).toContain("Diğer cihazlardan çıkış yap (1)");
    expect(page.headers!.get("cache-control")).toContain("no-store");
  });
});

describe("details", () => {
  it("saves name and phone (trimmed); the header and later orders use the new name", async () => {
    const tenant = await createTenant();
    const res = await postForm(tenant, PAGE, await details(tenant, { first_name: "  Selim ", phone: "0532 111 22 33" }));
    expect(res.status).toBe(302);
    expect(res.location).toBe(PAGE);
    const row = await userRow(tenant.userId);
    expect([row.firstName, row.phone, row.version]).toEqual(["Selim", "0532 111 22 33", 2]);
    const me = await api("/api/auth/me", { token: tenant.token });
    expect(me.json.user.first_name).toBe("Selim");
  });

  it("bad input is 400 with the Turkish message and writes nothing", async () => {
    const tenant = await createTenant();
    const cases: [Record<string, string>, string][] = [
      [{ first_name: "" }, "Lütfen zorunlu alanları doldurun"],
      [{ last_name: "x".repeat(LAST_NAME_MAX + 1) }, `Soyad en fazla ${LAST_NAME_MAX} karakter olabilir.`],
      [{ phone: "telefonum" }, "Lütfen geçerli bir telefon numarası girin."],
      [{ version: "abc" }, "Sürüm numarası geçersiz."],
    ];
    for (const [changes, message] of cases) {
      const res = await postForm(tenant, PAGE, await details(tenant, changes));
      expect(res.status, JSON.stringify(changes)).toBe(400);
      expect(joinedText(res.text)).toContain(message);
    }
    expect((await userRow(tenant.userId)).version).toBe(1);
    const odd = await postForm(tenant, PAGE, { intent: "promote", role: "admin" });
    expect(odd.status).toBe(400);
    expect(joinedText(odd.text)).toContain("Geçersiz işlem.");
  });

  it("two saves of the same version at once: one wins, the other is 409; a repeat of the winner is fine", async () => {
    const tenant = await createTenant();
    const base = await details(tenant);
    const results = await Promise.all([
      postForm(tenant, PAGE, { ...base, first_name: "Birinci" }),
      postForm(tenant, PAGE, { ...base, first_name: "İkinci" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([302, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(joinedText(loser.text)).toContain("Profiliniz bu arada başka bir cihazdan değiştirildi");
    const winner = (await userRow(tenant.userId)).firstName;
    expect(["Birinci", "İkinci"]).toContain(winner);
    // The winner's form sent again (its answer was lost): not a conflict.
    expect((await postForm(tenant, PAGE, { ...base, first_name: winner })).status).toBe(302);
    expect((await userRow(tenant.userId)).version).toBe(2);
  });

  it("cannot touch the e-mail, role or another account, whatever the form carries", async () => {
    const manager = await createTenant({ manager: true });
    const other = await createTenant();
    const waiter = await createStaffMember(manager);
    const res = await postForm(waiter, PAGE, {
      ...(await details(waiter, { first_name: "Yeni" })),
      email: "hacker@example.com",
      role: "admin",
      user_id: other.userId,
      id: other.userId,
    });
    expect(res.status).toBe(302);
    const row = await userRow(waiter.userId);
    expect([row.firstName, row.email, row.role]).toEqual(["Yeni", waiter.email, "waiter"]);
    expect((await userRow(other.userId)).version).toBe(1);
  });
});

describe("login password", () => {
  it("a wrong current password is 401, mismatched or short new ones 400; nothing changes", async () => {
    const tenant = await createTenant();
    const before = (await userRow(tenant.userId)).passwordHash;
    const wrong = await postForm(tenant, PAGE, password("yanlis-sifre", "yeni-sifre-1"));
    expect(wrong.status).toBe(401);
    expect(joinedText(wrong.text)).toContain("Mevcut şifre yanlış");
    // The passwords typed never come back to the browser.
    expect(wrong.text).not.toContain("yeni-sifre-1");
    expect(wrong.text).not.toContain("yanlis-sifre");
    const mismatch = await postForm(tenant, PAGE, password(tenant.password, "yeni-sifre-1", "yeni-sifre-2"));
    expect(mismatch.status).toBe(400);
    expect(joinedText(mismatch.text)).toContain("Yeni şifreler eşleşmiyor");
    const short = await postForm(tenant, PAGE, password(tenant.password, "kisa"));
    expect(short.status).toBe(400);
    expect(joinedText(short.text)).toContain("Yeni şifre en az 6 karakter olmalı");
    expect((await userRow(tenant.userId)).passwordHash).toBe(before);
  });

  it("changes it and signs out the other devices; this one stays; the owner's unchanged manager password follows", async () => {
    const tenant = await createTenant();
    const phone = await login(tenant.email, tenant.password);
    expect(await sessionsOf(tenant.userId)).toBe(2);
    const res = await postForm(tenant, PAGE, password(tenant.password, "yepyeni-sifre"));
    expect(res.status).toBe(302);
    expect(await sessionsOf(tenant.userId)).toBe(1);
    expect((await api("/api/auth/me", { token: phone.json.access_token })).status).toBe(401);
    expect((await api("/api/auth/me", { token: tenant.token })).status).toBe(200);
    expect((await login(tenant.email, tenant.password)).status).toBe(401);
    expect((await login(tenant.email, "yepyeni-sifre")).status).toBe(200);
    // The manager password was still the login password: it is the new one now.
    const verify = (p: string) => api("/api/auth/verify-admin-password", { token: tenant.token, body: { password: p } });
    expect((await verify(tenant.password)).status).toBe(401);
    expect((await verify("yepyeni-sifre")).status).toBe(200);
  });

  it("an owner with a separate manager password keeps it, and may not make the login password the same", async () => {
    const tenant = await createTenant({ manager: true });
    const change = await api("/api/auth/change-admin-password", {
      method: "PUT",
      token: tenant.token,
      body: { current_password: tenant.password, new_password: "ayri-yonetici" },
    });
    expect(change.status).toBe(200);
    const same = await postForm(tenant, PAGE, password(tenant.password, "ayri-yonetici"));
    expect(same.status).toBe(400);
    expect(joinedText(same.text)).toContain("Giriş şifreniz yönetici şifresinden farklı olmalı.");
    expect((await postForm(tenant, PAGE, password(tenant.password, "baska-giris"))).status).toBe(302);
    await enterManagerMode({ ...tenant, password: "ayri-yonetici" });
  });

  it("a staff member changes their own password; the restaurant's manager password is untouched", async () => {
    const manager = await createTenant({ manager: true });
    const waiter = await createStaffMember(manager);
    const before = (await prisma.restaurant.findUniqueOrThrow({ where: { id: manager.restaurantId } })).managerPasswordHash;
    expect((await postForm(waiter, PAGE, password(waiter.password, "garson-yeni-1"))).status).toBe(302);
    expect((await login(waiter.email, "garson-yeni-1")).status).toBe(200);
    expect((await prisma.restaurant.findUniqueOrThrow({ where: { id: manager.restaurantId } })).managerPasswordHash).toBe(before);
  });

  it("guessing the current password from one session is refused after ten tries (429), even when they race", async () => {
    const tenant = await createTenant();
    const results = await Promise.all(Array.from({ length: 11 }, () => postForm(tenant, PAGE, password("tahmin-1234", "yeni-sifre-1"))));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(10).fill(401), 429]);
    const right = await postForm(tenant, PAGE, password(tenant.password, "yeni-sifre-1"));
    expect(right.status).toBe(429);
    expect(right.headers!.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("sessions", () => {
  it("'sign out other devices' ends every other session of the account only", async () => {
    const manager = await createTenant({ manager: true });
    const waiter = await createStaffMember(manager);
    await login(manager.email, manager.password);
    await login(manager.email, manager.password);
    expect(await sessionsOf(manager.userId)).toBe(3);
    const res = await postForm(manager, PAGE, { intent: "sign-out-others" });
    expect(res.status).toBe(302);
    expect(await sessionsOf(manager.userId)).toBe(1);
    expect((await api("/api/auth/me", { token: manager.token })).status).toBe(200);
    expect((await api("/api/auth/me", { token: waiter.token })).status).toBe(200);
    const page = joinedText((await getPage(manager, PAGE)).text);
    expect(page).toContain("Başka cihazda açık oturumunuz yok.");
  });
});
