import { prisma } from "~/utils/db.server";
import { toMoney } from "~/utils/money";

export interface PlanDto {
  id: string;
  name: string;
  price_monthly: number;
  price_yearly: number;
  features: string[];
  max_tables: number | null;
  max_staff: number | null;
  max_menu_items: number | null;
  recommended: boolean;
}

export async function listPlans(): Promise<PlanDto[]> {
  const plans = await prisma.plan.findMany({ orderBy: { sortOrder: "asc" } });
  return plans.map((p) => ({
    id: p.id,
    name: p.name,
    price_monthly: toMoney(p.priceMonthly),
    price_yearly: toMoney(p.priceYearly),
    features: Array.isArray(p.features) ? (p.features as string[]) : [],
    max_tables: p.maxTables,
    max_staff: p.maxStaff,
    max_menu_items: p.maxMenuItems,
    recommended: p.recommended,
  }));
}

export async function planExists(id: string): Promise<boolean> {
  return (await prisma.plan.count({ where: { id } })) > 0;
}
