// Options on order lines (decision 082): the owner's option groups through the API (GET/POST
// /api/menu/option-groups, PUT/DELETE /api/menu/option-groups/{id}) with idempotency, versions,
// Turkish refusals, tenancy and roles, and the menu screen's panel forms posted as a browser
// without JavaScript posts them.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError, expectFieldError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { menuOf } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createStaffMember } from "../setup/staff";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const PAGE = "/app/menu-management";
const PANEL = `${PAGE}?secenekler=1`;
const NOT_FOUND = "Seçenek grubu bulunamadı.";
const STALE = "Bu seçenek grubu siz düzenlerken değişti. Güncel hâli gösteriliyor; değişikliğinizi yeniden yapın.";
const TARGET_NEEDED = "Grubun uygulanacağı kategoriyi ya da ürünü seçin.";
const UNKNOWN_TARGET = "Seçilen kategori ya da ürün bulunamadı.";

const list = (t: Tenant, token = t.token) => api("/api/menu/option-groups", { token });
const post = (t: Tenant, body: unknown, headers: Record<string, string> = {}, token = t.token) =>
  api("/api/menu/option-groups", { token, body, headers });
const put = (t: Tenant, id: number | string, body: unknown, token = t.token) =>
  api(`/api/menu/option-groups/${id}`, { method: "PUT", token, body });
const del = (t: Tenant, id: number | string, token = t.token) => api(`/api/menu/option-groups/${id}`, { method: "DELETE", token });

const groupRows = (t: Tenant) =>
  prisma.menuOptionGroup.findMany({
    where: { restaurantId: t.restaurantId },
    include: { options: { orderBy: { position: "asc" } } },
    orderBy: { position: "asc" },
  });
const categoryId = async (t: Tenant, key: string) =>
  (await prisma.menuCategory.findFirstOrThrow({ where: { restaurantId: t.restaurantId, key } })).id;
const itemId = async (t: Tenant, name: string) => (await menuOf(t))[name]!.id;

const pisme = (category_id: number) => ({
  name: "Pişme",
  category_id,
  options: [{ name: "Az" }, { name: "Orta" }, { name: "İyi" }],
});

