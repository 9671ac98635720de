import { useEffect, useRef, useState } from "react";
import { apiFetch } from "./api-client";

/**
 * Re-reads a JSON endpoint every `intervalMs` while the page is visible (and
 * at once when it becomes visible again). Starts from the loader's data, keeps
 * the last good answer when the network fails, and reports that it is stale.
 */
export function usePoll<T>(path: string, intervalMs: number, initial: T) {
  const [data, setData] = useState(initial);
  const [stale, setStale] = useState(false);
  const initialRef = useRef(initial);

  // A new loader answer (navigation, revalidation) replaces the polled one.
  useEffect(() => {
    if (initialRef.current !== initial) {
      initialRef.current = initial;
      setData(initial);
    }
  }, [initial]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    let stopped = false;

    const tick = async () => {
      if (document.visibilityState !== "visible") return;
      controller?.abort();
      controller = new AbortController();
      const result = await apiFetch<T>(path, { signal: controller.signal, background: true });
      if (stopped) return;
      if (result.ok) {
        setData(result.data);
        setStale(false);
      } else {
        setStale(true);
      }
    };
    const schedule = () => {
      timer = setTimeout(async () => {
        await tick();
        if (!stopped) schedule();
      }, intervalMs);
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void tick();
    };
    schedule();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [path, intervalMs]);

  return { data, stale };
}
