// A new discount's bad input, through the API's own validation and the discounts module (moved here
// from tests/integration/discounts.test.ts, which keeps one case for the HTTP contract): each is a
// 400 with its Turkish message, and nothing is written.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createDiscount } from "~/modules/discounts/discounts.server";
import { CreateDiscountSchema } from "~/modules/discounts/schemas";
import { prisma } from "~/utils/db.server";
import { validate } from "~/utils/http.server";
import { apiAnswer, asJson } from "../setup/domain-api";
import { createRestaurant, type DomainTenant } from "../setup/domain";

let tenant: DomainTenant;
beforeAll(async () => {
  tenant = await createRestaurant();
});

/** What POST /api/discounts runs after reading the body. */
async function post(overrides: Record<string, unknown>) {
  const body = asJson({
    name: "Hafta sonu",
    type: "percentage",
    value: 10,
    code: `HS${randomUUID().slice(0, 6)}`.toUpperCase(),
    start_date: "2026-12-01",
    end_date: "2026-12-31",
    ...overrides,
  });
  return apiAnswer(async () => {
    const { client_id, ...input } = validate(CreateDiscountSchema, body);
    await createDiscount(tenant.restaurantId, input, client_id, "Europe/Istanbul");
  });
}

describe("POST /api/discounts's bad input", () => {
  it.each([
    [{ name: undefined }, "İndirim adı zorunludur."],
    [{ name: "  " }, "İndirim adı zorunludur."],
    [{ name: "x".repeat(121) }, "İndirim adı en fazla 120 karakter olabilir."],
    [{ code: undefined }, "İndirim kodu zorunludur."],
    [{ code: " " }, "İndirim kodu zorunludur."],
    [{ code: "YAZ 10" }, "İndirim kodu yalnızca harf (A-Z), rakam, - ve _ içerebilir."],
    [{ code: "İNDİRİM" }, "İndirim kodu yalnızca harf (A-Z), rakam, - ve _ içerebilir."],
    [{ code: "A".repeat(33) }, "İndirim kodu en fazla 32 karakter olabilir."],
    [{ value: undefined }, "İndirim değeri zorunludur."],
    [{ value: 0 }, "İndirim değeri 0'dan büyük olmalıdır."],
    [{ value: -5 }, "İndirim değeri negatif olamaz."],
    [{ value: 100.01 }, "Yüzde indirim en fazla 100 olabilir."],
    [{ type: "fixed", value: 1000.01 }, "Sabit indirim en fazla ₺1.000,00 olabilir."],
    [{ value: 1.005 }, "İndirim değeri en fazla 2 ondalık basamak içerebilir."],
    [{ type: "gift" }, "İndirim türü şunlardan biri olmalıdır: percentage, fixed."],
    [{ min_order_amount: -1 }, "Minimum sipariş tutarı negatif olamaz."],
    [{ usage_limit: 0 }, "Kullanım limiti en az 1 olmalıdır."],
    [{ usage_limit: 1.5 }, "Kullanım limiti tam sayı olmalıdır."],
    [{ usage_limit: "çok" }, "Kullanım limiti bir sayı olmalıdır."],
    [{ start_date: undefined }, "Başlangıç tarihi zorunludur."],
    [{ end_date: "" }, "Bitiş tarihi zorunludur."],
    [{ start_date: "2026-02-30" }, "Başlangıç tarihi geçerli bir tarih olmalıdır (YYYY-AA-GG)."],
    [{ end_date: "31.12.2026" }, "Bitiş tarihi geçerli bir tarih olmalıdır (YYYY-AA-GG)."],
    [{ start_date: "2026-12-10", end_date: "2026-12-09" }, "Bitiş tarihi başlangıç tarihinden önce olamaz."],
    [{ is_active: "evet" }, "is_active true ya da false olmalıdır."],
    [{ client_id: "kısa" }, "İstemci anahtarı 8-64 harf, rakam, - veya _ olmalıdır."],
  ])("%j: 400 with a Turkish message, nothing written", async (overrides, message) => {
    expect(await post(overrides)).toMatchObject({ status: 400, detail: message });
    expect(await prisma.discount.count({ where: { restaurantId: tenant.restaurantId } })).toBe(0);
  });
});
