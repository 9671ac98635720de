// Staff accounts: /api/staff and the /app/staff-management page's forms. Good and bad input,
// the e-mail taken (409), staff mode (403), another restaurant's ids (404), repeats and races
// (one account), the plan's staff limit, and what deleting does to the account's sessions.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api, baseUrl, uniqueEmail } from "../setup/api";
import { expectError, expectFieldError, MESSAGES, sessionRow } from "../setup/expect";
import { createTenant, enterManagerMode, type Tenant } from "../setup/factories";
import { menuOf, payOrder, placeOrder, postOrder, updateOrder } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createStaffApi, createStaffMember, STAFF_PASSWORD, staffKey, staffPayload } from "../setup/staff";
import { expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const MSG = {
  required: "Lütfen zorunlu alanları doldurun",
  passwordRequired: "Yeni personel için şifre gereklidir",
  passwordShort: "Şifre en az 6 karakter olmalıdır.",
  salary: "Maaş bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00).",
  emailInUse: "Bu e-posta adresi zaten kullanılıyor",
  emailFixed: "Kayıtlı personelin e-posta adresi değiştirilemez.",
  notFound: "Personel bulunamadı.",
  stale: "Bu personel siz düzenlerken başka biri tarafından değiştirildi. Güncel bilgileri kontrol edip tekrar kaydedin.",
  deleted: "Personel silindi",
  selfDelete: "Kendi hesabınızı silemezsiniz.",
};

const put = (t: Tenant, id: number | string, body: unknown) => api(`/api/staff/${id}`, { method: "PUT", token: t.token, body });
const del = (t: Tenant, id: number | string) => api(`/api/staff/${id}`, { method: "DELETE", token: t.token });
const list = (t: Tenant) => api("/api/staff", { token: t.token });
const activeStaff = (t: Tenant) => prisma.user.count({ where: { restaurantId: t.restaurantId, isOwner: false, isActive: true } });

/** No answer may carry a password or its hash. */
function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/\$argon2/);
  expect(text).not.toMatch(/password_?hash|passwordHash/i);
  expect(text).not.toContain(STAFF_PASSWORD);
}

