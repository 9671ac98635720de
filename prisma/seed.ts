// Idempotent seed: the plans, the platform admin, and a demo restaurant set up
// by the same code path as a real signup, with a few orders so screens are not empty.
import { loadEnvFile } from "../scripts/lib/load-env.ts";

loadEnvFile();

const { prisma } = await import("~/utils/db.server");
const { PLAN_DEFINITIONS, yearlyPrice } = await import("~/modules/billing/catalog");
const { hashPassword, verifyPassword } = await import("~/modules/auth/password.server");
const { signUp } = await import("~/modules/auth/accounts.server");

export const DEMO_OWNER = {
  email: process.env.DEMO_OWNER_EMAIL ?? "demo@sofra.local",
  password: process.env.DEMO_OWNER_PASSWORD ?? "sofra-demo-2026",
};
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
          },
        });
      } else {
        await tx.restaurantTable.update({ where: { id: table.id }, data: { status: "occupied", waiterName, customerCount: 1 } });
      }
    });
  }
}

async function seedDemoRestaurant() {
  const existing = await prisma.user.findUnique({ where: { email: DEMO_OWNER.email } });
  if (existing) {
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
  await seedDemoOrders(restaurantId, "Ayşe Demir", userId);
  console.log(`Demo restaurant: Demo Lokanta (${DEMO_OWNER.email} / ${DEMO_OWNER.password})`);
}

try {
  await seedPlans();
  await seedPlatformAdmin();
  if (process.env.SEED_DEMO !== "false") await seedDemoRestaurant();
} finally {
  await prisma.$disconnect();
}
