// Kitchen printers (decision 080). A manager makes a print device for a station and is shown its
// token once; only the token's SHA-256 is stored, like a session's. The token opens the print
// agent's endpoints and nothing else (they sit outside the session layout, and no session row has
// its hash): its station's unprinted tickets, its station's ticket events, the acknowledgement.
// Exactly once rests here: a ticket is listed until its device acknowledges it, and
// (deviceId, ticketId) is unique, so a second acknowledgement is a no-op.
import { randomBytes } from "node:crypto";
import type { AccessSubject } from "~/modules/auth/roles";
import { hashToken } from "~/modules/auth/sessions.server";
import { prisma } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import {
  MAX_PRINT_DEVICES,
  PRINT_DEVICE_NOT_FOUND,
  PRINT_TICKET_NOT_FOUND,
  PRINT_TOKEN_PREFIX,
  PRINT_WINDOW_HOURS,
  TOO_MANY_PRINT_DEVICES,
  UNPRINTED_LIMIT,
  type PrintDeviceDto,
} from "./print-devices";
import { assertStation } from "./stations.server";
import { findTicket } from "./tickets.server";
import type { TicketDto } from "./tickets";

/** lastSeenAt is written at most this often (the agent polls and streams all day). */
const SEEN_INTERVAL_MS = 60_000;

const deviceInclude = { station: { select: { id: true, name: true } } } as const;

function dto(d: {
  id: number;
  name: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  station: { id: number; name: string };
}): PrintDeviceDto {
  return {
    id: d.id,
    name: d.name,
    station: { id: d.station.id, name: d.station.name },
    created_at: d.createdAt.toISOString(),
    last_seen_at: d.lastSeenAt?.toISOString() ?? null,
  };
}

/** The restaurant's print devices, oldest first. */
export async function listPrintDevices(restaurantId: number): Promise<PrintDeviceDto[]> {
  const rows = await prisma.printDevice.findMany({ where: { restaurantId }, include: deviceInclude, orderBy: { id: "asc" } });
  return rows.map(dto);
}