describe("POST /api/staff and GET /api/staff", () => {
  it("creates an account with the spec's fields and defaults (role waiter, salary 0); the list never shows a password or hash", async () => {
    const owner = await createTenant({ manager: true });
    expect((await list(owner)).json).toEqual([]);
    const body = staffPayload({ role: undefined, phone: "0532 111 22 33", shift_hours: "09:00-17:00" });
    const res = await createStaffApi(owner, body);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      email: body.email,
      first_name: "Ayşe",
      last_name: "Garson",
      role: "waiter",
      phone: "0532 111 22 33",
      shift_hours: "09:00-17:00",
      salary: 0,
      version: 1,
    });
    expect(res.json.created_at).toEqual(expect.any(String));
    expectNoSecrets(res.text);
    const all = await list(owner);
    expect(all.status).toBe(200);
    expect(all.json.map((s: { id: number }) => s.id)).toEqual([res.json.id]);
    expectNoSecrets(all.text);
    // The owner is not staff: not in the list.
    expect(all.json.some((s: { email: string }) => s.email === owner.email)).toBe(false);
    // Stored hashed with argon2id.
    const row = await prisma.user.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.restaurantId).toBe(owner.restaurantId);
  });

  it("salary as a number with two decimals, role cashier; e-mail lower-cased and trimmed names", async () => {
    const owner = await createTenant({ manager: true });
    const email = uniqueEmail("Kasa").toUpperCase();
    const res = await createStaffApi(owner, staffPayload({ email, first_name: "  Mehmet ", role: "cashier", salary: 17500.5 }));
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ email: email.toLowerCase(), first_name: "Mehmet", role: "cashier", salary: 17500.5 });
  });

  it("bad input: 400 with the spec's Turkish messages, nothing created", async () => {
    const owner = await createTenant({ manager: true });
    expectFieldError(await createStaffApi(owner, staffPayload({ first_name: "" })), "first_name", MSG.required);
    expectFieldError(await createStaffApi(owner, staffPayload({ last_name: undefined })), "last_name", MSG.required);
    expectFieldError(await createStaffApi(owner, staffPayload({ email: " " })), "email", MSG.required);
    expectFieldError(await createStaffApi(owner, staffPayload({ email: "yok-boyle" })), "email", MESSAGES.invalidEmail);
    expectFieldError(await createStaffApi(owner, staffPayload({ password: undefined })), "password", MSG.passwordRequired);
    expectFieldError(await createStaffApi(owner, staffPayload({ password: "" })), "password", MSG.passwordRequired);
    expectFieldError(await createStaffApi(owner, staffPayload({ password: "12345" })), "password", MSG.passwordShort);
    expectFieldError(await createStaffApi(owner, staffPayload({ salary: "çok" })), "salary", MSG.salary);
    expectFieldError(await createStaffApi(owner, staffPayload({ salary: -1 })), "salary", "Maaş negatif olamaz.");
    expectFieldError(
      await createStaffApi(owner, staffPayload({ role: "owner" })),
      "role",
      "Rol şunlardan biri olmalıdır: admin, waiter, kitchen, cashier.",
    );
    expectFieldError(
      await createStaffApi(owner, staffPayload({ first_name: "x".repeat(61) })),
      "first_name",
      "Ad en fazla 60 karakter olabilir.",
    );
    expectError(await createStaffApi(owner, "{nope", { "content-type": "application/json" }), 400, MESSAGES.malformedJson);
    expect(await activeStaff(owner)).toBe(0);
  });

  it("an e-mail already used (the owner's, another restaurant's staff, or this one's) is 409", async () => {
    const owner = await createTenant({ manager: true });
    const other = await createTenant({ manager: true });
    const theirs = await createStaffMember(other);
    expectError(await createStaffApi(owner, staffPayload({ email: owner.email })), 409, MSG.emailInUse);
    expectError(await createStaffApi(owner, staffPayload({ email: other.email })), 409, MSG.emailInUse);
    expectError(await createStaffApi(owner, staffPayload({ email: theirs.email.toUpperCase() })), 409, MSG.emailInUse);
    const mine = staffPayload();
    expect((await createStaffApi(owner, mine)).status).toBe(201);
    expectError(await createStaffApi(owner, { ...mine, first_name: "Başka" }), 409, MSG.emailInUse);
    expect(await activeStaff(owner)).toBe(1);
  });

  it("staff mode: 403 on every staff call, nothing changes", async () => {
    const owner = await createTenant({ manager: true });
    const member = await createStaffMember(owner);
    const staffMode = await createTenant();
    const tablet = {
      ...owner,
      token: (await api("/api/public/login", { body: { email: owner.email, password: owner.password } })).json.access_token,
    };
    for (const t of [tablet, staffMode]) {
      expectError(await list(t), 403, MESSAGES.managerOnly);
      expectError(await createStaffApi(t, staffPayload()), 403, MESSAGES.managerOnly);
    }
    expectError(await put(tablet, member.staffId, staffPayload({ first_name: "Yeni" })), 403, MESSAGES.managerOnly);
    expectError(await del(tablet, member.staffId), 403, MESSAGES.managerOnly);
    // A waiter has no manager mode at all.
    expectError(await list(member), 403, "Bu işlem için yetkiniz yok.");
    expect(await activeStaff(owner)).toBe(1);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.staffId } })).firstName).toBe("Ayşe");
  });

  it("another restaurant's staff id (or the owner's own id, or none at all) is 404 for PUT and DELETE", async () => {
    const a = await createTenant({ manager: true });
    const b = await createTenant({ manager: true });
    const staff = await createStaffMember(a);
    await expectIdsRefusedToOtherTenant(
      { owner: a, other: b },
      [staff.staffId],
      [{ name: "PUT /api/staff/{id}", send: (id, token) => put({ ...a, token }, id, staffPayload({ email: undefined, first_name: "Z" })) }],
    );
    expectError(await del(b, staff.staffId), 404, MSG.notFound);
    expectError(await put(a, a.userId, staffPayload({ email: undefined })), 404, MSG.notFound);
    expectError(await del(a, 2_000_000_000), 404, MSG.notFound);
    expectError(await del(a, "abc"), 400, "Personel numarası bir sayı olmalıdır.");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: staff.staffId } })).isActive).toBe(true);
    expect(await activeStaff(a)).toBe(1);
  });

  it("a repeated create with the same key (body or Idempotency-Key header), even concurrently, makes one account", async () => {
    const owner = await createTenant({ manager: true });
    const key = staffKey();
    const body = staffPayload({ client_id: key });
    const answers = await Promise.all(Array.from({ length: 4 }, () => createStaffApi(owner, body)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json.id)).size).toBe(1);
    expect(answers.filter((r) => r.headers.get("idempotent-replay") === "true")).toHaveLength(3);

    const headerKey = staffKey();
    const second = staffPayload();
    const [x, y] = await Promise.all([
      createStaffApi(owner, second, { "idempotency-key": headerKey }),
      createStaffApi(owner, second, { "idempotency-key": headerKey }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 201]);
    expect(x.json.id).toBe(y.json.id);
    expect(await activeStaff(owner)).toBe(2);
  });

  it("the same e-mail sent twice at once with different keys: one account, one 409", async () => {
    const owner = await createTenant({ manager: true });
    const body = staffPayload();
    const answers = await Promise.all([
      createStaffApi(owner, { ...body, client_id: staffKey() }),
      createStaffApi(owner, { ...body, client_id: staffKey() }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await activeStaff(owner)).toBe(1);
  });

  it("plan limit: Basic allows 5 staff; the 6th is 403 naming plan and limit; a deleted account frees its place", async () => {
    const owner = await createTenant({ manager: true });
    await prisma.restaurant.update({ where: { id: owner.restaurantId }, data: { subscriptionPlan: "basic" } });
    const created = [];
    for (let i = 0; i < 5; i++) {
      const res = await createStaffApi(owner, staffPayload());
      expect(res.status, res.text).toBe(201);
      created.push(res.json.id as number);
    }
    const over = await createStaffApi(owner, staffPayload());
    expectError(over, 403, "Basic planında en fazla 5 personel eklenebilir. Daha fazlası için planınızı yükseltin.");
    expect(over.json).toMatchObject({ code: "plan_limit", plan: "basic", limit: 5, used: 5, upgrade_url: "/app/plans" });
    // Two at once at the limit: neither gets in.
    const race = await Promise.all([createStaffApi(owner, staffPayload()), createStaffApi(owner, staffPayload())]);
    expect(race.map((r) => r.status)).toEqual([403, 403]);
    expect(await activeStaff(owner)).toBe(5);
    expect((await del(owner, created[0]!)).status).toBe(200);
    expect((await createStaffApi(owner, staffPayload())).status).toBe(201);
    expect(await activeStaff(owner)).toBe(5);
  });

  it("an expired trial cannot add staff (premium gate, 403)", async () => {
    const owner = await createTenant({ manager: true });
    await prisma.restaurant.update({ where: { id: owner.restaurantId }, data: { trialEndsAt: new Date(Date.now() - 1000) } });
    const res = await createStaffApi(owner, staffPayload());
    expect(res.status).toBe(403);
    expect(res.json.detail).toContain("Personel yönetimi");
    expect(await activeStaff(owner)).toBe(0);
  });
});

