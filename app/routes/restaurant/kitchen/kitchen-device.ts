import { useCallback, useEffect, useRef, useState } from "react";
import type { TicketDto } from "~/modules/kitchen/tickets";

const SOUND_KEY = "sofra-kitchen-sound";

/**
 * Sound on a new ticket and on an İPTAL/İKRAM alert. Browsers play audio only after a tap on
 * the page, so the screen starts silent and one tap on "Sesi aç" enables it (remembered on the
 * device; a reload needs the tap again, which the button then asks for).
 */
export function useTicketSound(tickets: TicketDto[]) {
  const audio = useRef<AudioContext | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [wanted, setWanted] = useState(false);
  const known = useRef<Set<number> | null>(null);
  const alerts = useRef<Map<number, string>>(new Map());

  useEffect(() => setWanted(localStorage.getItem(SOUND_KEY) === "1"), []);

  const beep = useCallback((times: number, frequency: number) => {
    const ctx = audio.current;
    if (!ctx) return;
    for (let n = 0; n < times; n++) {
      const start = ctx.currentTime + n * 0.25;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.18);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + 0.2);
    }
  }, []);

  const toggle = useCallback(() => {
    if (enabled) {
      void audio.current?.close();
      audio.current = null;
      setEnabled(false);
      setWanted(false);
      localStorage.removeItem(SOUND_KEY);
      return;
    }
    audio.current = new AudioContext();
    setEnabled(true);
    setWanted(true);
    localStorage.setItem(SOUND_KEY, "1");
    beep(1, 880);
  }, [enabled, beep]);

  useEffect(() => {
    const ids = new Set(tickets.map((t) => t.id));
    const fresh = known.current ? tickets.filter((t) => !known.current!.has(t.id) && t.status !== "served") : [];
    const alerted = tickets.filter((t) => t.alert_at && alerts.current.get(t.id) !== t.alert_at && known.current?.has(t.id));
    known.current = ids;
    alerts.current = new Map(tickets.filter((t) => t.alert_at).map((t) => [t.id, t.alert_at!]));
    if (alerted.length > 0) beep(3, 520);
    else if (fresh.length > 0) beep(2, 880);
  }, [tickets, beep]);

  return { enabled, wanted, toggle };
}

/** Keeps the tablet's screen on while the kitchen screen is open and visible (Screen Wake Lock). */
export function useWakeLock() {
  useEffect(() => {
    if (!("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;
    const request = async () => {
      if (document.visibilityState !== "visible" || lock) return;
      try {
        lock = await navigator.wakeLock.request("screen");
        lock.addEventListener("release", () => (lock = null));
        if (stopped) void lock.release();
      } catch {
        // Refused (battery saver, no permission): the screen may dim; nothing else to do.
      }
    };
    void request();
    document.addEventListener("visibilitychange", request);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", request);
      void lock?.release();
    };
  }, []);
}

/** The time now, every `ms` after hydration (the tickets' ages move on without a reload). */
export function useNow(serverNow: string, ms: number): Date {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * "Siparişleri otomatik yazdır" on the kitchen screen: each ticket that arrives new while the
 * screen is open is printed from the page itself (the print view's layout; a browser started with
 * --kiosk-printing prints without a dialog, others ask each time; the print agent prints silently).
 * Returns the ticket being printed, for the page to render into its print-only slot.
 */
export function useAutoPrint(tickets: TicketDto[], enabled: boolean): TicketDto | null {
  const known = useRef<Set<number> | null>(null);
  const [queue, setQueue] = useState<TicketDto[]>([]);
  useEffect(() => {
    const ids = new Set(tickets.map((t) => t.id));
    const fresh = enabled && known.current ? tickets.filter((t) => !known.current!.has(t.id) && t.status === "new") : [];
    known.current = ids;
    if (fresh.length > 0) setQueue((q) => [...q, ...fresh]);
  }, [tickets, enabled]);
  const current = queue[0] ?? null;
  useEffect(() => {
    if (!current) return;
    const root = document.documentElement;
    root.classList.add("kitchen-printing");
    // After React has painted the slot: window.print() blocks until the dialog closes.
    const timer = setTimeout(() => {
      window.print();
      root.classList.remove("kitchen-printing");
      setQueue((q) => q.slice(1));
    }, 50);
    return () => clearTimeout(timer);
  }, [current]);
  return current;
}
