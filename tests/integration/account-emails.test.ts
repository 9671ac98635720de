// Issue 11's account e-mails: password reset by e-mail (same answer for every address, single-use
// 30-minute links stored hashed, every session ended, throttled), owner e-mail verification with
// its banner, and the daily report mailed once a day by one process (decisions 054, 055).
import { describe, expect, it } from "vitest";
import { queueDailyReports } from "~/modules/account/daily-report-mail.server";
import { dailyReportKey } from "~/modules/account/daily-report-text";
import {
  ALREADY_VERIFIED,
  RESET_DONE,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
  RESET_REQUESTED,
  VERIFIED,
  VERIFY_LINK_INVALID,
} from "~/modules/account/messages";
import { RESET_PER_ADDRESS, RESET_PER_IP } from "~/modules/account/password-reset.server";
import { issueToken, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from "~/modules/account/tokens.server";
import { hashToken } from "~/modules/auth/sessions.server";
import { localDay } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { api, baseUrl, randomIp, uniqueEmail } from "../setup/api";
import { expectError, sessionRow } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { menuOf, payOrder, placeOrder } from "../setup/floor";
import { allMail, waitForMail } from "../setup/integration-mail";
import { getPage, joinedText, postForm, sessionCookie } from "../setup/pages";
import { createStaffMember } from "../setup/staff";

const forgot = (email: string, ip = randomIp()) => api("/api/auth/forgot-password", { body: { email }, ip });
const reset = (token: string, password: string) => api("/api/auth/reset-password", { body: { token, password } });

/** A page as a browser without a session (and without JavaScript) asks for it. */
async function anonymous(path: string, fields?: Record<string, string>, cookie?: string) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: fields ? "POST" : "GET",
    body: fields ? new URLSearchParams(fields) : undefined,
    headers: {
      ...(fields ? { "content-type": "application/x-www-form-urlencoded", origin: baseUrl() } : {}),
      ...(cookie ? { cookie } : {}),
      "x-forwarded-for": randomIp(),
    },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), headers: res.headers, text: joinedText(await res.text()) };
}

/** The name=value part of each Set-Cookie, ready to send back. */
const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https?://[^\\s]+${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
};

async function resetMailFor(email: string) {
  const mail = await waitForMail((m) => m.to.includes(email) && m.subject.includes("şifre sıfırlama"));
  return linkIn(mail.text, "/reset-password");
}

const issueReset = (tenant: Tenant) => issueToken(prisma, tenant.userId, "password_reset", RESET_TOKEN_TTL_MS);

describe("forgot password", () => {
  it("answers the same for an address with an account and one without, and mails only the first", async () => {
    const tenant = await createTenant();
    const known = await forgot(tenant.email);
    const nobody = uniqueEmail("nobody");
    const unknown = await forgot(nobody);
    expect(known.status).toBe(202);
    expect({ status: unknown.status, json: unknown.json }).toEqual({ status: known.status, json: known.json });
    expect(known.json).toEqual({ message: RESET_REQUESTED });
    const token = await resetMailFor(tenant.email);
    // Only the hash is stored, valid 30 minutes.
    const row = await prisma.authToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(row.userId).toBe(tenant.userId);
    expect(row.purpose).toBe("password_reset");
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 30 * 60 * 1000)).toBeLessThan(1000);
    expect(await prisma.authToken.count({ where: { tokenHash: token } })).toBe(0);
    // Both requests queued the same job; the one for the unknown address sent nothing.
    expect(await prisma.job.count({ where: { kind: "password-reset-mail", payload: { contains: nobody } } })).toBe(1);
    await expect.poll(() => prisma.job.count({ where: { payload: { contains: nobody }, status: "pending" } })).toBe(0);
    expect(allMail().some((m) => m.to.includes(nobody))).toBe(false);
  });

  it("the page answers both the same way: a redirect with the one message", async () => {
    const tenant = await createTenant();
    const known = await anonymous("/forgot-password", { email: tenant.email });
    const unknown = await anonymous("/forgot-password", { email: uniqueEmail("nobody") });
    expect([known.status, known.location]).toEqual([302, "/forgot-password"]);
    expect([unknown.status, unknown.location]).toEqual([302, "/forgot-password"]);
    const page = await anonymous("/forgot-password", undefined, cookiesOf(known.headers));
    expect(page.text).toContain(RESET_REQUESTED);
  });

  it("refuses bad input with a Turkish message", async () => {
    expectError(await forgot("adres-degil"), 400, "Lütfen geçerli bir e-posta adresi girin (örnek: ad@ornek.com).");
    expectError(await api("/api/auth/forgot-password", { body: {} }), 400, "E-posta zorunludur.");
    const page = await anonymous("/forgot-password", { email: "" });
    expect(page.status).toBe(400);
    expect(page.text).toContain("E-posta zorunludur.");
  });

  it("is throttled per address and per client address (429)", async () => {
    const email = uniqueEmail("flood");
    for (let i = 0; i < RESET_PER_ADDRESS; i++) expect((await forgot(email)).status).toBe(202);
    const refused = await forgot(email);
    expectError(refused, 429, /^Çok fazla şifre sıfırlama isteği gönderildi\. Lütfen \d+ dakika sonra tekrar deneyin\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const ip = randomIp();
    for (let i = 0; i < RESET_PER_IP; i++) expect((await forgot(uniqueEmail("ip"), ip)).status).toBe(202);
    expect((await forgot(uniqueEmail("ip"), ip)).status).toBe(429);
    // Another client address is not held back by that one.
    expect((await forgot(uniqueEmail("ip"))).status).toBe(202);
  });
});

