// The restaurant's shared tablet (decision 071). A manager makes a browser a device of the
// restaurant: it keeps only an opaque token in the __sofra_tablet cookie (its SHA-256 in
// shared_devices), and staff switch to themselves on it with their PIN. Every session started on
// such a browser is bound to the device and ends after PIN_IDLE_MS without a person's request
// (sessions.server.ts). Revoking the device ends its sessions and makes its cookie worthless.
import { createHmac } from "node:crypto";
import { prisma } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { getEnv } from "~/utils/env.server";
import { PIN_WRONG_MESSAGE } from "./pin-rules";
import { pinLookup, verifyPin } from "./pin.server";
import { createSession, hashToken, signedCookie, type HeaderSource } from "./sessions.server";
import { burnPasswordCheck } from "./password.server";
import { delayFor, hitCounter, releaseCounter, resetCounter, sleep, ThrottledError } from "./throttle.server";

export const SHARED_DEVICE_NOT_FOUND = "Ortak tablet bulunamadı.";
export const PIN_LOCKED = (minutes: number) =>
  `Bu tablette çok fazla hatalı PIN girildi. Lütfen ${minutes} dakika sonra tekrar deneyin ya da e-posta ile giriş yapın.`;
export const PIN_RESTAURANT_LOCKED = (minutes: number) =>
  `Restoranın tabletlerinde çok fazla hatalı PIN girildi. Lütfen ${minutes} dakika sonra tekrar deneyin.`;

/** Wrong PINs on one device per 15 minutes before it is refused (429) for the rest of the window. */
export const PIN_DEVICE_LIMIT = 5;
/** Wrong PINs on all of a restaurant's devices together per 15 minutes before every device is refused. */
export const PIN_RESTAURANT_LIMIT = 30;

const TOKEN_LABEL = "sofra:shared-tablet-token:v1";

const tabletCookie = signedCookie("__sofra_tablet", () => 365 * 24 * 60 * 60);

export async function readTabletToken(request: HeaderSource): Promise<string | null> {
  const value = await tabletCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length >= 32 ? value : null;
}

export const commitTabletCookie = (token: string) => tabletCookie().serialize(token);
export const clearTabletCookie = () => tabletCookie().serialize("", { maxAge: 0, expires: new Date(0) });

export interface SharedDevice {
  id: number;
  name: string;
  restaurantId: number;
  restaurantName: string;
}

/**
 * The device this browser is, if its cookie names a device that is not revoked (and its
 * restaurant is not closed); `revoked` when the cookie is there but worth nothing.
 */
export async function findSharedDevice(request: HeaderSource): Promise<SharedDevice | "revoked" | null> {
  const token = await readTabletToken(request);
  if (!token) return null;
  const device = await prisma.sharedDevice.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, name: true, restaurantId: true, revokedAt: true, restaurant: { select: { name: true } } },
  });
  if (!device || device.revokedAt) return "revoked";
  return { id: device.id, name: device.name, restaurantId: device.restaurantId, restaurantName: device.restaurant.name };
}

/**
 * The token of a device made with `key`: the same key gives the same token, so a double tap or
 * a retry after a lost answer sets the same cookie (only its hash is stored). Keyed by the
 * server's secret: knowing a key is not knowing the token.
 */
function tokenFor(restaurantId: number, key: string): string {
  const secret = createHmac("sha256", getEnv().SESSION_SECRET).update(TOKEN_LABEL).digest();
  return createHmac("sha256", secret).update(`${restaurantId}:${key}`).digest("base64url");
}

export interface DeviceActor {
  restaurantId: number;
  userId: number;
  sessionId: number;
}

/**
 * Makes this browser the restaurant's shared tablet (manager mode). The manager's session on it
 * ends (the caller clears its cookie): the next person signs in with a PIN. A repeat with the
 * same key makes one device and answers the same token.
 */
export async function makeSharedDevice(actor: DeviceActor, name: string, key: string): Promise<{ token: string; deviceId: number }> {
  const token = tokenFor(actor.restaurantId, key);
  let deviceId: number;
  try {
    const device = await prisma.sharedDevice.create({
      data: { restaurantId: actor.restaurantId, name, tokenHash: hashToken(token), createdByUserId: actor.userId, createKey: key },
      select: { id: true },
    });
    deviceId = device.id;
  } catch (error) {
    if (!isUniqueViolation(error, "createKey") && !isUniqueViolation(error, "tokenHash")) throw error;
    const existing = await prisma.sharedDevice.findUnique({
      where: { restaurantId_createKey: { restaurantId: actor.restaurantId, createKey: key } },
      select: { id: true, revokedAt: true },
    });
    if (!existing) throw error;
    if (existing.revokedAt) throw new DomainError(409, "Bu tablet kaldırıldı. Sayfayı yenileyip yeniden deneyin.");
    deviceId = existing.id;
  }
  await prisma.session.deleteMany({ where: { id: actor.sessionId } });
  return { token, deviceId };
}

