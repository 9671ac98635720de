// Kitchen stations (decision 077, issue 21): defaults "Mutfak" and "Bar" with drinks at Bar, the
// API (GET/POST /api/stations, PUT/DELETE /api/stations/{id}) with its idempotency, versions,
// tenancy and refusals, and a category's station (`station_id` on /api/menu/categories).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const list = (t: Tenant) => api("/api/stations", { token: t.token });
const post = (t: Tenant, body: unknown, headers: Record<string, string> = {}) => api("/api/stations", { token: t.token, body, headers });
const put = (t: Tenant, id: number | string, body: unknown, token = t.token) => api(`/api/stations/${id}`, { method: "PUT", token, body });
const del = (t: Tenant, id: number | string, body?: unknown, token = t.token) =>
  api(`/api/stations/${id}`, { method: "DELETE", token, ...(body ? { body } : {}) });
const categories = async (t: Tenant) =>
  (await api("/api/menu/categories", { token: t.token })).json as { id: number; key: string; station_id: number }[];

describe("a new restaurant's stations", () => {
  it("are Mutfak and Bar; drinks go to Bar, food to Mutfak, and a bar's sample drinks too", async () => {
    const t = await createTenant({ manager: true });
    const res = await list(t);
    expect(res.status).toBe(200);
    expect(res.json.map((s: any) => [s.name, s.position, s.category_count])).toEqual([
      ["Mutfak", 0, 5],
      ["Bar", 1, 1],
    ]);
    const [mutfak, bar] = res.json;
    const byKey = Object.fromEntries((await categories(t)).map((c) => [c.key, c.station_id]));
    expect(byKey).toEqual({
      drinks: bar.id,
      breakfast: mutfak.id,
      appetizer: mutfak.id,
      main_course: mutfak.id,
      dessert: mutfak.id,
      soup: mutfak.id,
    });

    const pub = await createTenant({ manager: true, restaurant_type: "bar" });
    const [, pubBar] = (await list(pub)).json;
    const pubKeys = Object.fromEntries((await categories(pub)).map((c) => [c.key, c.station_id]));
    for (const key of ["beers", "wines", "raki", "cocktails", "drinks"]) expect(pubKeys[key], key).toBe(pubBar.id);
    expect(pubKeys.snacks).not.toBe(pubBar.id);
  });
});

describe("POST, PUT and DELETE /api/stations", () => {
  it("adds a station at the end once per key, refuses a name taken the Turkish way, renames with a version and reorders", async () => {
    const t = await createTenant({ manager: true });
    const key = randomUUID();
    const first = await post(t, { name: "Izgara", client_id: key });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ name: "Izgara", position: 2, category_count: 0, version: 1 });
    const again = await post(t, { name: "Izgara", client_id: key });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(again.json.id).toBe(first.json.id);
    expect(await prisma.station.count({ where: { restaurantId: t.restaurantId } })).toBe(3);

    const taken = await post(t, { name: "MUTFAK" });
    expect(taken.status).toBe(409);
    expect(taken.json.detail).toBe("Bu adda bir istasyon zaten var.");
    const empty = await post(t, { name: "  " });
    expect(empty.status).toBe(400);
    const long = await post(t, { name: "x".repeat(41) });
    expect(long.status).toBe(400);

    const renamed = await put(t, first.json.id, { name: "Ocakbaşı", version: 1 });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: "Ocakbaşı", version: 2 });
    const stale = await put(t, first.json.id, { name: "Fırın", version: 1 });
    expect(stale.status).toBe(409);
    expect((await prisma.station.findUniqueOrThrow({ where: { id: first.json.id } })).name).toBe("Ocakbaşı");

    expect((await put(t, first.json.id, { position: 0 })).status).toBe(200);
    expect((await list(t)).json.map((s: any) => [s.name, s.position])).toEqual([
      ["Ocakbaşı", 0],
      ["Mutfak", 1],
      ["Bar", 2],
    ]);
  });

  it("two creates with one key at once make one station", async () => {
    const t = await createTenant({ manager: true });
    const key = randomUUID();
    const answers = await Promise.all([post(t, { name: "Pide Fırını", client_id: key }), post(t, { name: "Pide Fırını", client_id: key })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(await prisma.station.count({ where: { restaurantId: t.restaurantId, name: "Pide Fırını" } })).toBe(1);
  });

  it("a station with categories is deleted only with move_to, and they move with it; the last station stays", async () => {
    const t = await createTenant({ manager: true });
    const [mutfak, bar] = (await list(t)).json;
    const refused = await del(t, bar.id);
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toContain("“Bar” istasyonunda 1 kategori var.");
    expect((await del(t, bar.id, { move_to: bar.id })).status).toBe(400);
    const gone = await del(t, bar.id, { move_to: mutfak.id });
    expect(gone.status).toBe(200);
    expect(gone.json.moved_categories).toBe(1);
    expect((await categories(t)).every((c) => c.station_id === mutfak.id)).toBe(true);
    expect((await del(t, bar.id, { move_to: mutfak.id })).status).toBe(404);
    const last = await del(t, mutfak.id);
    expect(last.status).toBe(409);
    expect(last.json.detail).toContain("Son istasyon silinemez");
  });

  it("waiters cannot change stations; the kitchen reads them", async () => {
    const t = await createTenant();
    expect((await post(t, { name: "Tatlı" })).status).toBe(403);
    const [mutfak] = (await list(t)).json;
    expect((await put(t, mutfak.id, { name: "Sıcak" })).status).toBe(403);
  });
});