describe("reset password", () => {
  it("end to end: the mailed link sets the password once and ends every session", async () => {
    const tenant = await createTenant();
    const otherDevice = (await api("/api/public/login", { body: { email: tenant.email, password: tenant.password } })).json.access_token;
    expect((await forgot(tenant.email)).status).toBe(202);
    const token = await resetMailFor(tenant.email);

    const done = await reset(token, "yepyeni-sifre-9");
    expect(done.status, done.text).toBe(200);
    expect(done.json).toEqual({ message: RESET_DONE });
    // Every session of the account is gone.
    expect(await sessionRow(tenant.token)).toBeNull();
    expect(await sessionRow(otherDevice)).toBeNull();
    expect((await api("/api/auth/me", { token: tenant.token })).status).toBe(401);
    // The link works once.
    expectError(await reset(token, "baska-sifre-10"), 409, RESET_LINK_USED);
    // The old password no longer opens the account, the new one does.
    expect((await api("/api/public/login", { body: { email: tenant.email, password: tenant.password } })).status).toBe(401);
    expect((await api("/api/public/login", { body: { email: tenant.email, password: "yepyeni-sifre-9" } })).status).toBe(200);
    // Stored as argon2id; the reset also proved the address.
    const user = await prisma.user.findUniqueOrThrow({ where: { id: tenant.userId } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.emailVerifiedAt).not.toBeNull();
  });

  it("a reset retires the account's other reset links", async () => {
    const tenant = await createTenant();
    const first = await issueReset(tenant);
    const second = await issueReset(tenant);
    expect((await reset(second, "yepyeni-sifre-9")).status).toBe(200);
    expectError(await reset(first, "baska-sifre-10"), 409, RESET_LINK_USED);
  });

  it("a link older than 30 minutes is refused with its own message (410), the page too", async () => {
    const tenant = await createTenant();
    const token = await issueReset(tenant);
    await prisma.authToken.update({ where: { tokenHash: hashToken(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectError(await reset(token, "yepyeni-sifre-9"), 410, RESET_LINK_EXPIRED);
    const page = await anonymous(`/reset-password?token=${token}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain(RESET_LINK_EXPIRED);
    expect(page.text).toContain('href="/forgot-password"');
    // Nothing changed: the old password still works.
    expect((await api("/api/public/login", { body: { email: tenant.email, password: tenant.password } })).status).toBe(200);
  });

  it("an unknown or malformed link is a 400, never a 500", async () => {
    expectError(await reset("x".repeat(43), "yepyeni-sifre-9"), 400, RESET_LINK_INVALID);
    expectError(await reset("kısa", "yepyeni-sifre-9"), 400, RESET_LINK_INVALID);
    expectError(await api("/api/auth/reset-password", { body: { password: "yepyeni-sifre-9" } }), 400, RESET_LINK_INVALID);
    expect((await anonymous("/reset-password?token=%00%ff")).status).toBe(400);
    expect((await anonymous("/reset-password")).status).toBe(400);
  });

  it("the new password follows the password rules", async () => {
    const tenant = await createTenant();
    const token = await issueReset(tenant);
    expectError(await reset(token, "123"), 400, "Yeni şifre en az 6 karakter olmalıdır.");
    // A refused password does not spend the link.
    expect((await reset(token, "yepyeni-sifre-9")).status).toBe(200);
  });

  it("two concurrent uses of one link: one succeeds, the other is 409", async () => {
    const tenant = await createTenant();
    const token = await issueReset(tenant);
    const answers = await Promise.all([reset(token, "birinci-sifre-1"), reset(token, "ikinci-sifre-2")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it("the page without JavaScript: form, mismatch refused, success to /login with the message, the browser's session ended", async () => {
    const tenant = await createTenant();
    const token = await issueReset(tenant);
    const form = await anonymous(`/reset-password?token=${token}`);
    expect(form.status).toBe(200);
    expect(form.text).toContain(`name="token" value="${token}"`);
    // The page holds a live credential: no cache keeps it.
    expect(form.headers.get("cache-control")).toContain("no-store");
    const path = `/reset-password?token=${token}`;
    const mismatch = await postForm(tenant, path, { token, password: "yepyeni-sifre-9", confirm_password: "baska" });
    expect(mismatch.status).toBe(400);
    expect(joinedText(mismatch.text)).toContain("Şifreler eşleşmiyor.");
    expect(mismatch.text).not.toContain("yepyeni-sifre-9");
    const done = await postForm(tenant, path, { token, password: "yepyeni-sifre-9", confirm_password: "yepyeni-sifre-9" });
    expect([done.status, done.location]).toEqual([302, "/login"]);
    expect(done.headers!.getSetCookie().some((c) => c.startsWith("__sofra_session=;"))).toBe(true);
    const login = await anonymous("/login", undefined, cookiesOf(done.headers!));
    expect(login.text).toContain(RESET_DONE);
    expect((await getPage(tenant, "/app/welcome")).status).toBe(302);
    // Used now: the page says so.
    const again = await anonymous(path);
    expect(again.status).toBe(409);
    expect(again.text).toContain(RESET_LINK_USED);
  });

  it("works for a staff account too", async () => {
    const owner = await createTenant({ manager: true });
    const waiter = await createStaffMember(owner, { role: "waiter" });
    expect((await forgot(waiter.email)).status).toBe(202);
    const token = await resetMailFor(waiter.email);
    expect((await reset(token, "garson-yeni-sifre")).status).toBe(200);
    expect(await sessionRow(waiter.token)).toBeNull();
    // The owner's sessions are the owner's: untouched.
    expect(await sessionRow(owner.token)).not.toBeNull();
    expect((await api("/api/public/login", { body: { email: waiter.email, password: "garson-yeni-sifre" } })).status).toBe(200);
  });

  it("the login pages link to it", async () => {
    expect((await anonymous("/login")).text).toContain('href="/forgot-password"');
    expect((await anonymous("/app")).text).toContain('href="/forgot-password"');
  });
});

describe("e-mail verification", () => {
  it("signup mails a link; the owner sees the banner until it is opened; a second opening says so", async () => {
    const tenant = await createTenant();
    const mail = await waitForMail((m) => m.to.includes(tenant.email) && m.subject.includes("doğrulayın"));
    const token = linkIn(mail.text, "/verify-email");
    expect(await prisma.authToken.count({ where: { tokenHash: hashToken(token), purpose: "email_verify" } })).toBe(1);

    expect((await getPage(tenant, "/app/welcome")).text).toContain("E-posta adresinizi doğrulayın");
    const opened = await anonymous(`/verify-email?token=${token}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toContain("no-store");
    expect(opened.text).toContain(VERIFIED);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: tenant.userId } })).emailVerifiedAt).not.toBeNull();
    expect((await getPage(tenant, "/app/welcome")).text).not.toContain("E-posta adresinizi doğrulayın");
    const again = await anonymous(`/verify-email?token=${token}`);
    expect(again.status).toBe(200);
    expect(again.text).toContain(ALREADY_VERIFIED);
  });

  it("a bad link is a 400 with a message; an expired one a 410", async () => {
    const bad = await anonymous("/verify-email?token=yok");
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(VERIFY_LINK_INVALID);
    const tenant = await createTenant();
    const token = await issueToken(prisma, tenant.userId, "email_verify", VERIFY_TOKEN_TTL_MS);
    await prisma.authToken.update({ where: { tokenHash: hashToken(token) }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await anonymous(`/verify-email?token=${token}`)).status).toBe(410);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: tenant.userId } })).emailVerifiedAt).toBeNull();
    // A reset link is no verification link.
    const resetToken = await issueReset(tenant);
    expect((await anonymous(`/verify-email?token=${resetToken}`)).status).toBe(400);
  });

  it("the banner is the owner's only, and 'send again' is throttled", async () => {
    const owner = await createTenant({ manager: true });
    const waiter = await createStaffMember(owner, { role: "waiter" });
    expect((await getPage(waiter, "/app/staff")).text).not.toContain("E-posta adresinizi doğrulayın");
    expect((await postForm(waiter, "/app/email-verification", { return_to: "/app/staff" })).status).toBe(403);

    for (let i = 0; i < 3; i++) {
      const sent = await postForm(owner, "/app/email-verification", { return_to: "/app/welcome" });
      expect([sent.status, sent.location]).toEqual([302, "/app/welcome"]);
      const page = await getPage(owner, "/app/welcome", cookiesOf(sent.headers!));
      expect(page.text).toContain("Doğrulama e-postası gönderildi.");
    }
    const refused = await postForm(owner, "/app/email-verification", { return_to: "/app/welcome" });
    const page = await getPage(owner, "/app/welcome", cookiesOf(refused.headers!));
    expect(joinedText(page.text)).toMatch(/Çok fazla doğrulama e-postası istendi\. Lütfen \d+ dakika sonra tekrar deneyin\./);
    // With JavaScript (a fetcher's data request) the refusal is a 429.
    const res = await fetch(`${baseUrl()}/app/email-verification.data`, {
      method: "POST",
      body: new URLSearchParams({ return_to: "/app/welcome" }),
      headers: {
        cookie: await sessionCookie(owner),
        origin: baseUrl(),
        "content-type": "application/x-www-form-urlencoded",
      },
      redirect: "manual",
    });
    expect(res.status).toBe(429);
  });
});

