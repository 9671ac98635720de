// Bad input to the QR code and CMS content endpoints, through the API's own validation and the
// modules (moved here from tests/integration/qr-menu.test.ts and cms.test.ts, which keep one case
// each for the HTTP contract): a 400 with the Turkish message, nothing written.
import { describe, expect, it } from "vitest";
import { createContent } from "~/modules/cms/content.server";
import { CreateContentSchema } from "~/modules/cms/schemas";
import { qrDataUrl } from "~/modules/qr-menu/qr.server";
import { QrMenuSchema } from "~/modules/qr-menu/schemas";
import { prisma } from "~/utils/db.server";
import { validate } from "~/utils/http.server";
import { apiAnswer, asJson } from "../setup/domain-api";

describe("POST /api/qr-menu's bad input", () => {
  it.each([
    ["missing", {}, "Menü adresi zorunludur."],
    ["empty", { menu_url: "   " }, "Menü adresi zorunludur."],
    ["not text", { menu_url: 42 }, "Menü adresi metin olmalıdır."],
    ["javascript:", { menu_url: "javascript:alert(1)" }, "Menü adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır."],
    ["ftp:", { menu_url: "ftp://ornek.com/menu" }, "Menü adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır."],
    ["data:", { menu_url: "data:text/html,<b>x</b>" }, "Menü adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır."],
    ["relative", { menu_url: "/menu/abc" }, "Menü adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır."],
    ["too long", { menu_url: `https://ornek.com/${"a".repeat(1983)}` }, "Menü adresi en fazla 2.000 karakter olabilir."],
  ])("refuses a %s address with 400 and a Turkish detail", async (_, body, detail) => {
    const answer = await apiAnswer(async () => qrDataUrl(validate(QrMenuSchema, asJson(body)).menu_url));
    expect(answer).toMatchObject({ status: 400, detail });
  });
});

describe("POST /api/cms/content's bad input", () => {
  it.each(
    [
      [{ type: "hero_title", content: "x" }, "Başlık zorunludur."],
      [{ type: "hero_title", title: "   ", content: "x" }, "Başlık zorunludur."],
      [{ type: "hero_title", title: "x", content: "" }, "İçerik zorunludur."],
      [{ type: "hero_title", title: "x".repeat(201), content: "x" }, "Başlık en fazla 200 karakter olabilir."],
      [{ type: "hero_title", title: "x", content: "x".repeat(5001) }, "İçerik en fazla 5000 karakter olabilir."],
      [{ type: "header_title", title: "x", content: "x" }, "İçerik türü şunlardan biri olmalıdır"],
      [{ title: "x", content: "x" }, "İçerik türü zorunludur."],
      [{ type: "hero_title", title: "x", content: "x", language: "de" }, "Dil şunlardan biri olmalıdır: tr, en."],
      [{ type: "hero_title", title: "x", content: "x", order_index: -1 }, "Sıra numarası 0 veya daha büyük olmalıdır."],
      [{ type: "hero_title", title: "x", content: "x", order_index: 1.5 }, "Sıra numarası tam sayı olmalıdır."],
      [{ type: "hero_title", title: "x", content: "x", is_active: "evet" }, "is_active true ya da false olmalıdır."],
      [{ type: "hero_title", title: 5, content: "x" }, "Başlık metin olmalıdır."],
    ].map(([body, message]) => [JSON.stringify(body).slice(0, 70), body, message] as const),
  )("refuses %s with 400", async (_label, body, message) => {
    const before = await prisma.cmsContent.count();
    const answer = await apiAnswer(async () => {
      const { client_id, ...input } = validate(CreateContentSchema, asJson(body));
      await createContent(input, client_id);
    });
    expect(answer.status).toBe(400);
    expect(answer.detail).toContain(message);
    expect(await prisma.cmsContent.count()).toBe(before);
  });
});