describe("PUT /api/staff/{id}", () => {
  it("edits every field but the e-mail; the version goes up; a stale version is 409", async () => {
    const owner = await createTenant({ manager: true });
    const member = await createStaffMember(owner);
    const res = await put(owner, member.staffId, {
      email: member.email,
      first_name: "Ayşe",
      last_name: "Kasa",
      role: "cashier",
      phone: "0555 000 11 22",
      shift_hours: "17:00-01:00",
      salary: "21000",
      version: 1,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ last_name: "Kasa", role: "cashier", salary: 21000, version: 2, email: member.email });
    expectNoSecrets(res.text);

    const stale = await put(owner, member.staffId, staffPayload({ email: undefined, password: undefined, version: 1 }));
    expectError(stale, 409, MSG.stale);
    expectError(await put(owner, member.staffId, staffPayload({ email: uniqueEmail() })), 400, MSG.emailFixed);
    expectFieldError(await put(owner, member.staffId, { first_name: "", last_name: "x" }), "first_name", MSG.required);
    expectFieldError(await put(owner, member.staffId, { first_name: "a", last_name: "b", password: "123" }), "password", MSG.passwordShort);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.staffId } })).lastName).toBe("Kasa");
  });

  it("two edits based on the same version at once: one applies, the other is 409", async () => {
    const owner = await createTenant({ manager: true });
    const member = await createStaffMember(owner);
    const edit = (name: string) => put(owner, member.staffId, { first_name: name, last_name: "G", version: 1 });
    const answers = await Promise.all([edit("Bir"), edit("İki")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.staffId } })).version).toBe(2);
  });

  it("a new password signs the account out and the new one logs in", async () => {
    const owner = await createTenant({ manager: true });
    const member = await createStaffMember(owner);
    const res = await put(owner, member.staffId, { first_name: "Ayşe", last_name: "Garson", password: "yeni-sifre-9" });
    expect(res.status, res.text).toBe(200);
    expect(await sessionRow(member.token)).toBeNull();
    expectError(await api("/api/auth/me", { token: member.token }), 401, MESSAGES.sessionExpired);
    expect((await api("/api/auth/login", { body: { email: member.email, password: STAFF_PASSWORD } })).status).toBe(401);
    expect((await api("/api/auth/login", { body: { email: member.email, password: "yeni-sifre-9" } })).status).toBe(200);
  });

  it("an admin demoted to waiter leaves manager mode at once", async () => {
    const owner = await createTenant({ manager: true });
    const admin = await createStaffMember(owner, { role: "admin" });
    await enterManagerMode({ ...admin, password: owner.password });
    expect((await list(admin)).status).toBe(200);
    expect((await put(owner, admin.staffId, { first_name: "A", last_name: "B", role: "waiter" })).status).toBe(200);
    expectError(await list(admin), 403, "Bu işlem için yetkiniz yok.");
    expect((await sessionRow(admin.token))!.mode).toBeNull();
  });
});