describe("the daily report e-mail", () => {
  async function reportingTenant() {
    const tenant = await createTenant({ manager: true });
    await prisma.user.update({ where: { id: tenant.userId }, data: { emailVerifiedAt: new Date() } });
    await prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { dailyReportEmail: true } });
    return tenant;
  }

  /** Ten minutes after the restaurant's local midnight that ends today. */
  const afterToday = () => new Date(localDay(new Date(), "Europe/Istanbul").end.getTime() + 10 * 60 * 1000);

  it("two processes running the task at once queue one job; the mail carries the day's figures", async () => {
    const tenant = await reportingTenant();
    const menu = await menuOf(tenant);
    const [name1, name2] = Object.keys(menu);
    const first = await placeOrder(tenant, 1, [[name1!, 2]], menu);
    const second = await placeOrder(tenant, 2, [[name2!, 1]], menu);
    expect((await payOrder(tenant, first.id, "cash")).status).toBe(200);
    expect((await payOrder(tenant, second.id, "card")).status).toBe(200);
    const cash = menu[name1!]!.price * 2;
    const card = menu[name2!]!.price;

    const now = afterToday();
    const runs = await Promise.all([queueDailyReports(now), queueDailyReports(now)]);
    expect(runs.flat().filter((id) => id === tenant.restaurantId)).toHaveLength(1);
    // A later run that day finds it done.
    expect(await queueDailyReports(now)).not.toContain(tenant.restaurantId);
    const date = localDay(new Date(), "Europe/Istanbul").date;
    expect((await prisma.restaurant.findUniqueOrThrow({ where: { id: tenant.restaurantId } })).dailyReportQueuedFor?.toISOString()).toBe(
      `${date}T00:00:00.000Z`,
    );
    // One job in the queue for the restaurant and day.
    expect(await prisma.job.count({ where: { kind: "daily-report", uniqueKey: dailyReportKey(tenant.restaurantId, date) } })).toBe(1);

    const mail = await waitForMail((m) => m.to.includes(tenant.email) && m.subject.includes("günlük rapor"));
    const text = mail.text.replace(/\u00a0/g, " ");
    expect(mail.subject).toContain(tenant.restaurantName);
    expect(text).toContain(`Toplam ciro: ${formatMoney(cash + card).replace(/\u00a0/g, " ")}`);
    expect(text).toContain("Sipariş sayısı: 2");
    expect(text).toContain(`Nakit: ${formatMoney(cash).replace(/\u00a0/g, " ")} (1 sipariş)`);
    expect(text).toContain(`Kart: ${formatMoney(card).replace(/\u00a0/g, " ")} (1 sipariş)`);
  });

  it("is not queued before the day ends, nor for a restaurant that turned it off or did not exist that day", async () => {
    const tenant = await reportingTenant();
    // Today has not ended: the last ended day is yesterday, before this restaurant existed.
    expect(await queueDailyReports(new Date())).not.toContain(tenant.restaurantId);
    await prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { dailyReportEmail: false } });
    expect(await queueDailyReports(afterToday())).not.toContain(tenant.restaurantId);
  });
});
