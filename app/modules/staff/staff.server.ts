// Staff accounts of a restaurant: the staff screen and /api/staff. Every function takes the
// restaurant from the session first. Passwords are hashed here (argon2id) and neither they
// nor their hashes ever leave this module: staffDto is the only shape that goes out.
// Deleting is soft (decision 027): the account is closed, its sessions end, its e-mail is
// released, and past orders and payments keep its name and id.
import { Prisma } from "~/generated/prisma/client";
import type { StaffRole } from "~/generated/prisma/enums";
import { hashPassword } from "~/modules/auth/password.server";
import { PIN_TAKEN_MESSAGE } from "~/modules/auth/pin-rules";
import { hashPin, pinLookup } from "~/modules/auth/pin.server";
import { assertWithinPlanLimit, planLimit, type PlanLimit } from "~/modules/billing/limits.server";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { prisma, type Tx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";
import { CANNOT_CHANGE_OWN_ROLE, CANNOT_DELETE_SELF, EMAIL_IN_USE, EMAIL_NOT_EDITABLE, STAFF_NOT_FOUND, STALE_STAFF } from "./rules";
import type { CreateStaffInput, UpdateStaffInput } from "./schemas";

/** A refusal that names the form field it is about (the page shows it there). */
export class StaffError extends DomainError {
  constructor(
    status: 400 | 403 | 404 | 409,
    message: string,
    readonly field?: string,
    extra?: Record<string, unknown>,
  ) {
    super(status, message, extra);
  }
}

/** Who is acting: the session's restaurant and account (never from the request). */
export interface StaffActor {
  restaurantId: number;
  userId: number;
  sessionId: number;
}

const staffSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  role: true,
  shiftHours: true,
  salary: true,
  version: true,
  lastLoginAt: true,
  createdAt: true,
  // Only whether there is a PIN leaves this module (has_pin), never the PIN or its hash.
  pinLookup: true,
} as const satisfies Prisma.UserSelect;
type StaffRow = Prisma.UserGetPayload<{ select: typeof staffSelect }>;

/** The spec's staff fields (section 7), with the version an edit sends back. Never a password or hash. */
export interface StaffDto {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: StaffRole;
  phone: string | null;
  shift_hours: string | null;
  salary: number;
  version: number;
  last_login_at: string | null;
  created_at: string;
  /** Whether the account has a PIN for the shared tablet (decision 071); the PIN is never shown. */
  has_pin: boolean;
}

export function staffDto(u: StaffRow): StaffDto {
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    role: u.role,
    phone: u.phone,
    shift_hours: u.shiftHours,
    salary: toMoney(u.salary),
    version: u.version,
    last_login_at: u.lastLoginAt?.toISOString() ?? null,
    created_at: u.createdAt.toISOString(),
    has_pin: u.pinLookup !== null,
  };
}

/** Staff are the restaurant's active accounts other than the owner (the plan limit counts the same). */
const staffWhere = (restaurantId: number) => ({ restaurantId, isOwner: false, isActive: true });

export async function listStaff(restaurantId: number): Promise<StaffDto[]> {
  const rows = await prisma.user.findMany({
    where: staffWhere(restaurantId),
    select: staffSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(staffDto);
}

/** The staff limit of the restaurant's plan and how much of it is used, for the screen. */
export function staffLimit(restaurantId: number): Promise<PlanLimit> {
  return planLimit(restaurantId, "staff");
}

/**
 * A deleted account keeps its row (orders and payments point to it) but not its e-mail:
 * the address becomes free for a new account (decision 027).
 */
const releasedEmail = (id: number) => `silindi-${id}@silindi.sofra.invalid`;

export interface CreateResult {
  staff: StaffDto;
  /** The key was seen before: this is the account that create made, nothing new was written. */
  replayed: boolean;
}

async function findByKey(tx: Tx | typeof prisma, restaurantId: number, key: string) {
  return tx.user.findUnique({ where: { restaurantId_createKey: { restaurantId, createKey: key } }, select: staffSelect });
}

/**
 * Creates a staff account: under the restaurant's row lock, the plan's staff limit is checked
 * and a key already used returns the account it made (201 once, then 200 with the same account).
 */
/** The columns a PIN is kept in (decision 071): set, cleared (null) or left alone (undefined). */
async function pinColumns(restaurantId: number, pin: string | null | undefined) {
  if (pin === undefined) return {};
  if (pin === null) return { pinHash: null, pinLookup: null };
  return { pinHash: await hashPin(pin), pinLookup: pinLookup(restaurantId, pin) };
}

/** Another staff member of the restaurant has this PIN (the unique index said so, even in a race): 409. */
function pinTaken(error: unknown) {
  return isUniqueViolation(error, "pinLookup") ? new StaffError(409, PIN_TAKEN_MESSAGE, "pin") : null;
}

export async function createStaff(restaurantId: number, input: CreateStaffInput, key: string | null): Promise<CreateResult> {
  // Hashing takes tens of milliseconds: not while holding the restaurant's lock.
  const passwordHash = await hashPassword(input.password);
  const pin = await pinColumns(restaurantId, input.pin ?? undefined);
  try {
    return await prisma.$transaction(async (tx) => {
      if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, "Restoran bulunamadı.");
      if (key) {
        const existing = await findByKey(tx, restaurantId, key);
        if (existing) return { staff: staffDto(existing), replayed: true };
      }
      if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
        throw new StaffError(409, EMAIL_IN_USE, "email");
      }
      await assertWithinPlanLimit(tx, restaurantId, "staff");
      const created = await tx.user.create({
        data: {
          restaurantId,
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone ?? null,
          role: input.role,
          shiftHours: input.shift_hours ?? null,
          salary: new Prisma.Decimal(input.salary),
          createKey: key,
          ...pin,
        },
        select: staffSelect,
      });
      return { staff: staffDto(created), replayed: false };
    });
  } catch (error) {
    // Another restaurant took the address at the same moment (the e-mail is unique across Sofra).
    if (isUniqueViolation(error, "email")) throw new StaffError(409, EMAIL_IN_USE, "email");
    if (key && isUniqueViolation(error, "createKey")) {
      const existing = await findByKey(prisma, restaurantId, key);
      if (existing) return { staff: staffDto(existing), replayed: true };
    }
    throw pinTaken(error) ?? error;
  }
}

