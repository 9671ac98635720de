import { useEffect, useState } from "react";

// The spec's 'Offline Mode' / 'Bağlantı Restored' said in Turkish (docs/decisions/014-turkish-offline-notices.md).
export const OFFLINE_NOTICE = { title: "Çevrimdışı çalışıyorsunuz", body: "İnternet yok ama sipariş almaya devam edebilirsiniz!" };
export const ONLINE_NOTICE = { title: "Bağlantı geri geldi", body: "Bekleyen siparişler gönderiliyor." };
const SHOW_MS = 6000;

type Permission = "granted" | "denied" | "default" | "unsupported";

function currentPermission(): Permission {
  if (typeof window === "undefined" || !("Notification" in window)) return "unsupported";
  return Notification.permission;
}

/** A system notification when allowed (through the worker: Android has no `new Notification`). */
async function notify(notice: { title: string; body: string }) {
  if (currentPermission() !== "granted") return;
  try {
    const registration = await navigator.serviceWorker?.ready;
    await registration?.showNotification(notice.title, { body: notice.body, icon: "/icons/icon-192.png", tag: "sofra-connection" });
  } catch (error) {
    // The in-page notice is enough; the reason is kept for whoever debugs the device.
    console.warn("connection notification not shown:", error);
  }
}

/** Going offline and coming back: an in-page notice, and a system one when the user allowed it. */
export function ConnectionNotices() {
  const [notice, setNotice] = useState<{ title: string; body: string; tone: "offline" | "online" } | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (n: typeof OFFLINE_NOTICE, tone: "offline" | "online") => {
      clearTimeout(timer);
      setNotice({ ...n, tone });
      void notify(n);
      timer = setTimeout(() => setNotice(null), SHOW_MS);
    };
    const offline = () => show(OFFLINE_NOTICE, "offline");
    const online = () => show(ONLINE_NOTICE, "online");
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    if (!navigator.onLine) offline();
    return () => {
      clearTimeout(timer);
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, []);
  if (!notice) return null;
  return (
    <div className={`connection-notice connection-notice--${notice.tone}`} role="status" aria-live="polite">
      <strong>{notice.title}</strong>
      <span>{notice.body}</span>
    </div>
  );
}

/** Asks for notification permission only when the user taps; shows each state. */
export function NotificationPermission() {
  const [permission, setPermission] = useState<Permission | null>(null);
  useEffect(() => setPermission(currentPermission()), []);
  if (permission === null) return null;
  if (permission === "unsupported")
    return <p className="muted small">Bu tarayıcı bildirim göstermiyor; bağlantı değişiklikleri ekranda gösterilir.</p>;
  if (permission === "granted") return <p className="muted small">Bağlantı bildirimleri açık.</p>;
  if (permission === "denied") {
    return <p className="muted small">Bildirimler tarayıcıda engellenmiş; açmak için tarayıcı ayarlarından izin verin.</p>;
  }
  return (
    <button
      type="button"
      className="button button--small"
      onClick={async () => {
        try {
          setPermission(await Notification.requestPermission());
        } catch {
          setPermission(currentPermission());
        }
      }}
    >
      Bağlantı bildirimlerini aç
    </button>
  );
}
