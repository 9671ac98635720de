// Opening an account: the owner, the restaurant with its trial, its starter tables and sample
// menu, and the mail that verifies the owner's address (the /signup and /app forms, POST
// /api/public/signup and /api/auth/register, the seed and the tests' factories).
import { createEventSequence } from "~/modules/live/events.server";
import { randomBytes } from "node:crypto";
import { AccountError, type RequestMeta } from "~/modules/auth/accounts.server";
import { hashPassword } from "~/modules/auth/password.server";
import { hitCounter, releaseCounter, throttleKeys, ThrottledError } from "~/modules/auth/throttle.server";
import { queueVerificationMail } from "~/modules/account/email-verification.server";
import { STARTER_TABLE_COUNT, starterTableCount } from "~/modules/billing/catalog";
import { trialEndFor } from "~/modules/billing/trial.server";
import { createStarterMenu } from "~/modules/menu/starter-menu.server";
import { configureNumberedTables } from "~/modules/tables/numbered-tables.server";
import { prisma } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { getEnv } from "~/utils/env.server";
import type { SignupInput } from "./onboarding-schemas";
import { sampleMenuFor } from "~/modules/menu/sample-menu";
import { slugify } from "~/utils/slug";

export const EMAIL_TAKEN = "Bu e-posta adresiyle kayıtlı bir hesap zaten var.";
export const SIGNUP_LIMITED = "Bu adresten çok fazla kayıt yapıldı. Lütfen bir saat sonra tekrar deneyin.";

/** Signups per client address and hour (SIGNUP_LIMIT_PER_HOUR); a failed signup gives its count back. */
async function countSignup(meta: RequestMeta | undefined) {
  const key = throttleKeys.signup(meta?.ipAddress ?? null);
  const hit = await hitCounter("signup", key, 60 * 60 * 1000);
  if (hit.count > getEnv().SIGNUP_LIMIT_PER_HOUR) {
    await releaseCounter("signup", key);
    throw new ThrottledError(hit.retryAfterSeconds, SIGNUP_LIMITED);
  }
  return () => releaseCounter("signup", key);
}

const suffixedSlug = (name: string) => `${slugify(name)}-${randomBytes(3).toString("hex")}`;

async function uniqueSlug(name: string): Promise<string> {
  const base = slugify(name);
  if ((await prisma.restaurant.count({ where: { slug: base } })) === 0) return base;
  return suffixedSlug(name);
}

/** A signup's fields; the billing period is monthly unless chosen (the seed and older clients leave it out). */
export type SignupArgs = Omit<SignupInput, "billing"> & { billing?: SignupInput["billing"] };

/**
 * Creates the owner, the restaurant with its 14-day trial, its starter tables
 * and sample menu, all or nothing.
 */
export async function signUp(input: SignupArgs, meta?: RequestMeta, now = new Date()) {
  const release = await countSignup(meta);
  try {
    return await createAccount(input, now);
  } catch (error) {
    await release();
    throw error;
  }
}

async function createAccount(input: SignupArgs, now: Date) {
  if (await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    throw new AccountError(409, EMAIL_TAKEN, "email");
  }
  let requestedPlanId: string | null = null;
  // Without a plan chosen the restaurant starts with the trial's limits.
  let tableCount = STARTER_TABLE_COUNT;
  if (input.plan) {
    const plan = await prisma.plan.findUnique({ where: { id: input.plan }, select: { id: true, maxTables: true } });
    if (!plan) throw new AccountError(400, "Seçilen plan bulunamadı.", "plan");
    requestedPlanId = plan.id;
    tableCount = starterTableCount(plan.maxTables);
  }

  // Two hashes with their own salts: the manager password starts equal to the
  // login password but is changed separately in settings.
  const [passwordHash, managerPasswordHash] = await Promise.all([hashPassword(input.password), hashPassword(input.password)]);
  const create = (slug: string) =>
    prisma.$transaction(async (tx) => {
      const restaurant = await tx.restaurant.create({
        data: {
          name: input.restaurant_name,
          type: input.restaurant_type,
          slug,
          phone: input.phone ?? null,
          email: input.email,
          managerPasswordHash,
          subscriptionPlan: "free_trial",
          subscriptionStatus: "active",
          requestedPlanId,
          // The period chosen on /pricing: the upgrade at the end of the trial bills it.
          billingCycle: input.billing ?? "monthly",
          trialEndsAt: trialEndFor(now),
          createdAt: now,
        },
      });
      const user = await tx.user.create({
        data: {
          restaurantId: restaurant.id,
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone ?? null,
          role: "admin",
          isOwner: true,
          lastLoginAt: now,
        },
      });
      await tx.restaurantTable.createMany({
        data: Array.from({ length: tableCount }, (_, i) => ({ restaurantId: restaurant.id, number: i + 1 })),
      });
      await createEventSequence(tx, restaurant.id);
      // On the floor plan from the first day, in "Ana Salon": a new account has no legacy tables to migrate.
      await configureNumberedTables(tx, restaurant.id);
      // The spec's six categories and the sample menu of its kind (the welcome screen offers another or none).
      await createStarterMenu(tx, restaurant.id, sampleMenuFor(input.restaurant_type));
      // The owner proves the address by a link mailed off the request (decision 055).
      await queueVerificationMail(tx, user.id);
      return { userId: user.id, restaurantId: restaurant.id };
    });

  // A concurrent signup with the same restaurant name can take the slug between
  // the check and the insert: then once more with a random suffix.
  for (let attempt = 0; ; attempt++) {
    const slug = attempt === 0 ? await uniqueSlug(input.restaurant_name) : suffixedSlug(input.restaurant_name);
    try {
      return await create(slug);
    } catch (error) {
      if (isUniqueViolation(error, "email")) throw new AccountError(409, EMAIL_TAKEN, "email");
      if (attempt === 0 && isUniqueViolation(error, "slug")) continue;
      throw error;
    }
  }
}