describe("a category's station", () => {
  it("is the first station by default, is chosen on create and changed by PUT; another restaurant's station is refused", async () => {
    const { a, b } = await createTenantPair();
    const [mutfakA, barA] = (await list(a)).json;
    const [mutfakB] = (await list(b)).json;
    const plain = await api("/api/menu/categories", { token: a.token, body: { name: "Kahveler" } });
    expect(plain.status).toBe(201);
    expect(plain.json.station_id).toBe(mutfakA.id);
    const toBar = await api("/api/menu/categories", { token: a.token, body: { name: "Şaraplar", station_id: barA.id } });
    expect(toBar.json.station_id).toBe(barA.id);
    const moved = await api(`/api/menu/categories/${plain.json.id}`, { method: "PUT", token: a.token, body: { station_id: barA.id } });
    expect(moved.status).toBe(200);
    expect(moved.json.station_id).toBe(barA.id);

    const foreign = await api("/api/menu/categories", { token: a.token, body: { name: "Kokteyller", station_id: mutfakB.id } });
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors.station_id).toEqual(["İstasyon bu restorana ait değil ya da silinmiş."]);
    const foreignPut = await api(`/api/menu/categories/${plain.json.id}`, {
      method: "PUT",
      token: a.token,
      body: { station_id: mutfakB.id },
    });
    expect(foreignPut.status).toBe(400);
    expect((await prisma.menuCategory.findUniqueOrThrow({ where: { id: plain.json.id } })).stationId).toBe(barA.id);
  });

  it("another restaurant's station id gets 404 on every station endpoint", async () => {
    const { a, b } = await createTenantPair();
    const ids = (await list(a)).json.map((s: any) => s.id);
    await expectIdsRefusedToOtherTenant({ owner: a, other: b }, ids, [
      { name: "PUT /api/stations/{id}", send: (id, token) => put(a, id, { name: "Yeni Ad" }, token) },
      { name: "DELETE /api/stations/{id}", send: (id, token) => del(a, id, undefined, token) },
    ]);
    // Only the owner's own requests changed anything: its first station renamed, none deleted.
    expect((await list(a)).json.map((s: any) => s.name)).toEqual(["Yeni Ad", "Bar"]);
  });
});