describe("the option groups API", () => {
  it("adds a group to a category and one to an item, lists them, edits one by its version and deletes one", async () => {
    const t = await createTenant({ manager: true });
    const mains = await categoryId(t, "main_course");
    const adana = await itemId(t, "Adana Kebap");

    const first = await post(t, pisme(mains));
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({
      name: "Pişme",
      category_id: mains,
      menu_item_id: null,
      position: 0,
      version: 1,
      options: [
        { name: "Az", price_delta: 0 },
        { name: "Orta", price_delta: 0 },
        { name: "İyi", price_delta: 0 },
      ],
    });
    const second = await post(t, {
      name: "Porsiyon",
      menu_item_id: adana,
      options: [
        { name: "1 porsiyon", price_delta: 0 },
        { name: "1,5 porsiyon", price_delta: "60,00" },
      ],
    });
    expect(second.status, second.text).toBe(201);
    expect(second.json).toMatchObject({ category_id: null, menu_item_id: adana, position: 1 });
    expect(second.json.options.map((o: any) => [o.name, o.price_delta])).toEqual([
      ["1 porsiyon", 0],
      ["1,5 porsiyon", 60],
    ]);

    const listed = await list(t);
    expect(listed.status).toBe(200);
    expect(listed.json.map((g: any) => [g.id, g.name, g.position])).toEqual([
      [first.json.id, "Pişme", 0],
      [second.json.id, "Porsiyon", 1],
    ]);

    // The whole group again: a renamed first option keeps its id, a third is added.
    const [one] = second.json.options;
    const edited = await put(t, second.json.id, {
      name: "Porsiyon",
      menu_item_id: adana,
      version: 1,
      options: [
        { name: "Tek porsiyon", price_delta: 0 },
        { name: "1,5 porsiyon", price_delta: 60 },
        { name: "Duble", price_delta: "120,50" },
      ],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.version).toBe(2);
    expect(edited.json.options[0]).toEqual({ id: one.id, name: "Tek porsiyon", price_delta: 0 });
    expect(edited.json.options.map((o: any) => o.price_delta)).toEqual([0, 60, 120.5]);

    // Moved to another target (a category), down to one option: the rest go.
    const moved = await put(t, second.json.id, {
      name: "Porsiyon",
      category_id: mains,
      version: 2,
      options: [{ name: "Yarım", price_delta: -40 }],
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({
      category_id: mains,
      menu_item_id: null,
      version: 3,
      options: [{ id: one.id, name: "Yarım", price_delta: -40 }],
    });
    expect(await prisma.menuOption.count({ where: { groupId: second.json.id } })).toBe(1);

    const gone = await del(t, first.json.id);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.json).toMatchObject({ id: first.json.id });
    expect(await prisma.menuOption.count({ where: { groupId: first.json.id } })).toBe(0);
    // The rest close up: Porsiyon is first now.
    expect((await list(t)).json.map((g: any) => [g.name, g.position])).toEqual([["Porsiyon", 0]]);
    expectError(await del(t, first.json.id), 404, NOT_FOUND);
    expectError(await put(t, first.json.id, pisme(mains)), 404, NOT_FOUND);
  });

  it("a client_id or Idempotency-Key already seen answers 200 with the first group and Idempotent-Replay", async () => {
    const t = await createTenant({ manager: true });
    const mains = await categoryId(t, "main_course");
    const key = `k-${randomUUID()}`;
    const first = await post(t, { ...pisme(mains), client_id: key });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replay")).toBeNull();
    const again = await post(t, { ...pisme(mains), client_id: key });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(again.json).toEqual(first.json);

    const header = `h-${randomUUID()}`;
    const viaHeader = await post(t, { ...pisme(mains), name: "Acı" }, { "Idempotency-Key": header });
    expect(viaHeader.status).toBe(201);
    const repeat = await post(t, { ...pisme(mains), name: "Acı" }, { "Idempotency-Key": header });
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get("idempotent-replay")).toBe("true");
    expect(repeat.json.id).toBe(viaHeader.json.id);
    expect((await groupRows(t)).map((g) => g.name)).toEqual(["Pişme", "Acı"]);
  });

  it("an edit based on an old version is 409 and changes nothing; posting what is stored is not a conflict", async () => {
    const t = await createTenant({ manager: true });
    const mains = await categoryId(t, "main_course");
    const { id } = (await post(t, pisme(mains))).json;
    expect((await put(t, id, { ...pisme(mains), name: "Pişirme", version: 1 })).status).toBe(200);
    const stale = await put(t, id, { ...pisme(mains), name: "Eski", version: 1 });
    expectError(stale, 409, STALE);
    expect(stale.json.version).toBe(2);
    const row = (await groupRows(t))[0]!;
    expect([row.name, row.version]).toEqual(["Pişirme", 2]);
    // The same content again with the old version (a resent save) is answered as is.
    const same = await put(t, id, { ...pisme(mains), name: "Pişirme", version: 1 });
    expect(same.status).toBe(200);
    expect(same.json.version).toBe(2);
  });

  it("refuses bad input with 400 and Turkish messages, and writes nothing", async () => {
    const t = await createTenant({ manager: true });
    const mains = await categoryId(t, "main_course");
    const adana = await itemId(t, "Adana Kebap");
    const base = pisme(mains);

    expectFieldError(await post(t, { ...base, name: "  " }), "name", "Grup adı zorunludur.");
    const { name: _, ...unnamed } = base;
    expectFieldError(await post(t, unnamed), "name", "Grup adı zorunludur.");
    expectFieldError(await post(t, { ...base, name: "x".repeat(41) }), "name", "Grup adı en fazla 40 karakter olabilir.");
    const { options: __, ...optionless } = base;
    expectFieldError(await post(t, optionless), "options", "En az bir seçenek yazın.");
    expectFieldError(await post(t, { ...base, options: [] }), "options", "En az bir seçenek yazın.");
    const nine = Array.from({ length: 9 }, (_, n) => ({ name: `Seçenek ${n + 1}` }));
    expectFieldError(await post(t, { ...base, options: nine }), "options", "Bir grupta en fazla 8 seçenek olabilir.");
    expectFieldError(await post(t, { ...base, menu_item_id: adana }), "category_id", TARGET_NEEDED);
    expectFieldError(await post(t, { name: "Pişme", options: base.options }), "category_id", TARGET_NEEDED);
    // The same name the Turkish way: "İYİ" is "iyi".
    expectFieldError(
      await post(t, { ...base, options: [{ name: "iyi" }, { name: "İYİ" }] }),
      "options",
      "Bir grupta aynı adlı iki seçenek olamaz.",
    );
    const abc = await post(t, { ...base, options: [{ name: "Az", price_delta: "abc" }] });
    expectFieldError(abc, "options.0.price_delta", "Fiyat farkı bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00).");
    expectFieldError(await post(t, { ...base, options: [{ name: "" }] }), "options.0.name", "Seçenek adı zorunludur.");
    expectError(await post(t, { ...base, category_id: "üç" }), 400, "Kategori numarası bir sayı olmalıdır.");
    expect(await prisma.menuOptionGroup.count({ where: { restaurantId: t.restaurantId } })).toBe(0);

    // The same rules on PUT; the group stays as it was.
    const { id } = (await post(t, base)).json;
    expectFieldError(await put(t, id, { ...base, options: [] }), "options", "En az bir seçenek yazın.");
    expectFieldError(await put(t, id, { ...base, menu_item_id: adana }), "category_id", TARGET_NEEDED);
    expectError(await put(t, "abc", base), 400, NOT_FOUND);
    expect((await groupRows(t))[0]!.options.map((o) => o.name)).toEqual(["Az", "Orta", "İyi"]);
  });

  it("another restaurant's group is 404 on PUT and DELETE; its categories and items are no target (400)", async () => {
    const { a, b } = await createTenantPair();
    const aMains = await categoryId(a, "main_course");
    const ids = [(await post(a, pisme(aMains))).json.id, (await post(a, { ...pisme(aMains), name: "Acı" })).json.id];
    await expectIdsRefusedToOtherTenant({ owner: a, other: b }, ids, [
      {
        name: "PUT /api/menu/option-groups/{id}",
        send: (id, token) => put(a, id, { ...pisme(aMains), name: "Pişme", version: 99 }, token),
      },
    ]);
    expect((await groupRows(a)).map((g) => [g.name, g.version])).toEqual([
      ["Pişme", 1],
      ["Acı", 1],
    ]);
    await expectIdsRefusedToOtherTenant(
      { owner: a, other: b },
      [ids[1]!],
      [{ name: "DELETE /api/menu/option-groups/{id}", send: (id, token) => del(a, id, token) }],
    );
    expect((await groupRows(a)).map((g) => g.name)).toEqual(["Pişme"]);
    expect((await list(b)).json).toEqual([]);

    // B cannot hang a group on A's category or item, on POST nor on PUT.
    const aAdana = await itemId(a, "Adana Kebap");
    expectFieldError(await post(b, pisme(aMains)), "category_id", UNKNOWN_TARGET);
    expectFieldError(await post(b, { ...pisme(aMains), category_id: undefined, menu_item_id: aAdana }), "menu_item_id", UNKNOWN_TARGET);
    const own = (await post(b, pisme(await categoryId(b, "main_course")))).json;
    expectFieldError(await put(b, own.id, { ...pisme(aMains), version: 1 }), "category_id", UNKNOWN_TARGET);
    expect((await groupRows(b)).map((g) => [g.categoryId, g.version])).toEqual([[own.category_id, 1]]);
  });

  it("a waiter reads the groups (order taking offers them) but cannot change them: 403", async () => {
    const owner = await createTenant({ manager: true });
    const mains = await categoryId(owner, "main_course");
    const { id } = (await post(owner, pisme(mains))).json;
    const waiter = await createStaffMember(owner);
    const read = await list(owner, waiter.token);
    expect(read.status).toBe(200);
    expect(read.json.map((g: any) => g.name)).toEqual(["Pişme"]);
    expect((await post(owner, { ...pisme(mains), name: "Garson" }, {}, waiter.token)).status).toBe(403);
    expect((await put(owner, id, { ...pisme(mains), name: "Garson" }, waiter.token)).status).toBe(403);
    expect((await del(owner, id, waiter.token)).status).toBe(403);
    expect((await groupRows(owner)).map((g) => g.name)).toEqual(["Pişme"]);
  });
});

describe("the menu screen's options panel (forms without JavaScript)", () => {
  const rows = (options: [string, string][]) =>
    Object.fromEntries(
      options.flatMap(([name, price], n) => [
        [`option_name_${n}`, name],
        [`option_price_${n}`, price],
      ]),
    );

  it("adds a group once per key (empty rows left out), shows it, edits it by version, deletes it; refusals in Turkish", async () => {
    const t = await createTenant({ manager: true });
    const mains = await categoryId(t, "main_course");
    const adana = await itemId(t, "Adana Kebap");
    const key = `o-${randomUUID()}`;
    const fields = {
      intent: "option-group-create",
      create_key: key,
      name: "Porsiyon",
      target: `i${adana}`,
      ...rows([
        ["1 porsiyon", ""],
        ["", "5"],
        ["1,5 porsiyon", "60,50"],
      ]),
    };
    const created = await postForm(t, PANEL, fields);
    expect(created.status, created.text.slice(0, 300)).toBe(302);
    const [group] = await groupRows(t);
    expect(created.location).toBe(`${PANEL}#option-group-${group!.id}`);
    expect([group!.name, group!.menuItemId, group!.categoryId]).toEqual(["Porsiyon", adana, null]);
    expect(group!.options.map((o) => [o.name, o.priceDelta.toFixed(2)])).toEqual([
      ["1 porsiyon", "0.00"],
      ["1,5 porsiyon", "60.50"],
    ]);
    // The same post again (a double tap, a resent form): still one group.
    expect((await postForm(t, PANEL, fields)).status).toBe(302);
    expect(await groupRows(t)).toHaveLength(1);

    const html = joinedText((await getPage(t, PANEL)).text);
    expect(html).toContain('id="options"');
    expect(html).toContain("Ürün: Adana Kebap");
    expect(html).toContain("+₺60,50");
    // Closed, the panel is a link with the count.
    expect(joinedText((await getPage(t, PAGE)).text)).toContain("Seçenekleri düzenle (1)");

    // The edit form is the same form, filled in, with the version.
    const editPage = joinedText((await getPage(t, `${PANEL}&secenek=${group!.id}`)).text);
    expect(editPage).toContain("“Porsiyon” grubunu düzenle");
    expect(editPage).toMatch(/name="version" value="1"/);
    expect(editPage).toMatch(/name="option_price_1"[^>]*value="60,50"/);
    expect(editPage).toMatch(/<option value="i\d+" selected="">Adana Kebap<\/option>/);

    const update = {
      intent: "option-group-update",
      id: group!.id,
      version: 1,
      name: "Pişme",
      target: `c${mains}`,
      ...rows([
        ["Az", ""],
        ["Orta", ""],
        ["İyi", "-10"],
      ]),
    };
    const saved = await postForm(t, `${PANEL}&secenek=${group!.id}`, update);
    expect(saved.status, saved.text.slice(0, 300)).toBe(302);
    expect(saved.location).toBe(`${PANEL}#option-group-${group!.id}`);
    const [after] = await groupRows(t);
    expect([after!.name, after!.categoryId, after!.menuItemId, after!.version]).toEqual(["Pişme", mains, null, 2]);
    expect(after!.options.map((o) => [o.name, o.priceDelta.toFixed(2)])).toEqual([
      ["Az", "0.00"],
      ["Orta", "0.00"],
      ["İyi", "-10.00"],
    ]);
    expect(joinedText((await getPage(t, PANEL)).text)).toContain("Kategori: Ana Yemekler");

    // Saved again from the old form (version 1): 409 with the project's message, nothing changes.
    const stale = await postForm(t, `${PANEL}&secenek=${group!.id}`, { ...update, name: "Eski" });
    expect(stale.status).toBe(409);
    expect(joinedText(stale.text)).toContain(STALE);
    expect((await groupRows(t))[0]!.name).toBe("Pişme");

    // Refusals show in Turkish, and add nothing.
    const empty = await postForm(t, PANEL, {
      intent: "option-group-create",
      create_key: `o-${randomUUID()}`,
      name: "",
      target: "",
      ...rows([["", ""]]),
    });
    expect(empty.status).toBe(400);
    expect(joinedText(empty.text)).toContain("Grup adı zorunludur.");
    expect(joinedText(empty.text)).toContain("En az bir seçenek yazın.");
    const noTarget = await postForm(t, PANEL, { intent: "option-group-create", name: "Acı", target: "", ...rows([["Acılı", ""]]) });
    expect(noTarget.status).toBe(400);
    expect(joinedText(noTarget.text)).toContain(TARGET_NEEDED);
    const badPrice = await postForm(t, PANEL, {
      intent: "option-group-create",
      name: "Acı",
      target: `c${mains}`,
      ...rows([["Acılı", "abc"]]),
    });
    expect(badPrice.status).toBe(400);
    expect(joinedText(badPrice.text)).toContain("Fiyat farkı bir sayı olmalıdır");
    // What was typed comes back in the form.
    expect(joinedText(badPrice.text)).toMatch(/name="option_price_0"[^>]*value="abc"/);
    expect(await groupRows(t)).toHaveLength(1);

    const removed = await postForm(t, `${PANEL}&secenek-sil=${group!.id}`, { intent: "option-group-delete", id: group!.id });
    expect(removed.status).toBe(302);
    expect(removed.location).toBe(`${PANEL}#options`);
    expect(await groupRows(t)).toHaveLength(0);
    expect(await prisma.menuOption.count({ where: { groupId: group!.id } })).toBe(0);
    const again = await postForm(t, PANEL, { intent: "option-group-delete", id: group!.id });
    expect(again.status).toBe(404);
    expect(joinedText(again.text)).toContain(NOT_FOUND);
  });

  it("another restaurant's group id is 404 in every form and in the page's edit and delete links; its targets are refused", async () => {
    const { a, b } = await createTenantPair();
    const aMains = await categoryId(a, "main_course");
    const theirs = (await post(a, { ...pisme(aMains), name: "Yalnızca A" })).json;
    const bMains = await categoryId(b, "main_course");

    const update = await postForm(b, PANEL, {
      intent: "option-group-update",
      id: theirs.id,
      version: 1,
      name: "Ele geçti",
      target: `c${bMains}`,
      option_name_0: "X",
    });
    expect(update.status).toBe(404);
    expect(joinedText(update.text)).toContain(NOT_FOUND);
    const remove = await postForm(b, PANEL, { intent: "option-group-delete", id: theirs.id });
    expect(remove.status).toBe(404);
    expect(joinedText(remove.text)).toContain(NOT_FOUND);
    for (const link of [`${PANEL}&secenek=${theirs.id}`, `${PANEL}&secenek-sil=${theirs.id}`]) {
      const page = await getPage(b, link);
      expect(page.status, link).toBe(404);
      expect(joinedText(page.text)).toContain(NOT_FOUND);
      expect(page.text).not.toContain("Yalnızca A");
    }
    // B's own form cannot point at A's category or item.
    const foreignTarget = await postForm(b, PANEL, {
      intent: "option-group-create",
      name: "Acı",
      target: `c${aMains}`,
      option_name_0: "Acılı",
    });
    expect(foreignTarget.status).toBe(400);
    expect(joinedText(foreignTarget.text)).toContain(UNKNOWN_TARGET);
    const foreignItem = await postForm(b, PANEL, {
      intent: "option-group-create",
      name: "Acı",
      target: `i${await itemId(a, "Adana Kebap")}`,
      option_name_0: "Acılı",
    });
    expect(foreignItem.status).toBe(400);
    expect(await groupRows(b)).toHaveLength(0);
    expect((await groupRows(a)).map((g) => [g.name, g.version])).toEqual([["Yalnızca A", 1]]);

    // The owner's own posts do reach it (so the 404s above are about tenancy, not a broken form).
    const own = await postForm(a, PANEL, { intent: "option-group-delete", id: theirs.id });
    expect(own.status).toBe(302);
  });

  it("a waiter cannot post the panel's forms (manager mode): 403", async () => {
    const owner = await createTenant({ manager: true });
    const waiter = await createStaffMember(owner);
    const mains = await categoryId(owner, "main_course");
    const res = await postForm(waiter, PANEL, { intent: "option-group-create", name: "Acı", target: `c${mains}`, option_name_0: "Acılı" });
    expect(res.status).toBe(403);
    expect(await groupRows(owner)).toHaveLength(0);
  });
});
