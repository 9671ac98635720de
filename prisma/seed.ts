// Idempotent seed: the plans, the platform admin, and a demo restaurant set up
// by the same code path as a real signup, with a few orders so screens are not empty.
import { randomUUID } from "node:crypto";
import { loadEnvFile } from "../scripts/lib/load-env.ts";

loadEnvFile();

const { prisma } = await import("~/utils/db.server");
const { PLAN_DEFINITIONS, yearlyPrice } = await import("~/modules/billing/catalog");
const { hashPassword, verifyPassword } = await import("~/modules/auth/password.server");
const { signUp } = await import("~/modules/restaurants/onboarding.server");
const { createStaff } = await import("~/modules/staff/staff.server");
const { CreateStaffSchema } = await import("~/modules/staff/schemas");
const { createStockItem, updateStockItem } = await import("~/modules/stock/stock.server");
const { CreateStockSchema, UpdateStockSchema } = await import("~/modules/stock/schemas");
const { createSection, listConfigurations, migrateLegacyTables, updateConfiguration } = await import("~/modules/tables/management.server");
const { ConfigurationUpdateSchema, SectionSchema } = await import("~/modules/tables/schemas");
const { createDiscount } = await import("~/modules/discounts/discounts.server");
const { CreateDiscountSchema } = await import("~/modules/discounts/schemas");
const { createReservation } = await import("~/modules/reservations/reservations.server");
const { CreateReservationSchema } = await import("~/modules/reservations/schemas");
const { changeMemberPlan } = await import("~/modules/admin/members.server");
const { markInvoicePaid } = await import("~/modules/billing/billing.server");
const { submitApplication } = await import("~/modules/billing/applications.server");
const { ApplicationSchema } = await import("~/modules/billing/application-schema");
const { closeBus } = await import("~/modules/live/bus.server");

export const DEMO_OWNER = {
  email: process.env.DEMO_OWNER_EMAIL ?? "demo@sofra.local",
  password: process.env.DEMO_OWNER_PASSWORD ?? "sofra-demo-2026",
};
/** The demo restaurant's staff accounts (one password for all of them). */
export const DEMO_STAFF_PASSWORD = process.env.DEMO_STAFF_PASSWORD ?? "sofra-personel-2026";
const DEMO_STAFF = [
  // Each with a PIN for the shared tablet (decision 071; README's demo logins).
  { first_name: "Mehmet", last_name: "Yılmaz", email: "garson1@sofra.local", role: "waiter", shift_hours: "10:00-18:00", pin: "4821" },
  { first_name: "Elif", last_name: "Kaya", email: "garson2@sofra.local", role: "waiter", shift_hours: "16:00-24:00", pin: "5930" },
  { first_name: "Can", last_name: "Öztürk", email: "kasa@sofra.local", role: "cashier", shift_hours: "10:00-22:00", pin: "7391" },
  { first_name: "Hasan", last_name: "Çelik", email: "mutfak@sofra.local", role: "kitchen", shift_hours: "09:00-21:00", pin: "2648" },
] as const;

const ADMIN = {
  email: (process.env.PLATFORM_ADMIN_EMAIL ?? "admin@sofra.local").toLowerCase(),
  password: process.env.PLATFORM_ADMIN_PASSWORD ?? "sofra-admin-2026",
};

async function seedPlans() {
  for (const [i, plan] of PLAN_DEFINITIONS.entries()) {
    const data = {
      name: plan.name,
      priceMonthly: plan.priceMonthly.toFixed(2),
      priceYearly: yearlyPrice(plan.priceMonthly).toFixed(2),
      features: plan.features,
      maxTables: plan.maxTables,
      maxStaff: plan.maxStaff,
      maxMenuItems: plan.maxMenuItems,
      recommended: plan.recommended,
      sortOrder: i,
    };
    await prisma.plan.upsert({ where: { id: plan.id }, create: { id: plan.id, ...data }, update: data });
  }
  console.log(`Plans: ${PLAN_DEFINITIONS.map((p) => p.id).join(", ")}`);
}