describe("DELETE /api/staff/{id}", () => {
  it("signs the account out at once, refuses its login, frees the e-mail; its orders and payments keep its name; a repeat answers the same", async () => {
    const owner = await createTenant({ manager: true });
    const waiter = await createStaffMember(owner, { first_name: "Zeynep", last_name: "Kaya" });
    const menu = await menuOf(owner);
    const order = await postOrder(waiter, { table_number: 3, items: [{ menu_item_id: Object.values(menu)[0]!.id, quantity: 1 }] });
    expect(order.status, order.text).toBe(201);
    expect(order.json.waiter_name).toBe("Zeynep Kaya");
    expect((await payOrder(waiter, order.json.id)).status).toBe(200);

    const res = await del(owner, waiter.staffId);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ message: MSG.deleted });
    expect(await prisma.session.count({ where: { userId: waiter.staffId } })).toBe(0);
    expectError(await api("/api/auth/me", { token: waiter.token }), 401, MESSAGES.sessionExpired);
    expectError(
      await api("/api/auth/login", { body: { email: waiter.email, password: waiter.password } }),
      401,
      MESSAGES.invalidCredentials,
    );
    expect((await list(owner)).json).toEqual([]);

    const kept = await prisma.order.findUniqueOrThrow({ where: { id: order.json.id }, include: { payments: true } });
    expect(kept.waiterName).toBe("Zeynep Kaya");
    expect(kept.createdById).toBe(waiter.staffId);
    expect(kept.payments[0]!.takenByName).toBe("Zeynep Kaya");
    expect(kept.payments[0]!.takenById).toBe(waiter.staffId);

    const again = await del(owner, waiter.staffId);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ message: MSG.deleted });
    // The address is free for a new account (decision 027).
    expect((await createStaffApi(owner, staffPayload({ email: waiter.email }))).status).toBe(201);
  });

  it("an admin cannot delete their own account", async () => {
    const owner = await createTenant({ manager: true });
    const admin = await createStaffMember(owner, { role: "admin" });
    await enterManagerMode({ ...admin, password: owner.password });
    expectError(await del(admin, admin.staffId), 403, MSG.selfDelete);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: admin.staffId } })).isActive).toBe(true);
  });
});

