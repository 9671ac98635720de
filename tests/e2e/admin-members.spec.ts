// The platform admin on a phone, with JavaScript and without (decisions 046, 047): changes a
// member's plan from the dashboard and sees it in the member's log; suspends a member, who is
// then blocked and told why, and reactivates it.
import { createOwner, expect, hasJs, hydrated, logIn, loginAsAdmin, sql, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

/** Keeps this signup among the dashboard's ten newest while other tests sign up in parallel. */
const keepOnTop = (restaurantId: number) =>
  sql("UPDATE restaurants SET createdAt = DATE_ADD(NOW(3), INTERVAL 1 HOUR) WHERE id = ?", [restaurantId]);

test("dashboard: real figures, a plan changed from the recent signups, the change in the member's log", async ({ page }, testInfo) => {
  // A Basic signup starts with 10 tables: it fits every plan.
  const owner = await createOwner({ plan: "basic" });
  await keepOnTop(owner.restaurantId);
  await loginAsAdmin(page);
  await page.goto("/admin/dashboard");
  if (hasJs(testInfo)) await hydrated(page);
  await expect(page.getByRole("heading", { name: "Platform Paneli" })).toBeVisible();
  await expect(page.getByTestId("metric-total")).toContainText(/Toplam restoran\s*\d+/);
  await expect(page.getByRole("heading", { name: "Plan dağılımı" })).toBeVisible();
  // On the phone nothing hides behind a sideways scroll: every menu entry in sight, each signup
  // one block under its column names.
  for (const name of ["Panel", "Başvurular", "Faturalar", "Üyeler", "Bildirimler", "CMS"]) {
    await expect(page.getByRole("navigation", { name: "Yönetim menüsü" }).getByRole("link", { name, exact: true })).toBeInViewport({
      ratio: 1,
    });
  }
  const sideways = await page.evaluate(
    () =>
      [document.documentElement, ...document.querySelectorAll(".admin-nav, .admin-table-wrap")].filter(
        (el) => el.scrollWidth > el.clientWidth,
      ).length,
  );
  expect(sideways).toBe(0);

  const row = page.getByTestId(`signup-${owner.restaurantId}`);
  await expect(row).toContainText(owner.restaurantName);
  await expect(row.getByTestId("plan")).toHaveText("Ücretsiz Deneme");
  await row.getByLabel(`${owner.restaurantName} için yeni plan`).selectOption("pro");
  await row.getByRole("button", { name: "Değiştir" }).click();

  await expect(page.getByTestId("flash")).toHaveText(`${owner.restaurantName} planı Pro olarak değiştirildi.`);
  await expect(page.getByTestId(`signup-${owner.restaurantId}`).getByTestId("plan")).toHaveText("Pro");

  await page
    .getByTestId(`signup-${owner.restaurantId}`)
    .getByRole("link", { name: `Detay: ${owner.restaurantName}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/members/${owner.restaurantId}$`));
  await expect(page.getByTestId("member-plan")).toHaveText("Pro");
  const audit = page.getByTestId("audit");
  await expect(audit).toContainText("Plan değişikliği");
  await expect(audit).toContainText("Ücretsiz Deneme → Pro");
});

test("members: filter, suspend a member (blocked, told why), reactivate (open again)", async ({ page }, testInfo) => {
  const owner = await createOwner();
  await loginAsAdmin(page);
  await page.goto("/admin/members?filter=trial");
  if (hasJs(testInfo)) await hydrated(page);
  await expect(page.getByRole("heading", { name: "Üyeler" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Filtre" }).getByRole("link", { name: "Deneme" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  await page.goto(`/admin/members/${owner.restaurantId}`);
  if (hasJs(testInfo)) await hydrated(page);
  await expect(page.getByRole("heading", { name: owner.restaurantName })).toBeVisible();
  await expect(page.getByTestId("member-status")).toHaveText("Aktif");
  await expect(page.getByTestId("figure-tables")).toContainText("20");
  await page.getByLabel("Açıklama (isteğe bağlı, restorana gösterilir)").fill("Belge kontrolü");
  await page.getByRole("button", { name: "Askıya al" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Üyelik askıya alındı.");
  await expect(page.getByTestId("member-status")).toHaveText("Askıda");

  // The owner: every feature behind the gate, and the reason on top.
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/order-taking");
  await expect(page.getByTestId("account-hold")).toContainText("Hesabınız Sofra tarafından askıya alındı");
  await expect(page.getByTestId("account-hold")).toContainText("Açıklama: Belge kontrolü");
  await expect(page.getByRole("dialog", { name: "Hesabınız askıya alındı" })).toBeVisible();

  // Back as the admin: reactivate.
  await page.goto(`/admin/members/${owner.restaurantId}`);
  if (hasJs(testInfo)) await hydrated(page);
  await page.getByRole("button", { name: "Yeniden etkinleştir" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Üyelik yeniden etkinleştirildi.");
  await expect(page.getByTestId("member-status")).toHaveText("Aktif");
  await expect(page.getByTestId("audit")).toContainText("Askıya alma");
  await expect(page.getByTestId("audit")).toContainText("Yeniden etkinleştirme");

  await page.goto("/app/order-taking");
  await expect(page.getByTestId("account-hold")).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: "Hesabınız askıya alındı" })).toHaveCount(0);
});

test("cancel asks first", async ({ page }, testInfo) => {
  const owner = await createOwner();
  await loginAsAdmin(page);
  await page.goto(`/admin/members/${owner.restaurantId}`);
  if (hasJs(testInfo)) await hydrated(page);
  await page.getByRole("link", { name: "Üyeliği iptal et" }).click();
  await expect(page.getByRole("heading", { name: "Üyelik iptal edilsin mi?" })).toBeVisible();
  await page.getByRole("link", { name: "Vazgeç" }).click();
  await expect(page.getByTestId("member-status")).toHaveText("Aktif");
  await page.getByRole("link", { name: "Üyeliği iptal et" }).click();
  await page.getByRole("button", { name: "Evet, iptal et" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Üyelik iptal edildi.");
  await expect(page.getByTestId("member-status")).toHaveText("İptal");
});
