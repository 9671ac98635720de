import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";
import { afterPageLoad } from "./use-after-load";

// Whether the page's JavaScript runs (hydrated) and whether the page has loaded and gone idle
// (loaded), for the whole page from one provider in the root layout. Both flip in a transition:
// React re-renders what depends on them in small, interruptible slices. (A useSyncExternalStore
// per component re-rendered the whole screen in one synchronous task right after hydration,
// Lighthouse's longest task on the waiters' screens.)

interface PageState {
  hydrated: boolean;
  loaded: boolean;
}
const PageStateContext = createContext<PageState>({ hydrated: false, loaded: false });

export function PageStateProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PageState>({ hydrated: false, loaded: false });
  useEffect(() => {
    let live = true;
    startTransition(() => setState((s) => ({ ...s, hydrated: true })));
    void afterPageLoad().then(() => {
      if (live) startTransition(() => setState({ hydrated: true, loaded: true }));
    });
    return () => {
      live = false;
    };
  }, []);
  return <PageStateContext value={state}>{children}</PageStateContext>;
}

/** False on the server and during hydration, true once JavaScript runs the page. */
export function useHydrated(): boolean {
  return useContext(PageStateContext).hydrated;
}

/** False on the server, during hydration and until the page has loaded and gone idle; then true for good. */
export function useAfterLoad(): boolean {
  return useContext(PageStateContext).loaded;
}
