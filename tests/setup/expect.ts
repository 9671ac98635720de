// Assertions shared by the API integration tests.
import { createHash } from "node:crypto";
import { expect } from "vitest";
import { prisma } from "~/utils/db.server";

export interface ApiResult {
  status: number;
  json: any;
  text: string;
  headers: Headers;
}

/** The error contract: this status and exactly this Turkish `detail`. */
export function expectError(res: ApiResult, status: number, detail: string | RegExp) {
  expect({ status: res.status, detail: res.json?.detail }, res.text).toEqual({
    status,
    detail: typeof detail === "string" ? detail : expect.stringMatching(detail),
  });
}

/** A validation refusal: 400, the detail, and the same message listed under the field. */
export function expectFieldError(res: ApiResult, field: string, detail: string) {
  expectError(res, 400, detail);
  expect(res.json.errors?.[field], `errors.${field} in ${res.text}`).toContain(detail);
}

/** The sessions row of a bearer token (only its SHA-256 is stored). */
export function sessionRow(token: string) {
  const tokenHash = createHash("sha256").update(token).digest("hex");
  return prisma.session.findUnique({ where: { tokenHash } });
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export const MESSAGES = {
  malformedJson: "İstek gövdesi geçerli bir JSON değil.",
  expectedJsonObject: "İstek gövdesi bir JSON nesnesi olmalıdır.",
  unsupportedMediaType: "İstek gövdesi application/json olarak gönderilmelidir.",
  tooLarge: "İstek gövdesi çok büyük (en fazla 64 KB).",
  methodNotAllowed: "Bu adres bu HTTP yöntemini desteklemiyor.",
  apiNotFound: "Böyle bir API adresi yok.",
  unauthorized: "Oturum açmanız gerekiyor.",
  sessionExpired: "Oturum Süresi Doldu, Lütfen tekrar giriş yapın",
  malformedAuthorization: "Authorization başlığı 'Bearer <token>' biçiminde olmalıdır.",
  managerOnly: "Bu işlem için yönetici girişi gerekiyor.",
  invalidCredentials: "E-posta veya şifre hatalı.",
  emailTaken: "Bu e-posta adresiyle kayıtlı bir hesap zaten var.",
  wrongManagerPassword: "Şifre yanlış! Yönetici paneline erişim izniniz yok.",
  invalidEmail: "Lütfen geçerli bir e-posta adresi girin (örnek: ad@ornek.com).",
  throttled: /^Çok fazla başarısız deneme yapıldı\. Lütfen \d+ dakika sonra tekrar deneyin\.$/,
} as const;