async function seedPlatformAdmin() {
  if (process.env.NODE_ENV === "production" && !process.env.PLATFORM_ADMIN_PASSWORD) {
    throw new Error("Set PLATFORM_ADMIN_PASSWORD to seed a production database.");
  }
  const existing = await prisma.platformAdmin.findUnique({ where: { email: ADMIN.email } });
  if (!existing) {
    await prisma.platformAdmin.create({
      data: { email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password), name: "Sofra Yönetici", role: "super_admin" },
    });
  } else if (!(await verifyPassword(existing.passwordHash, ADMIN.password))) {
    await prisma.platformAdmin.update({ where: { id: existing.id }, data: { passwordHash: await hashPassword(ADMIN.password) } });
  }
  console.log(`Platform admin: ${ADMIN.email}`);
}

/** A few of today's orders: two paid (cash and card) and two still open. */
async function seedDemoOrders(restaurantId: number, waiterName: string, userId: number) {
  const menu = await prisma.menuItem.findMany({ where: { restaurantId }, orderBy: { sortOrder: "asc" } });
  const byName = (name: string) => menu.find((m) => m.name === name)!;
  const orders: { table: number; items: [string, number][]; paid?: "cash" | "card"; minutesAgo: number }[] = [
    {
      table: 2,
      items: [
        ["Mercimek Çorbası", 2],
        ["Adana Kebap", 2],
        ["Ayran", 2],
      ],
      paid: "cash",
      minutesAgo: 150,
    },
    {
      table: 7,
      items: [
        ["Serpme Kahvaltı", 1],
        ["Çay", 4],
      ],
      paid: "card",
      minutesAgo: 95,
    },
    {
      table: 3,
      items: [
        ["İskender", 1],
        ["Kola", 1],
        ["Künefe", 1],
      ],
      minutesAgo: 25,
    },
    {
      table: 5,
      items: [
        ["Tavuk Şiş", 2],
        ["Su", 2],
      ],
      minutesAgo: 10,
    },
  ];
  for (const o of orders) {
    const at = new Date(Date.now() - o.minutesAgo * 60 * 1000);
    const lines = o.items.map(([name, quantity]) => {
      const item = byName(name);
      const total = item.price.mul(quantity);
      return { menuItemId: item.id, menuItemName: item.name, quantity, unitPrice: item.price, totalPrice: total };
    });
    const totalAmount = lines.reduce((sum, l) => sum.add(l.totalPrice), lines[0]!.totalPrice.mul(0));
    await prisma.$transaction(async (tx) => {
      const table = await tx.restaurantTable.findUniqueOrThrow({ where: { restaurantId_number: { restaurantId, number: o.table } } });
      const order = await tx.order.create({
        data: {
          restaurantId,
          tableId: table.id,
          tableNumber: o.table,
          waiterName,
          createdById: userId,
          status: o.paid ? "paid" : "active",
          totalAmount,
          createdAt: at,
          paidAt: o.paid ? new Date(at.getTime() + 40 * 60 * 1000) : null,
          paidLines: o.paid ? totalAmount : 0,
          guests: 2,
          items: { create: lines },
        },
      });
      if (o.paid) {
        await tx.payment.create({
          data: {
            restaurantId,
            orderId: order.id,
            amount: totalAmount,
            method: o.paid,
            takenById: userId,
            takenByName: waiterName,
            paidAt: order.paidAt!,
            // It paid the whole order (decision 086).
            linesAmount: totalAmount,
            closesOrder: true,
          },
        });
      } else {
        await tx.restaurantTable.update({ where: { id: table.id }, data: { status: "occupied", waiterName, customerCount: 1 } });
      }
    });
  }
}

/**
 * Staff accounts, the floor in two sections and a stock list with its movements, made through the
 * same module functions as the screens, so the demo shows every management screen filled in.
 */
