import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3999";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
const ctx = await browser.newContext({ viewport: { width: 360, height: 740 } });
const page = await ctx.newPage();
await page.goto(base + "/admin/login");
await page.getByLabel("E-posta").fill("admin@sofra.local");
await page.getByLabel("Şifre").fill("sofra-admin-2026");
await page.getByRole("button", { name: "Giriş Yap" }).click();
await page.waitForURL(/dashboard/);
for (const p of process.argv[2].split(",")) {
  await page.goto(base + p);
  const wide = await page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll("body *")) {
      const r = el.getBoundingClientRect();
      if (r.right > 362 && !el.closest("table, .admin-nav")) out.push(`${el.tagName}.${el.className} ${Math.round(r.right)}`);
    }
    return [document.documentElement.scrollWidth, out.slice(0, 8)];
  });
  console.log(p, JSON.stringify(wide));
}
await browser.close();
