import { describe, expect, it } from "vitest";
import { buildPushPayload, DEFAULT_PUSH_URL, isAllowedPushEndpoint, isSitePath, PUSH_LIMITS } from "./rules";

describe("isAllowedPushEndpoint (the SSRF guard)", () => {
  it.each([
    "https://fcm.googleapis.com/fcm/send/abc:def",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
    "https://web.push.apple.com/QGw",
    "https://wns2-par02p.notify.windows.com/w/?token=x",
    "https://fcm.googleapis.com:443/fcm/send/x",
  ])("lets a push service's https address through: %s", (url) => {
    expect(isAllowedPushEndpoint(url, false)).toBe(true);
  });

  it.each([
    "http://fcm.googleapis.com/fcm/send/x",
    "https://127.0.0.1/push",
    "https://localhost/push",
    "https://169.254.169.254/latest/meta-data",
    "https://internal.example.com/push",
    "https://fcm.googleapis.com.evil.example/x",
    "https://evilfcm.googleapis.com.example/x",
    "https://user:pw@fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com:8443/fcm/send/x",
    "file:///etc/passwd",
    "not a url",
  ])("refuses anything else: %s", (url) => {
    expect(isAllowedPushEndpoint(url, false)).toBe(false);
  });

  it("the tests' flag lets local http through, still no other scheme", () => {
    expect(isAllowedPushEndpoint("http://127.0.0.1:4567/push/1", true)).toBe(true);
    expect(isAllowedPushEndpoint("ftp://127.0.0.1/x", true)).toBe(false);
    expect(isAllowedPushEndpoint("http://127.0.0.1:4567/push/1", false)).toBe(false);
  });
});

describe("buildPushPayload", () => {
  it("carries title, body, url and tag", () => {
    expect(JSON.parse(buildPushPayload({ title: "Başlık", body: "Gövde", url: "/app/notifications?id=3", tag: "n-3" }))).toEqual({
      title: "Başlık",
      body: "Gövde",
      url: "/app/notifications?id=3",
      tag: "n-3",
    });
  });

  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"])(
    "a url off this site (%s) becomes the inbox",
    (url) => {
      expect(JSON.parse(buildPushPayload({ title: "t", body: "b", url })).url).toBe(DEFAULT_PUSH_URL);
    },
  );

  it("shortens a long body (multi-byte letters and emoji too) to what push services take", () => {
    const body = "ğüşiöç🍽".repeat(2000);
    const payload = buildPushPayload({ title: "Uzun", body });
    expect(new TextEncoder().encode(payload).byteLength).toBeLessThanOrEqual(PUSH_LIMITS.payloadBytes);
    const parsed = JSON.parse(payload);
    expect(parsed.title).toBe("Uzun");
    expect(parsed.body.endsWith("…")).toBe(true);
    expect(body.startsWith(parsed.body.slice(0, -1))).toBe(true);
  });

  it("a short body is left whole", () => {
    expect(JSON.parse(buildPushPayload({ title: "t", body: "x".repeat(1000) })).body).toHaveLength(1000);
  });

  it("isSitePath", () => {
    expect(isSitePath("/app")).toBe(true);
    expect(isSitePath("//x")).toBe(false);
    expect(isSitePath("app")).toBe(false);
  });
});
