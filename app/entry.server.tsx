import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  createContext,
  isRouteErrorResponse,
  RouterContextProvider,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { ModulePreloadsProvider, moduleHrefs } from "~/components/module-preloads";
import { NonceProvider } from "~/components/nonce";
import { closeLiveStreams, liveStats, readFloorRowsWith, shutdownLive, startLiveEvents } from "~/modules/live/streams.server";
import { floorRowsOfEvents } from "~/modules/tables/floor-rows.server";
import { pollTables } from "~/modules/tables/poll.server";
import { startJobWorker, stopJobWorker } from "~/modules/worker/worker.server";
import { getEnv } from "~/utils/env.server";
import { prisma } from "~/utils/db.server";
import { isDatabaseBusy } from "~/utils/db-errors";
import { clientAddressContext, nodeBodyContext, nonceContext } from "~/utils/request-context";
import { contentSecurityPolicy, createNonce } from "~/utils/security-headers.server";

export { securityHeaders } from "~/utils/security-headers.server";
/** server.mjs answers an error that escaped every handler with 503 when the database was the cause. */
export { isDatabaseBusy } from "~/utils/db-errors";

// Fail at start-up, not at the first request, when the environment is wrong.
getEnv();
// Every process works through the background jobs (e-mails, notifications): decision 045.
startJobWorker();
// Live events (decision 078): this process subscribes to the other processes' events from the start;
// streams that see the floor get the rows of the tables an event changed with it (decision 094).
startLiveEvents();
readFloorRowsWith(floorRowsOfEvents);
// The driver adapter asks the server's version on its first use and waits the pool's whole acquire
// timeout when the database is away: done here, at start, rather than inside the first request.
void prisma.$connect().catch(() => undefined);

export const streamTimeout = 5_000;

/** Set by handleError when a request failed because the database was busy or away (see failedOnDatabase). */
const databaseFailureContext = createContext<{ failed: boolean }>({ failed: false });

/**
 * Called by server.mjs for every request: what the app needs from the HTTP layer. A direct route
 * (`document: false`, a JSON answer) renders no page, so it gets no CSP nonce.
 */
export function createLoadContext({
  clientAddress,
  document = true,
  nodeBody = false,
}: {
  clientAddress: string | null;
  document?: boolean;
  nodeBody?: boolean;
}) {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress);
  if (nodeBody) context.set(nodeBodyContext, true);
  if (document) context.set(nonceContext, createNonce());
  context.set(databaseFailureContext, { failed: false });
  return context;
}

/**
 * Whether this request's error answer came from a busy or absent database (a middleware's session
 * lookup, a page loader): server.mjs then answers 503 with Retry-After, JSON under /api and a
 * Turkish "try again" page elsewhere, instead of React Router's 500 (decision 066).
 */
export function failedOnDatabase(context: RouterContextProvider): boolean {
  return context.get(databaseFailureContext).failed;
}

/**
 * Requests server.mjs answers before React Router: the waiters' 3-second table
 * poll. Each is the same function its resource route answers with.
 */
export const fastRoutes = {
  "GET /api/tables": pollTables,
};

/**
 * Resource routes server/edge.mjs answers without React Router's matching and dispatch (decision
 * 093): their own middleware chain and action, as routes.ts nests them. "METHOD /path" → route id;
 * a `:name` segment is a param, as in routes.ts.
 */
export const directRoutes = {
  "POST /api/orders": "routes/api/orders",
  // Read by every phone of the restaurant after each ticket event (the staff panel's "Hazır" list).
  "GET /api/kitchen/ready": "routes/api/kitchen-ready",
  // The kitchen screen's read after each ticket event of its restaurant.
  "GET /api/kitchen/tickets": "routes/api/kitchen-tickets",
  // The kitchen's bumps, the edits and the payments of a busy evening.
  "POST /api/kitchen/tickets/:id/status": "routes/api/kitchen-ticket-status",
  "PUT /api/orders/table/:number/update": "routes/api/orders-table-update",
  "POST /api/tables/:number/payments": "routes/api/table-payments",
  // Every device's live stream: written straight to Node's response (decision 096).
  "GET /api/events": "routes/api/events",
  // The sales CSV: written straight to Node's response, compressed in its worker (decision 097).
  "GET /api/reports/export": "routes/api/reports-export",
};

/**
 * Called by server.mjs at the start of a shutdown, alongside the requests in flight: the job worker
 * claims nothing more, gives the jobs in hand a moment, and hands back the rest (another process
 * takes them at once instead of after their 5-minute claim).
 */
export const stopJobs = () => stopJobWorker();

/**
 * Called by server.mjs at the start of a shutdown: the open event streams end (their browsers
 * reconnect, with Last-Event-ID, to another process), so the server's close does not wait on them.
 */
export { closeLiveStreams, liveStats };

/** Called by server.mjs on SIGTERM/SIGINT once requests in flight are answered, so the database pool does not hold the process open. */
export async function shutdown() {
  await stopJobWorker();
  await shutdownLive();
  await prisma.$disconnect();
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseBusy(error)) {
    if (context instanceof RouterContextProvider) context.get(databaseFailureContext).failed = true;
    // One line, not a stack per request: an outage would otherwise fill the log.
    console.error(`Database busy or unreachable (${request.method} ${new URL(request.url).pathname}): ${String(error).split("\n")[0]}`);
    return;
  }
  // A method the route does not answer (OPTIONS, a POST to a page without an action): a 405, not a bug.
  if (isRouteErrorResponse(error) && error.status === 405) return;
  if (request.signal.aborted) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext);
  if (nonce) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const modules = moduleHrefs(
      routerContext.manifest,
      routerContext.staticHandlerContext.matches.map((m) => m.route.id),
    );
    const app = (
      <NonceProvider value={nonce}>
        <ModulePreloadsProvider value={modules}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
        </ModulePreloadsProvider>
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce: nonce || undefined,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