export interface SharedDeviceDto {
  id: number;
  name: string;
  created_at: string;
  last_seen_at: string;
}

/** The restaurant's devices that are not revoked, newest first. */
export async function listSharedDevices(restaurantId: number): Promise<SharedDeviceDto[]> {
  const rows = await prisma.sharedDevice.findMany({
    where: { restaurantId, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, createdAt: true, lastSeenAt: true },
  });
  return rows.map((d) => ({ id: d.id, name: d.name, created_at: d.createdAt.toISOString(), last_seen_at: d.lastSeenAt.toISOString() }));
}

/** Revokes a device of the restaurant and ends its sessions; again is a no-op. Another restaurant's id: 404. */
export async function revokeSharedDevice(restaurantId: number, id: number): Promise<{ revoked: boolean }> {
  return prisma.$transaction(async (tx) => {
    const device = await tx.sharedDevice.findFirst({ where: { id, restaurantId }, select: { id: true, revokedAt: true } });
    if (!device) throw new DomainError(404, SHARED_DEVICE_NOT_FOUND);
    if (device.revokedAt) return { revoked: false };
    await tx.sharedDevice.update({ where: { id }, data: { revokedAt: new Date() } });
    await tx.session.deleteMany({ where: { sharedDeviceId: id } });
    return { revoked: true };
  });
}

const pinKeys = {
  device: (deviceId: number) => `device:${deviceId}`,
  restaurant: (restaurantId: number) => `restaurant:${restaurantId}`,
};

export interface PinMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * A PIN typed on a device: its staff member's new session (bound to the device, staff mode), or
 * 400 "PIN hatalı." whether or not the PIN belongs to anyone. Each attempt is counted before it
 * is judged, per device (5 wrong in 15 minutes, then 429) and per restaurant (30); a right PIN
 * clears its device's count. A right PIN of an account closed since is as wrong as any.
 */
export async function signInWithPin(device: SharedDevice, pin: string, meta: PinMeta, now = new Date()) {
  const onDevice = await hitCounter("staff_pin", pinKeys.device(device.id), undefined, now);
  if (onDevice.count > PIN_DEVICE_LIMIT) {
    throw new ThrottledError(onDevice.retryAfterSeconds, PIN_LOCKED(Math.ceil(onDevice.retryAfterSeconds / 60)));
  }
  const inRestaurant = await hitCounter("staff_pin", pinKeys.restaurant(device.restaurantId), undefined, now);
  if (inRestaurant.count > PIN_RESTAURANT_LIMIT) {
    throw new ThrottledError(inRestaurant.retryAfterSeconds, PIN_RESTAURANT_LOCKED(Math.ceil(inRestaurant.retryAfterSeconds / 60)));
  }
  const user = await prisma.user.findUnique({
    where: { restaurantId_pinLookup: { restaurantId: device.restaurantId, pinLookup: pinLookup(device.restaurantId, pin) } },
    select: { id: true, pinHash: true, isActive: true, isOwner: true },
  });
  const candidate = user?.pinHash && user.isActive && !user.isOwner ? { id: user.id, pinHash: user.pinHash } : null;
  // The same argon2id work whether or not the PIN names anyone: the timing says nothing either.
  const valid = candidate ? await verifyPin(candidate.pinHash, pin) : await burnPasswordCheck(pin).then(() => false);
  if (!valid || !candidate) {
    // Growing waits after the first two wrong PINs on this device.
    await sleep(delayFor(onDevice.count, 2));
    throw new DomainError(400, PIN_WRONG_MESSAGE);
  }
  // A right PIN is not a guess: its device starts again, and it gives its attempt back to the
  // restaurant's count (a busy evening of switches must never reach the restaurant's ceiling).
  await resetCounter("staff_pin", pinKeys.device(device.id));
  await releaseCounter("staff_pin", pinKeys.restaurant(device.restaurantId));
  const token = await createSession({ userId: candidate.id, restaurantId: device.restaurantId, sharedDeviceId: device.id, ...meta }, now);
  await prisma.$transaction([
    prisma.user.update({ where: { id: candidate.id }, data: { lastLoginAt: now } }),
    prisma.sharedDevice.update({ where: { id: device.id }, data: { lastSeenAt: now } }),
  ]);
  return token;
}
