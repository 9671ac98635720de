import { createContext, useContext } from "react";

// The page's JavaScript is preloaded at low priority: the server-rendered page
// works without it, so on a slow phone the HTML and CSS come first and the page
// paints before it hydrates (Lighthouse, decision 031). React Router's <Scripts>
// preloads the same files again at default priority; the first request made
// for a module is the one the browser keeps.

/** The module files of the page being rendered; filled on the server only (entry.server.tsx). */
const ModulePreloadsContext = createContext<readonly string[]>([]);
export const ModulePreloadsProvider = ModulePreloadsContext.Provider;

export function LowPriorityModulePreloads({ nonce }: { nonce: string | undefined }) {
  const hrefs = useContext(ModulePreloadsContext);
  return hrefs.map((href) => <link key={href} rel="modulepreload" href={href} fetchPriority="low" nonce={nonce} />);
}

interface ManifestRoute {
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}

/** What a first load of the matched routes imports: the client entry, then each route's modules, in order, once. */
export function moduleHrefs(
  manifest: { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute | undefined> },
  routeIds: readonly string[],
): string[] {
  const hrefs = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) continue;
    for (const href of [
      route.module,
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
      ...(route.imports ?? []),
    ])
      if (href) hrefs.add(href);
  }
  return [...hrefs];
}