const newToken = () => `${PRINT_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;

const deviceByKey = (restaurantId: number, createKey: string) =>
  prisma.printDevice.findUnique({ where: { restaurantId_createKey: { restaurantId, createKey } }, include: deviceInclude });

export interface CreatedPrintDevice {
  device: PrintDeviceDto;
  /** The token, on the first answer only (a replay of the same key has none: it is not stored). */
  token: string | null;
  replayed: boolean;
}

/**
 * Makes a print device for one of the restaurant's stations. The token is random and shown once:
 * a repeat of the same key answers the device without it (the manager deletes and makes another
 * when the first answer was lost).
 */
export async function createPrintDevice(
  restaurantId: number,
  input: { name: string; stationId: number },
  createKey: string | null,
): Promise<CreatedPrintDevice> {
  const token = newToken();
  try {
    return await prisma.$transaction(async (tx) => {
      if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, "Restoran bulunamadı.");
      if (createKey) {
        const seen = await tx.printDevice.findUnique({
          where: { restaurantId_createKey: { restaurantId, createKey } },
          include: deviceInclude,
        });
        if (seen) return { device: dto(seen), token: null, replayed: true };
      }
      if ((await tx.printDevice.count({ where: { restaurantId } })) >= MAX_PRINT_DEVICES)
        throw new DomainError(409, TOO_MANY_PRINT_DEVICES);
      await assertStation(tx, restaurantId, input.stationId);
      const row = await tx.printDevice.create({
        data: { restaurantId, stationId: input.stationId, name: input.name, tokenHash: hashToken(token), createKey },
        include: deviceInclude,
      });
      return { device: dto(row), token, replayed: false };
    });
  } catch (error) {
    if (createKey && isUniqueViolation(error, "createKey")) {
      const seen = await deviceByKey(restaurantId, createKey);
      if (seen) return { device: dto(seen), token: null, replayed: true };
    }
    throw error;
  }
}

/** Deletes a device: its token stops working at once, its open stream within a minute. Another restaurant's id: 404. */
export async function deletePrintDevice(restaurantId: number, id: number): Promise<void> {
  const { count } = await prisma.printDevice.deleteMany({ where: { id, restaurantId } });
  if (count === 0) throw new DomainError(404, PRINT_DEVICE_NOT_FOUND);
}

// ---------------------------------------------------------------------------------------------
// The agent's side

/** Who is calling an agent endpoint: the device its token names. */
export interface PrintDeviceAuth {
  id: number;
  name: string;
  restaurantId: number;
  stationId: number;
  stationName: string;
  createdAt: Date;
}

/** The device a token names, or null (no such device, deleted, or not a device token). */
export async function findPrintDeviceByToken(token: string, now = new Date()): Promise<PrintDeviceAuth | null> {
  if (!token.startsWith(PRINT_TOKEN_PREFIX)) return null;
  const row = await prisma.printDevice.findUnique({ where: { tokenHash: hashToken(token) }, include: deviceInclude });
  if (!row) return null;
  if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() > SEEN_INTERVAL_MS) {
    await prisma.printDevice.updateMany({ where: { id: row.id }, data: { lastSeenAt: now } });
  }
  return {
    id: row.id,
    name: row.name,
    restaurantId: row.restaurantId,
    stationId: row.station.id,
    stationName: row.station.name,
    createdAt: row.createdAt,
  };
}

/** Whether the device still exists (its open event stream ends when it does not). */
export async function printDeviceExists(id: number): Promise<boolean> {
  return (await prisma.printDevice.count({ where: { id } })) > 0;
}

/**
 * What a device's stream is filtered as: the kitchen's rights, so it never receives more than the
 * kitchen screen would; its own filter (`acceptsEvent`) then keeps its station's tickets only.
 */
export const PRINT_AGENT_SUBJECT: AccessSubject = {
  mode: "staff",
  user: { role: "kitchen", isOwner: false },
  restaurant: { waitersTakePayments: false },
};

/** The events a device's stream passes on: its station's tickets, and the documents sent to it (decision 089). */
export function acceptsEvent(device: Pick<PrintDeviceAuth, "id" | "stationId">, event: { type: string; data: Record<string, unknown> }) {
  if (event.type === "document.requested") return event.data.device_id === device.id;
  return event.type.startsWith("ticket.") && event.data.station_id === device.stationId;
}

export interface UnprintedTickets {
  /** The restaurant's "Siparişleri otomatik yazdır": off, nothing is listed. */
  auto_print: boolean;
  time_zone: string;
  station: { id: number; name: string };
  /** Oldest first, at most UNPRINTED_LIMIT; `more` when there are others after them. */
  tickets: TicketDto[];
  more: boolean;
}

/**
 * The device's station's tickets it has not acknowledged, oldest first: made after the device
 * (a new printer does not print the day's history), within PRINT_WINDOW_HOURS, and not served
 * (a ticket the kitchen has served needs no paper). With "Siparişleri otomatik yazdır" off, none.
 */
export async function unprintedTickets(device: PrintDeviceAuth, now = new Date()): Promise<UnprintedTickets> {
  const restaurant = await prisma.restaurant.findUniqueOrThrow({
    where: { id: device.restaurantId },
    select: { autoPrintOrders: true, timezone: true },
  });
  const base = {
    auto_print: restaurant.autoPrintOrders,
    time_zone: restaurant.timezone,
    station: { id: device.stationId, name: device.stationName },
  };
  if (!restaurant.autoPrintOrders) return { ...base, tickets: [], more: false };
  const windowStart = new Date(now.getTime() - PRINT_WINDOW_HOURS * 3600_000);
  const since = device.createdAt > windowStart ? device.createdAt : windowStart;
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    SELECT t.id FROM kitchen_tickets t
    LEFT JOIN printed_tickets p ON p.ticketId = t.id AND p.deviceId = ${device.id}
    WHERE t.restaurantId = ${device.restaurantId} AND t.stationId = ${device.stationId}
      AND t.createdAt >= ${since} AND t.status <> 'served' AND p.ticketId IS NULL
    ORDER BY t.createdAt, t.id
    LIMIT ${UNPRINTED_LIMIT + 1}`;
  const tickets: TicketDto[] = [];
  for (const row of rows.slice(0, UNPRINTED_LIMIT)) {
    const ticket = await findTicket(device.restaurantId, Number(row.id));
    if (ticket) tickets.push(ticket);
  }
  return { ...base, tickets, more: rows.length > UNPRINTED_LIMIT };
}

/**
 * Records that the device printed the ticket. The first acknowledgement writes it (`first`);
 * any later one changes nothing. A ticket of another station or restaurant: 404.
 */
export async function markPrinted(device: PrintDeviceAuth, ticketId: number, now = new Date()) {
  const ticket = await prisma.kitchenTicket.findFirst({
    where: { id: ticketId, restaurantId: device.restaurantId, stationId: device.stationId },
    select: { id: true },
  });
  if (!ticket) throw new DomainError(404, PRINT_TICKET_NOT_FOUND);
  const inserted = await prisma.$executeRaw`
    INSERT IGNORE INTO printed_tickets (deviceId, ticketId, printedAt) VALUES (${device.id}, ${ticketId}, ${now})`;
  const row = await prisma.printedTicket.findUnique({ where: { deviceId_ticketId: { deviceId: device.id, ticketId } } });
  if (!row) throw new DomainError(404, PRINT_TICKET_NOT_FOUND);
  return { ticket_id: ticketId, printed_at: row.printedAt.toISOString(), first: inserted > 0 };
}