describe("staff log in with their own e-mail and password", () => {
  it("at /api/auth/login, /login and /app; the session is theirs and orders carry their name", async () => {
    const owner = await createTenant({ manager: true });
    const body = staffPayload({ first_name: "Can", last_name: "Demir", role: "waiter" });
    expect((await createStaffApi(owner, body)).status).toBe(201);
    const login = await api("/api/auth/login", { body: { email: body.email, password: body.password } });
    expect(login.status, login.text).toBe(200);
    expect(login.json.user).toMatchObject({ email: body.email, role: "waiter", is_owner: false });
    expect(login.json.restaurant.id).toBe(owner.restaurantId);
    expectNoSecrets(login.text);
    for (const path of ["/login", "/app"]) {
      const form = await fetch(`${baseUrl()}${path}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "login", email: body.email as string, password: body.password }),
        headers: { origin: baseUrl(), "content-type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      });
      expect(form.status, path).toBe(302);
      expect(form.headers.get("location")).toBe("/app/role-selection");
    }
  });
});

describe("the /app/staff-management page", () => {
  const create = (t: Tenant, fields: Record<string, string | number> = {}) =>
    postForm(t, "/app/staff-management", {
      intent: "create",
      client_id: staffKey(),
      first_name: "Ali",
      last_name: "Veli",
      email: uniqueEmail("form"),
      password: STAFF_PASSWORD,
      role: "waiter",
      salary: "",
      ...fields,
    });

  it("shows the role cards and the list, and never a hash", async () => {
    const owner = await createTenant({ manager: true });
    await createStaffMember(owner, { role: "kitchen", first_name: "Mutfakçı" });
    const page = await getPage(owner, "/app/staff-management");
    expect(page.status).toBe(200);
    const text = joinedText(page.text);
    for (const label of ["Yönetici", "Garson", "Mutfak", "Kasiyer"]) expect(text).toContain(label);
    expect(text).toContain("Mutfakçı");
    expectNoSecrets(page.text);
  });

  it("add: good input redirects with the notice, defaults apply; bad input is 400 with the spec's messages", async () => {
    const owner = await createTenant({ manager: true });
    const ok = await create(owner, { role: "" as never, salary: "" });
    expect(ok.status, ok.text.slice(0, 300)).toBe(302);
    expect(ok.location).toBe("/app/staff-management?done=created");
    const [row] = await prisma.user.findMany({ where: { restaurantId: owner.restaurantId, isOwner: false } });
    expect(row!.role).toBe("waiter");
    expect(Number(row!.salary)).toBe(0);
    expect(joinedText((await getPage(owner, ok.location!)).text)).toContain("Personel eklendi");

    const missing = await create(owner, { first_name: "" });
    expect(missing.status).toBe(400);
    expect(joinedText(missing.text)).toContain(MSG.required);
    const noPassword = await create(owner, { password: "" });
    expect(noPassword.status).toBe(400);
    expect(joinedText(noPassword.text)).toContain(MSG.passwordRequired);
    expect(noPassword.text).not.toContain(STAFF_PASSWORD);
    const badSalary = await create(owner, { salary: "on bin" });
    expect(badSalary.status).toBe(400);
    expect(joinedText(badSalary.text)).toContain(MSG.salary);
    const taken = await create(owner, { email: owner.email });
    expect(taken.status).toBe(409);
    expect(joinedText(taken.text)).toContain(MSG.emailInUse);
    expect(await activeStaff(owner)).toBe(1);
  });

  it("a double submit of the add form (same key, at once) makes one account", async () => {
    const owner = await createTenant({ manager: true });
    const fields = { client_id: staffKey(), email: uniqueEmail("double") };
    const answers = await Promise.all([create(owner, fields), create(owner, fields), create(owner, fields)]);
    expect(answers.map((r) => r.status)).toEqual([302, 302, 302]);
    expect(await activeStaff(owner)).toBe(1);
  });

  it("edit (stale version 409), delete with its confirmation, the waiters' payment setting", async () => {
    const owner = await createTenant({ manager: true });
    const member = await createStaffMember(owner);
    const confirm = await getPage(owner, `/app/staff-management?delete=${member.staffId}`);
    expect(joinedText(confirm.text)).toContain("silinsin mi?");
    const edit = await postForm(owner, "/app/staff-management", {
      intent: "update",
      id: member.staffId,
      version: 1,
      first_name: "Ayşe",
      last_name: "Yeni",
      role: "cashier",
      salary: "1000,50",
    });
    expect(edit.status, edit.text.slice(0, 300)).toBe(302);
    const row = await prisma.user.findUniqueOrThrow({ where: { id: member.staffId } });
    expect([row.lastName, row.role, Number(row.salary)]).toEqual(["Yeni", "cashier", 1000.5]);
    const stale = await postForm(owner, "/app/staff-management", {
      intent: "update",
      id: member.staffId,
      version: 1,
      first_name: "X",
      last_name: "Y",
    });
    expect(stale.status).toBe(409);
    expect(joinedText(stale.text)).toContain(MSG.stale);

    const off = await postForm(owner, "/app/staff-management", { intent: "waiter-payments", value: "off" });
    expect(off.status).toBe(302);
    expect((await prisma.restaurant.findUniqueOrThrow({ where: { id: owner.restaurantId } })).waitersTakePayments).toBe(false);
    // The state wanted, not a toggle: posting it again changes nothing.
    await postForm(owner, "/app/staff-management", { intent: "waiter-payments", value: "off" });
    expect((await prisma.restaurant.findUniqueOrThrow({ where: { id: owner.restaurantId } })).waitersTakePayments).toBe(false);
    const bad = await postForm(owner, "/app/staff-management", { intent: "waiter-payments", value: "toggle" });
    expect(bad.status).toBe(400);

    const gone = await postForm(owner, "/app/staff-management", { intent: "delete", id: member.staffId });
    expect(gone.status).toBe(302);
    expect(gone.location).toBe("/app/staff-management?done=deleted");
    expect(await sessionRow(member.token)).toBeNull();
    const repeat = await postForm(owner, "/app/staff-management", { intent: "delete", id: member.staffId });
    expect(repeat.status).toBe(302);
  });

  it("staff mode: 403 page and nothing written; another restaurant's id: 404", async () => {
    const owner = await createTenant({ manager: true });
    const member = await createStaffMember(owner);
    const other = await createTenant({ manager: true });
    const staffMode = await createTenant();
    const refused = await create(staffMode);
    expect(refused.status).toBe(403);
    expect((await getPage(staffMode, "/app/staff-management")).status).toBe(403);
    const waiterTry = await postForm(member, "/app/staff-management", { intent: "delete", id: member.staffId });
    expect(waiterTry.status).toBe(403);
    const posts: Record<string, string | number>[] = [
      { intent: "delete", id: member.staffId },
      { intent: "update", id: member.staffId, version: 1, first_name: "X", last_name: "Y" },
    ];
    for (const fields of posts) {
      const res = await postForm(other, "/app/staff-management", fields);
      expect(res.status, JSON.stringify(fields)).toBe(404);
      expect(joinedText(res.text)).toContain(MSG.notFound);
    }
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.staffId } })).isActive).toBe(true);
    expect(await activeStaff(staffMode)).toBe(0);
  });

  it("the plan limit shows its message and the link to change plan", async () => {
    const owner = await createTenant({ manager: true });
    await prisma.restaurant.update({ where: { id: owner.restaurantId }, data: { subscriptionPlan: "basic" } });
    for (let i = 0; i < 5; i++) expect((await create(owner)).status).toBe(302);
    const over = await create(owner);
    expect(over.status).toBe(403);
    const text = joinedText(over.text);
    expect(text).toContain("Basic planında en fazla 5 personel eklenebilir.");
    expect(over.text).toContain('href="/app/plans"');
  });
});

describe("what staff accounts do is recorded under their account", () => {
  it("an order, its void (with the manager password) and its payment carry the waiter's and the cashier's own accounts; the table shows the waiter", async () => {
    const owner = await createTenant({ manager: true });
    const waiter = await createStaffMember(owner, { first_name: "Selin", last_name: "Ak" });
    const cashier = await createStaffMember(owner, { first_name: "Kemal", last_name: "Kasa", role: "cashier" });
    const menu = await menuOf(owner);
    const order = await placeOrder(waiter, 6, [
      ["Adana Kebap", 2],
      ["Ayran", 1],
    ]);
    expect(order.waiter_name).toBe("Selin Ak");
    const table = await prisma.restaurantTable.findUniqueOrThrow({
      where: { restaurantId_number: { restaurantId: owner.restaurantId, number: 6 } },
    });
    expect(table.waiterName).toBe("Selin Ak");
    expect((await api("/api/tables", { token: waiter.token })).json.find((t: { number: number }) => t.number === 6).waiter_name).toBe(
      "Selin Ak",
    );

    const edit = await updateOrder(waiter, 6, {
      order_id: order.id,
      manager_password: owner.password,
      reason: "wrong_order",
      items: [
        { menu_item_id: menu["Adana Kebap"]!.id, quantity: 1 },
        { menu_item_id: menu["Ayran"]!.id, quantity: 1 },
      ],
    });
    expect(edit.status, edit.text).toBe(200);
    const [event] = await prisma.orderEvent.findMany({ where: { orderId: order.id } });
    expect([event!.userId, event!.userName]).toEqual([waiter.staffId, "Selin Ak"]);

    expect((await payOrder(cashier, order.id, "card")).status).toBe(200);
    const row = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { payments: true } });
    expect([row.createdById, row.waiterName]).toEqual([waiter.staffId, "Selin Ak"]);
    expect([row.payments[0]!.takenById, row.payments[0]!.takenByName]).toEqual([cashier.staffId, "Kemal Kasa"]);

    // The manager panel's waiter performance is per account.
    const report = await api("/api/reports/daily", { token: owner.token });
    expect(report.json.waiter_performance).toEqual([
      { _id: "Selin Ak", user_id: waiter.staffId, orders: 1, revenue: row.totalAmount.toNumber() },
    ]);
  });

  it("the kitchen sees the tickets of the orders sent, paid ones too (a counter takes the money first), and cannot take orders", async () => {
    const owner = await createTenant({ manager: true });
    const kitchen = await createStaffMember(owner, { role: "kitchen" });
    await placeOrder(owner, 2, [["Künefe", 2]]);
    const paid = await placeOrder(owner, 5, [["Sütlaç", 1]]);
    expect((await payOrder(owner, paid.id)).status).toBe(200);
    const page = await getPage(kitchen, "/app/kitchen");
    expect(page.status).toBe(200);
    const text = joinedText(page.text);
    expect(text).toContain("Masa 2");
    expect(text).toContain("2 ×");
    expect(text).toContain("Künefe");
    // Paying does not take a dish off the kitchen's screen: only the kitchen's own bump does (decision 079).
    expect(text).toContain("Sütlaç");
    expect((await postForm(kitchen, "/app/kitchen", { intent: "x" })).status).toBeGreaterThanOrEqual(400);
    expect((await postOrder(kitchen, { table_number: 2, items: [] })).status).toBe(403);
  });
});
