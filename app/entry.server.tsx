import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { RouterContextProvider, ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";
import { ModulePreloadsProvider, moduleHrefs } from "~/components/module-preloads";
import { NonceProvider } from "~/components/nonce";
import { pollTables } from "~/modules/tables/poll.server";
import { startJobWorker, stopJobWorker } from "~/modules/jobs/worker.server";
import { getEnv } from "~/utils/env.server";
import { prisma } from "~/utils/db.server";
import { clientAddressContext, nonceContext } from "~/utils/request-context";
import { contentSecurityPolicy, createNonce } from "~/utils/security-headers.server";

export { securityHeaders } from "~/utils/security-headers.server";

// Fail at start-up, not at the first request, when the environment is wrong.
getEnv();
// Every process works through the background jobs (e-mails, notifications): decision 045.
startJobWorker();

export const streamTimeout = 5_000;

/** Called by server.mjs for every request: what the app needs from the HTTP layer. */
export function createLoadContext({ clientAddress }: { clientAddress: string | null }) {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress);
  context.set(nonceContext, createNonce());
  return context;
}

/**
 * Requests server.mjs answers before React Router: the waiters' 3-second table
 * poll. Each is the same function its resource route answers with.
 */
export const fastRoutes = {
  "GET /api/tables": pollTables,
};

/** Called by server.mjs on SIGTERM/SIGINT so the database pool does not hold the process open. */
export async function shutdown() {
  stopJobWorker();
  await prisma.$disconnect();
}

export const handleError: HandleErrorFunction = (error, { request }) => {
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
