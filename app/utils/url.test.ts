import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_TO, safeReturnTo, withParams, withQuery } from "./url";

describe("withParams / withQuery", () => {
  it("sets, replaces and removes parameters", () => {
    expect(withParams({ pathname: "/app/admin", search: "?menu=1&x=2" }, { menu: null, table_status: "5" })).toBe(
      "/app/admin?x=2&table_status=5",
    );
    expect(withParams({ pathname: "/payments", search: "" }, { a: null })).toBe("/payments");
    expect(withQuery("/app/staff?table=3", { upgraded: "1" })).toBe("/app/staff?table=3&upgraded=1");
    expect(withQuery("/app/staff", { upgraded: "1" })).toBe("/app/staff?upgraded=1");
  });
});

describe("safeReturnTo", () => {
  it.each(["/app", "/app/staff", "/app/order-taking?table=4", "/payments", "/payments?table=2", "/app?x=1"])("keeps %s", (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    null,
    undefined,
    7,
    "",
    "/",
    "//evil.example/app",
    "https://evil.example/app",
    "/application",
    "/paymentsx",
    "/app\\..\\x",
    "/app/\r\nSet-Cookie: x=1",
    "/app/\u0000",
    `/app/${"a".repeat(2001)}`,
    "/app/../admin",
    "/app/%2e%2e/admin",
  ])("refuses %j", (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });
});

describe("safeReturnTo encodes what a Location header cannot carry", () => {
  it.each([
    ["/app/menü?q=ğ", "/app/men%C3%BC?q=%C4%9F"],
    ["/app/staff?name=İş Ü", "/app/staff?name=%C4%B0%C5%9F%20%C3%9C"],
    ["/app/admin#x", "/app/admin"],
  ])("%s → %s", (value, encoded) => {
    const safe = safeReturnTo(value);
    expect(safe).toBe(encoded);
    // Every character is one a header may hold (Latin-1 and printable).
    expect(() => new Headers({ Location: safe })).not.toThrow();
    expect(/^[\x21-\x7e]+$/.test(safe)).toBe(true);
  });
});