async function seedDemoBackOffice(restaurantId: number, actor: { restaurantId: number; userId: number; name: string }) {
  for (const member of DEMO_STAFF) {
    await createStaff(restaurantId, CreateStaffSchema.parse({ ...member, password: DEMO_STAFF_PASSWORD, salary: "25000" }), null);
  }

  await migrateLegacyTables(restaurantId);
  const garden = await createSection(restaurantId, SectionSchema.parse({ name: "Bahçe", description: "Dış mekân", color: "green" }));
  const configurations = (await listConfigurations(restaurantId)).sort((a, b) => Number(a.table_identifier) - Number(b.table_identifier));
  // The last four tables go out to the garden, under their own names.
  for (const [i, c] of configurations.slice(-4).entries()) {
    await updateConfiguration(
      restaurantId,
      c.id,
      ConfigurationUpdateSchema.parse({
        table_identifier: c.table_identifier,
        display_name: `Bahçe ${i + 1}`,
        capacity: 4,
        shape: "round",
        size: "medium",
        section_id: garden.value.id,
        position_x: 80 + (i % 2) * 400,
        position_y: 80 + Math.floor(i / 2) * 400,
        special_features: i === 0 ? ["Şemsiyeli"] : [],
      }),
    );
  }

  const stock: [string, string, string, number, number, number, string, string][] = [
    ["Kıyma", "ingredient", "kg", 4, 5, 30, "420.00", "Merkez Kasap"],
    ["Domates", "ingredient", "kg", 18, 10, 40, "35.50", "Hal"],
    ["Pirinç", "ingredient", "kg", 25, 10, 50, "62.00", "Toptan Gıda"],
    ["Ayran (şişe)", "beverage", "adet", 36, 48, 200, "9.00", "Süt Kooperatifi"],
    ["Kola (kutu)", "beverage", "adet", 120, 48, 240, "14.00", "Toptan İçecek"],
    ["Bulaşık deterjanı", "cleaning", "lt", 2, 5, 20, "85.00", "Temizlik A.Ş."],
    ["Peçete", "equipment", "paket", 30, 10, 60, "22.00", "Toptan Kağıt"],
  ];
  for (const [name, category, unit, current, min, max, cost, supplier] of stock) {
    const { item } = await createStockItem(
      actor,
      CreateStockSchema.parse({
        name,
        category,
        unit,
        current_stock: current + 5,
        min_stock: min,
        max_stock: max,
        cost_per_unit: cost,
        supplier,
      }),
      undefined,
    );
    await updateStockItem(actor, item.id, UpdateStockSchema.parse({ stock_change: -5, reason: "adjustment", note: "Günlük kullanım" }));
  }
}

/** A welcome code for this month and two reservations for tomorrow evening. */
async function seedDemoGrowth(restaurantId: number) {
  const zone = "Europe/Istanbul";
  const day = (offset: number) =>
    new Intl.DateTimeFormat("sv-SE", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
      new Date(Date.now() + offset * 86_400_000),
    );
  await createDiscount(
    restaurantId,
    CreateDiscountSchema.parse({
      name: "Hoş geldin indirimi",
      type: "percentage",
      value: 10,
      code: "HOSGELDIN10",
      min_order_amount: 200,
      usage_limit: 100,
      start_date: day(0),
      end_date: day(30),
    }),
    undefined,
    zone,
  );
  const guests: [string, string, number, string, number][] = [
    ["Kemal Arslan", "0532 444 11 22", 4, "19:30", 6],
    ["Zeynep Ak", "0541 333 22 11", 2, "20:00", 17],
  ];
  for (const [name, phone, count, time, table] of guests) {
    await createReservation(
      { id: restaurantId, timezone: zone },
      CreateReservationSchema.parse({
        customer_name: name,
        customer_phone: phone,
        guest_count: count,
        date: day(1),
        time,
        table_number: table,
      }),
      undefined,
    );
  }
}

async function seedDemoRestaurant() {
  const existing = await prisma.user.findUnique({ where: { email: DEMO_OWNER.email } });
  if (existing) {
    // A database seeded before verification existed: the demo owner's address is the seed's own.
    await prisma.user.updateMany({ where: { id: existing.id, emailVerifiedAt: null }, data: { emailVerifiedAt: new Date() } });
    console.log(`Demo restaurant: already there (${DEMO_OWNER.email})`);
    return;
  }
  const { userId, restaurantId } = await signUp({
    first_name: "Ayşe",
    last_name: "Demir",
    email: DEMO_OWNER.email,
    password: DEMO_OWNER.password,
    restaurant_name: "Demo Lokanta",
    restaurant_type: "restaurant",
    phone: "0212 555 01 01",
    plan: "pro",
  });
  // The demo owner is verified (no banner); the mail signUp queued finds it so and sends nothing.
  await prisma.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } });
  await seedDemoOrders(restaurantId, "Ayşe Demir", userId);
  await seedDemoBackOffice(restaurantId, { restaurantId, userId, name: "Ayşe Demir" });
  await seedDemoGrowth(restaurantId);
  console.log(`Demo restaurant: Demo Lokanta (${DEMO_OWNER.email} / ${DEMO_OWNER.password})`);
}

