// The bench's "floor": the least a server can do to answer the waiters' table
// poll through the same driver as the app. A bare node:http server whose only
// route, GET /tables, runs listTables' query with a PrismaClient on the same
// MariaDB adapter and pool size, and serialises it the way the app does. No
// router, no auth, no middleware: what the app adds on top is the difference.
//
// Started by scripts/bench.ts as a child process (its own core, like the app),
// with DATABASE_URL, RESTAURANT_ID, DB_POOL_SIZE and PORT in the environment.
import { createServer } from "node:http";
import { PrismaClient } from "../app/generated/prisma/client.ts";
import { createAdapter } from "../app/utils/prisma-adapter.ts";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`bench-floor: ${name} is not set`);
  return value;
}

const databaseUrl = required("DATABASE_URL");
const restaurantId = Number(required("RESTAURANT_ID"));
const port = Number(required("PORT"));
const poolSize = Number(process.env.DB_POOL_SIZE ?? 10);

// The same adapter, with the same settings, as app/utils/db.server.ts.
const prisma = new PrismaClient({ adapter: createAdapter(databaseUrl, poolSize) });

async function listTables() {
  const tables = await prisma.restaurantTable.findMany({
    where: { restaurantId, archivedAt: null },
    orderBy: { number: "asc" },
    select: {
      id: true,
      number: true,
      status: true,
      waiterName: true,
      customerCount: true,
      // The labels from table management, as the app's grid query joins them.
      configuration: { select: { displayName: true, section: { select: { id: true, name: true, color: true, sortOrder: true } } } },
    },
  });
  // tableDto in app/modules/tables/tables.server.ts (no unsent drafts or reservations in the bench's data)
  return tables.map((t) => {
    const dto: Record<string, unknown> = {
      id: t.id,
      number: t.number,
      status: t.status,
      waiter_name: t.waiterName,
      customer_count: t.customerCount,
    };
    if (t.configuration?.displayName) dto.display_name = t.configuration.displayName;
    const section = t.configuration?.section;
    if (section) dto.section = { id: section.id, name: section.name, color: section.color, sort_order: section.sortOrder };
    return dto;
  });
}

const server = createServer((req, res) => {
  if (req.method !== "GET" || req.url !== "/tables") {
    res.writeHead(404, { "Content-Type": "application/json" }).end('{"detail":"not found"}');
    return;
  }
  listTables().then(
    (tables) => {
      // What Response.json does: JSON.stringify and a JSON content type.
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(tables));
    },
    (error: unknown) => {
      console.error(error);
      res.writeHead(500, { "Content-Type": "application/json" }).end('{"detail":"server error"}');
    },
  );
});

server.listen(port, "127.0.0.1", () => console.log(`bench floor listening on http://127.0.0.1:${port}`));

let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close(async () => {
    await prisma.$disconnect();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