describe("menu management: a category's station", () => {
  it("is chosen in the category's row with a plain form; another restaurant's station is refused on the page", async () => {
    const { a, b } = await createTenantPair();
    const page = "/app/menu-management?kategoriler=1";
    const [mutfak, bar] = (await list(a)).json;
    const [foreign] = (await list(b)).json;
    const soup = (await prisma.menuCategory.findFirstOrThrow({ where: { restaurantId: a.restaurantId, key: "soup" } }))!;
    const html = (await getPage(a, page)).text;
    expect(html).toContain(`id="category-station-${soup.id}"`);
    expect(html).toMatch(new RegExp(`<option value="${mutfak.id}" selected="">Mutfak</option>`));

    const fields = { intent: "category-update", id: soup.id, version: soup.version, name: soup.name, kdv_rate: "10" };
    const moved = await postForm(a, page, { ...fields, station_id: bar.id });
    expect(moved.status).toBe(302);
    const stored = await prisma.menuCategory.findUniqueOrThrow({ where: { id: soup.id } });
    expect(stored.stationId).toBe(bar.id);

    const refused = await postForm(a, page, { ...fields, version: stored.version, station_id: foreign.id });
    expect(refused.status).toBe(400);
    expect(joinedText(refused.text)).toContain("İstasyon bu restorana ait değil ya da silinmiş.");
    expect((await prisma.menuCategory.findUniqueOrThrow({ where: { id: soup.id } })).stationId).toBe(bar.id);
  });
});

describe("the stations screen (manager mode, plain forms)", () => {
  it("adds, renames, moves and deletes a station; a printer's key is shown once and stored hashed; another restaurant's ids are 404", async () => {
    const t = await createTenant({ manager: true });
    const page = "/app/stations";
    const html = joinedText((await getPage(t, page)).text);
    expect(html).toContain("Mutfak");
    expect(html).toContain("Bar");

    const key = `st-${randomUUID()}`;
    const added = await postForm(t, page, { intent: "station-create", name: "Izgara", create_key: key });
    expect(added.status).toBe(302);
    // The same form posted again (a double tap): still one.
    expect((await postForm(t, page, { intent: "station-create", name: "Izgara", create_key: key })).status).toBe(302);
    const izgara = (await list(t)).json.find((s: any) => s.name === "Izgara");
    expect((await list(t)).json).toHaveLength(3);

    const renamed = await postForm(t, page, { intent: "station-rename", id: izgara.id, version: izgara.version, name: "Ocakbaşı" });
    expect(renamed.status).toBe(302);
    const stale = await postForm(t, page, { intent: "station-rename", id: izgara.id, version: izgara.version, name: "Mangal" });
    expect(stale.status).toBe(409);
    expect((await postForm(t, page, { intent: "station-move", id: izgara.id, to: 0 })).status).toBe(302);
    expect((await list(t)).json.map((s: any) => s.name)).toEqual(["Ocakbaşı", "Mutfak", "Bar"]);

    const device = await postForm(t, page, {
      intent: "device-create",
      station_id: izgara.id,
      name: "Izgara yazıcısı",
      create_key: `pd-${randomUUID()}`,
    });
    expect(device.status).toBe(200);
    expect(device.headers?.get("cache-control")).toContain("no-store");
    const token = /spd_[\w-]+/.exec(device.text)?.[0];
    expect(token).toBeDefined();
    const stored = await prisma.printDevice.findFirstOrThrow({ where: { restaurantId: t.restaurantId } });
    expect(JSON.stringify(stored)).not.toContain(token!);
    // The list never shows the key again.
    expect((await getPage(t, page)).text).not.toContain(token!);

    const other = await createTenant({ manager: true });
    const posts: Record<string, string | number>[] = [
      { intent: "station-rename", id: izgara.id, version: 1, name: "Benim" },
      { intent: "station-delete", id: izgara.id },
      { intent: "device-delete", id: stored.id },
      { intent: "device-create", station_id: izgara.id, name: "Sızma" },
    ];
    for (const fields of posts) {
      const res = await postForm(other, page, fields);
      expect([404, 400], JSON.stringify(fields)).toContain(res.status);
      if (fields.intent !== "device-create") expect(res.status, JSON.stringify(fields)).toBe(404);
    }
    expect(await prisma.printDevice.count({ where: { restaurantId: other.restaurantId } })).toBe(0);

    expect((await postForm(t, page, { intent: "device-delete", id: stored.id })).status).toBe(302);
    const gone = await postForm(t, page, { intent: "station-delete", id: izgara.id });
    expect(gone.status).toBe(302);
    expect((await list(t)).json.map((s: any) => s.name)).toEqual(["Mutfak", "Bar"]);
  });
});
