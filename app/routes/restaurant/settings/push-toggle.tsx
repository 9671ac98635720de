import { useEffect, useRef, useState } from "react";
import { PUSH_NOT_CONFIGURED } from "~/modules/push/rules";

type Status = { tone: "muted" | "success" | "error"; text: string; offerDevice?: boolean };

const loadClient = () => import("~/modules/push/push-client");

const SAVE_HINT = "“Ayarları Kaydet” ile ayar kaydedilir.";

/**
 * The "Anlık (push) bildirimler" switch. The setting itself is a field of the settings form and is
 * saved with it (JavaScript or not). With JavaScript, switching it on also asks for permission and
 * subscribes this device, switching it off unsubscribes it (decision 052); the line below says
 * what this device does.
 */
export function PushToggle({
  name,
  label,
  defaultChecked,
  publicKey,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
  publicKey: string | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>({
    tone: "muted",
    // Without JavaScript (and before it runs) only the setting can change.
    text: publicKey
      ? "Bu ayar kaydedilir; bu cihaza bildirim gelmesi için JavaScript açıkken anahtarı açmanız gerekir."
      : PUSH_NOT_CONFIGURED,
  });

  useEffect(() => {
    if (!publicKey) return;
    let live = true;
    void loadClient().then(async ({ deviceState }) => {
      const state = await deviceState();
      if (!live) return;
      const on = input.current?.checked ?? false;
      setStatus(
        state === "subscribed"
          ? { tone: "success", text: "Bu cihaz anlık bildirim alıyor." }
          : state === "unsupported"
            ? { tone: "muted", text: "Bu tarayıcı anlık bildirimleri desteklemiyor." }
            : state === "denied"
              ? { tone: "muted", text: "Bu cihazda bildirim izni reddedilmiş; tarayıcınızın site ayarlarından izin verebilirsiniz." }
              : state === "no-worker"
                ? { tone: "muted", text: "Bu cihazda anlık bildirim için uygulamanın arka plan çalışanı gerekir; sayfayı yenileyin." }
                : { tone: "muted", text: "Bu cihaz anlık bildirim almıyor.", offerDevice: on },
      );
    });
    return () => {
      live = false;
    };
  }, [publicKey]);

  async function subscribe() {
    setBusy(true);
    try {
      await (await loadClient()).subscribeDevice(publicKey!);
      if (input.current) input.current.checked = true;
      setStatus({ tone: "success", text: `Bu cihaz anlık bildirim alacak. ${SAVE_HINT}` });
    } catch (error) {
      if (input.current) input.current.checked = false;
      setStatus({ tone: "error", text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  async function unsubscribe() {
    setBusy(true);
    try {
      await (await loadClient()).unsubscribeDevice();
      setStatus({ tone: "muted", text: `Bu cihaz artık anlık bildirim almayacak. ${SAVE_HINT}` });
    } catch (error) {
      setStatus({ tone: "error", text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="settings-toggle-group">
      <label className="settings-toggle">
        <input
          ref={input}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-describedby="push-device-status"
          onChange={(event) => {
            if (!publicKey) return;
            void (event.currentTarget.checked ? subscribe() : unsubscribe());
          }}
        />
        <span>{label}</span>
      </label>
      <p
        id="push-device-status"
        data-testid="push-device-status"
        className={`small ${status.tone === "error" ? "field__error" : status.tone === "success" ? "push-status--on" : "muted"}`}
        role={status.tone === "error" ? "alert" : "status"}
      >
        {status.text}{" "}
        {status.offerDevice ? (
          <button type="button" className="button button--small" disabled={busy} onClick={() => void subscribe()}>
            Bu cihazda aç
          </button>
        ) : null}
      </p>
    </div>
  );
}