type DemoMember = {
  name: string;
  type: "restaurant" | "cafe" | "bar" | "fast_food";
  owner: [string, string];
  daysAgo: number;
  /** paid: moved to the plan by the admin, invoice paid; invoiced: the transfer not yet received; applied: a premium application under review. */
  outcome?: { plan: "basic" | "pro" | "enterprise"; as: "paid" | "invoiced" | "applied" };
};
const DEMO_MEMBERS: DemoMember[] = [
  { name: "Kuzey Kahve", type: "cafe", owner: ["Deniz", "Kuzey"], daysAgo: 2 },
  { name: "Çınar Kebap", type: "restaurant", owner: ["Murat", "Çınar"], daysAgo: 5 },
  { name: "Anadolu Sofrası", type: "restaurant", owner: ["Fatma", "Aydın"], daysAgo: 9 },
  { name: "Mavi Bar", type: "bar", owner: ["Burak", "Mavi"], daysAgo: 17, outcome: { plan: "enterprise", as: "applied" } },
  { name: "Köşe Büfe", type: "fast_food", owner: ["Ali", "Köse"], daysAgo: 21, outcome: { plan: "basic", as: "paid" } },
  { name: "Nane Limon Kafe", type: "cafe", owner: ["Selin", "Yıldız"], daysAgo: 24, outcome: { plan: "pro", as: "applied" } },
  { name: "Liman Balık", type: "restaurant", owner: ["Okan", "Deniz"], daysAgo: 33, outcome: { plan: "pro", as: "paid" } },
  { name: "Ege Meyhanesi", type: "bar", owner: ["Cem", "Ege"], daysAgo: 38, outcome: { plan: "pro", as: "invoiced" } },
  { name: "Tarihi Han Lokantası", type: "restaurant", owner: ["Hülya", "Han"], daysAgo: 47, outcome: { plan: "enterprise", as: "paid" } },
  { name: "Dürüm Durağı", type: "fast_food", owner: ["Emre", "Durak"], daysAgo: 58, outcome: { plan: "basic", as: "paid" } },
];

/**
 * Other restaurants of the platform, so the demo admin's dashboard, members, applications and
 * invoices show real figures: signed up over the last two months by the signup's own code, moved
 * to paid plans by the admin's plan change, invoices paid by the admin's "received", applications
 * sent as an owner sends them. Their owners' passwords are random: nobody logs in as them.
 */
async function seedDemoPlatform() {
  const admin = await prisma.platformAdmin.findUniqueOrThrow({ where: { email: ADMIN.email } });
  let added = 0;
  for (const [i, m] of DEMO_MEMBERS.entries()) {
    const email = `uye${i + 1}@demo.sofra.local`;
    if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) continue;
    const { userId, restaurantId } = await signUp(
      {
        first_name: m.owner[0],
        last_name: m.owner[1],
        email,
        password: randomUUID(),
        restaurant_name: m.name,
        restaurant_type: m.type,
        phone: `0532 555 ${String(10 + i).padStart(2, "0")} ${String(20 + i).padStart(2, "0")}`,
        // The plan chosen on /pricing (its starter tables fit it).
        plan: m.outcome?.plan,
      },
      undefined,
      new Date(Date.now() - m.daysAgo * 86_400_000),
    );
    await prisma.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } });
    added++;
    if (!m.outcome) continue;
    if (m.outcome.as === "applied") {
      const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, include: { restaurant: true } });
      await submitApplication(
        { sessionId: 0, mode: null, user, restaurant: user.restaurant } as unknown as Parameters<typeof submitApplication>[0],
        ApplicationSchema.parse({
          restaurant_name: m.name,
          business_type: m.type,
          requested_plan: m.outcome.plan,
          table_count: "12",
          staff_count: "5",
        }),
      );
      continue;
    }
    const { invoice } = await changeMemberPlan(admin.id, restaurantId, m.outcome.plan, randomUUID());
    if (m.outcome.as === "paid" && invoice) await markInvoicePaid(invoice.id, admin.id);
  }
  console.log(`Demo platform: ${added} more restaurants (${DEMO_MEMBERS.length} in all besides the demo)`);
}

try {
  await seedPlans();
  await seedPlatformAdmin();
  if (process.env.SEED_DEMO !== "false") {
    await seedDemoRestaurant();
    // Made-up members would count in a live platform's figures.
    if (process.env.NODE_ENV !== "production") await seedDemoPlatform();
  }
} finally {
  // The demo's orders publish live events: with REDIS_URL the bus's connections would keep this
  // process alive after the seed (decision 078).
  await closeBus();
  await prisma.$disconnect();
}
