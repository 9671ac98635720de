// The platform admin sends a notification to a restaurant; its owner finds it in the app's inbox
// with the unread count in the header, and marks it read. With JavaScript on and off (the two
// projects), on a phone-sized screen.
import { randomUUID } from "node:crypto";
import { apiJson, expect, logIn, loginAsAdmin, test } from "./fixtures";
import { waitForE2eMail } from "./mail";

test("admin sends a notification; the owner sees it in the inbox and by e-mail, and marks it read", async ({ page, owner }) => {
  const title = `Bakım duyurusu ${randomUUID().slice(0, 6)}`;
  await loginAsAdmin(page);
  await page.goto("/admin/notifications");
  await expect(page.getByRole("heading", { name: "Bildirimler", level: 1 })).toBeVisible();

  // Without a recipient the server says so and keeps what was typed.
  await page.getByLabel("Başlık").fill(title);
  await page.getByLabel("Mesaj").fill("Bu gece 02:00-03:00 arasında kısa bir bakım yapılacak.");
  await page.getByLabel("Tür").selectOption("warning");
  await page.getByRole("button", { name: "Bildirimi Gönder" }).click();
  await expect(page.getByText("Lütfen en az bir alıcı seçin").first()).toBeVisible();
  await expect(page.getByLabel("Başlık")).toHaveValue(title);

  await page.getByRole("checkbox", { name: new RegExp(owner.restaurantName) }).check();
  await expect(page.getByRole("checkbox", { name: "E-posta gönder" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Anlık bildirim (push) gönder" })).not.toBeChecked();
  await page.getByRole("button", { name: "Bildirimi Gönder" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Bildirim başarıyla gönderildi!");
  await expect(page.getByTestId("history-row").filter({ hasText: title })).toBeVisible();

  // The server's job worker delivers it: inbox row and e-mail.
  await expect
    .poll(async () => (await apiJson("/api/notifications", { token: owner.token })).json.unread_count, { timeout: 20_000 })
    .toBe(1);
  const mail = await waitForE2eMail((m) => m.to.includes(owner.email) && m.subject.includes(title));
  expect(mail.text).toContain("02:00-03:00");

  await logIn(page, owner);
  await page.goto("/app/profile");
  await expect(page.getByTestId("unread-count")).toHaveText("1");
  await page.getByTestId("inbox-link").click();
  await expect(page).toHaveURL(/\/app\/notifications$/);
  const item = page.getByTestId("inbox-item").filter({ hasText: title });
  await expect(item).toHaveAttribute("data-read", "false");
  await expect(item.getByText("Uyarı")).toBeVisible();
  await item.getByRole("button", { name: "Okundu işaretle" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Bildirim okundu olarak işaretlendi.");
  await expect(item).toHaveAttribute("data-read", "true");
  await expect(page.getByTestId("unread-count")).toHaveCount(0);
});
