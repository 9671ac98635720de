// Turkish tax numbers on invoices (issue 20, decision 062): a company's VKN (vergi kimlik
// numarası, 10 digits, the last a check digit) or a sole trader's TCKN (T.C. kimlik numarası,
// 11 digits with two check digits). Shared by the billing form, its server check and the seller's
// configuration (no zod, no server code; env.server checks the seller's with it).

const digitsOf = (value: string) => [...value].map(Number);

/** The VKN check digit (the tax administration's algorithm): true when the 10th digit matches. */
export function isValidVkn(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const d = digitsOf(value);
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const shifted = (d[i]! + 9 - i) % 10;
    let part = (shifted * 2 ** (9 - i)) % 9;
    if (shifted !== 0 && part === 0) part = 9;
    sum += part;
  }
  return (10 - (sum % 10)) % 10 === d[9];
}

/** The TCKN rules: 11 digits, no leading 0; the 10th and 11th digits are checksums of the ones before. */
export function isValidTckn(value: string): boolean {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const d = digitsOf(value);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  if ((((odd * 7 - even) % 10) + 10) % 10 !== d[9]) return false;
  return d.slice(0, 10).reduce((a, b) => a + b, 0) % 10 === d[10];
}

export const TAX_NUMBER_INVALID =
  "Vergi numarası geçersiz: şirketler için 10 haneli VKN, şahıs işletmeleri için 11 haneli T.C. kimlik numarası girin.";
export const VKN_CHECK_FAILED = "Vergi kimlik numarası (VKN) geçersiz: kontrol hanesi tutmuyor. Lütfen numarayı kontrol edin.";
export const TCKN_CHECK_FAILED = "T.C. kimlik numarası geçersiz: kontrol haneleri tutmuyor. Lütfen numarayı kontrol edin.";

/** Why a tax number is refused (null: it is a valid VKN or TCKN). Spaces are not part of it. */
export function taxNumberProblem(value: string): string | null {
  if (/^\d{10}$/.test(value)) return isValidVkn(value) ? null : VKN_CHECK_FAILED;
  if (/^\d{11}$/.test(value)) return isValidTckn(value) ? null : TCKN_CHECK_FAILED;
  return TAX_NUMBER_INVALID;
}

/** "VKN" or "TCKN", as the invoice labels the number. */
export const taxNumberKind = (value: string) => (value.length === 11 ? "TCKN" : "VKN");