interface LockedUser {
  id: number;
  email: string;
  role: StaffRole;
  isOwner: number | boolean;
  isActive: number | boolean;
  version: number;
}

/** The account's row, locked until the transaction ends; null unless it is this restaurant's staff. */
async function lockStaff(tx: Tx, restaurantId: number, id: number): Promise<LockedUser | null> {
  const [row] = await tx.$queryRaw<LockedUser[]>`
    SELECT id, email, role, isOwner, isActive, version FROM users
    WHERE id = ${id} AND restaurantId = ${restaurantId} FOR UPDATE`;
  return row && !row.isOwner ? row : null;
}

/**
 * Edits an account. The e-mail stays; a new password (optional) signs the account out
 * everywhere but the editor's own session; a version other than the current one is a 409.
 */
export async function updateStaff(actor: StaffActor, id: number, input: UpdateStaffInput): Promise<StaffDto> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const pin = await pinColumns(actor.restaurantId, input.pin);
  return prisma
    .$transaction(async (tx) => {
      const row = await lockStaff(tx, actor.restaurantId, id);
      if (!row || !row.isActive) throw new StaffError(404, STAFF_NOT_FOUND);
      if (input.email !== undefined && input.email !== row.email.toLowerCase()) {
        throw new StaffError(400, EMAIL_NOT_EDITABLE, "email");
      }
      if (input.version !== undefined && input.version !== row.version) {
        throw new StaffError(409, STALE_STAFF, undefined, { version: row.version });
      }
      if (id === actor.userId && input.role !== row.role) throw new StaffError(403, CANNOT_CHANGE_OWN_ROLE, "role");
      const updated = await tx.user.update({
        where: { id },
        data: {
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone ?? null,
          role: input.role,
          shiftHours: input.shift_hours ?? null,
          salary: new Prisma.Decimal(input.salary),
          version: { increment: 1 },
          ...(passwordHash ? { passwordHash } : {}),
          ...pin,
        },
        select: staffSelect,
      });
      // A new password: whoever knew the old one is signed out.
      if (passwordHash) await tx.session.deleteMany({ where: { userId: id, id: { not: actor.sessionId } } });
      // A role that can no longer be a manager leaves manager mode at once (sessions.server.ts also checks).
      if (input.role !== row.role)
        await tx.session.updateMany({ where: { userId: id, mode: "manager" }, data: { mode: null, managerSeenAt: null } });
      return staffDto(updated);
    })
    .catch((error: unknown) => {
      throw pinTaken(error) ?? error;
    });
}

/**
 * Deletes an account: closed, signed out everywhere at once, its e-mail released. Deleting it
 * again answers as the first time did (deleted: false says nothing changed).
 */
export async function deleteStaff(actor: StaffActor, id: number): Promise<{ deleted: boolean }> {
  if (id === actor.userId) throw new StaffError(403, CANNOT_DELETE_SELF);
  return prisma.$transaction(async (tx) => {
    const row = await lockStaff(tx, actor.restaurantId, id);
    if (!row) throw new StaffError(404, STAFF_NOT_FOUND);
    if (!row.isActive) return { deleted: false };
    await tx.user.update({
      where: { id },
      // Its PIN is released too: another staff member may take it.
      data: { isActive: false, email: releasedEmail(id), pinHash: null, pinLookup: null, version: { increment: 1 } },
    });
    await tx.session.deleteMany({ where: { userId: id } });
    // Their browsers stop receiving the restaurant's push notifications.
    await tx.pushSubscription.deleteMany({ where: { userId: id } });
    return { deleted: true };
  });
}

/** Whether waiters may take payments (the staff screen's setting); the value wanted, not a toggle. */
export async function setWaitersTakePayments(restaurantId: number, value: boolean) {
  await prisma.restaurant.update({ where: { id: restaurantId }, data: { waitersTakePayments: value } });
}
