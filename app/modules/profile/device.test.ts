import { describe, expect, it } from "vitest";
import { deviceLabel } from "./device";

describe("deviceLabel", () => {
  it("names the system and browser a person recognises", () => {
    expect(
      deviceLabel("Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36"),
    ).toBe("Android · Chrome");
    expect(
      deviceLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Version/17.1 Mobile/15E148 Safari/604.1"),
    ).toBe("iPhone/iPad · Safari");
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0")).toBe(
      "Windows · Edge",
    );
    expect(deviceLabel("Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0")).toBe("Linux · Firefox");
  });
  it("API clients and unknown agents", () => {
    expect(deviceLabel(null)).toBe("Bilinmeyen cihaz");
    expect(deviceLabel("node")).toBe("Uygulama / API istemcisi");
  });
});
