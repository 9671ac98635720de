import type { PrintDeviceDto } from "~/modules/kitchen/print-devices";
import type { StationDto } from "~/modules/kitchen/stations";
import { MAX_STATION_NAME } from "~/modules/kitchen/stations";
import { MAX_PRINT_DEVICE_NAME, TOKEN_SHOWN_ONCE } from "~/modules/kitchen/print-devices";
import { formatClock } from "~/utils/dates";

/** One station: rename, move, delete (moving its categories), and its printers. */
export function StationCard({
  station,
  first,
  last,
  others,
  devices,
  createKey,
}: {
  station: StationDto;
  first: boolean;
  last: boolean;
  others: StationDto[];
  devices: PrintDeviceDto[];
  createKey: string;
}) {
  const id = station.id;
  return (
    <li className="card stack station-card" aria-labelledby={`station-${id}`}>
      <h2 id={`station-${id}`}>
        {station.name} <span className="muted">· {station.category_count} kategori</span>
      </h2>
      <form method="post" className="station-row">
        <input type="hidden" name="intent" value="station-rename" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="version" value={station.version} />
        <label className="visually-hidden" htmlFor={`station-name-${id}`}>
          {station.name} istasyonunun adı
        </label>
        <input id={`station-name-${id}`} name="name" defaultValue={station.name} required maxLength={MAX_STATION_NAME} />
        <button type="submit" className="button">
          Adı kaydet
        </button>
      </form>
      <div className="station-row">
        {first ? null : (
          <form method="post">
            <input type="hidden" name="intent" value="station-move" />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="to" value={station.position - 1} />
            <button type="submit" className="button button--small" aria-label={`${station.name} yukarı`}>
              ↑ Yukarı
            </button>
          </form>
        )}
        {last ? null : (
          <form method="post">
            <input type="hidden" name="intent" value="station-move" />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="to" value={station.position + 1} />
            <button type="submit" className="button button--small" aria-label={`${station.name} aşağı`}>
              ↓ Aşağı
            </button>
          </form>
        )}
        {others.length > 0 ? (
          <form method="post" className="station-row">
            <input type="hidden" name="intent" value="station-delete" />
            <input type="hidden" name="id" value={id} />
            {station.category_count > 0 ? (
              <>
                <label htmlFor={`station-move-${id}`}>Kategorileri taşı:</label>
                <select id={`station-move-${id}`} name="move_to">
                  {others.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </>
            ) : null}
            <button type="submit" className="button button--small button--danger" aria-label={`${station.name} istasyonunu sil`}>
              Sil
            </button>
          </form>
        ) : null}
      </div>
      <h3 className="station-printers-title">Yazıcılar</h3>
      {devices.length === 0 ? <p className="muted">Bu istasyonun yazıcısı yok.</p> : null}
      <ul className="station-printers">
        {devices.map((d) => (
          <li key={d.id} className="station-row">
            <span>
              {d.name}{" "}
              <span className="muted">{d.last_seen_at ? `· son bağlantı ${formatClock(d.last_seen_at)}` : "· henüz bağlanmadı"}</span>
            </span>
            <form method="post">
              <input type="hidden" name="intent" value="device-delete" />
              <input type="hidden" name="id" value={d.id} />
              <button type="submit" className="button button--small button--ghost" aria-label={`${d.name} yazıcısını sil`}>
                Sil
              </button>
            </form>
          </li>
        ))}
      </ul>
      <form method="post" className="station-row">
        <input type="hidden" name="intent" value="device-create" />
        <input type="hidden" name="station_id" value={id} />
        <input type="hidden" name="create_key" value={`${createKey}-${id}`.slice(0, 64)} />
        <label className="visually-hidden" htmlFor={`device-name-${id}`}>
          {station.name} için yeni yazıcının adı
        </label>
        <input
          id={`device-name-${id}`}
          name="name"
          required
          maxLength={MAX_PRINT_DEVICE_NAME}
          placeholder="Yazıcı adı (örn. Mutfak yazıcısı)"
        />
        <button type="submit" className="button">
          Yazıcı ekle
        </button>
      </form>
    </li>
  );
}

/** A printer just made: its key, once, and how to start the print agent with it. */
export function CreatedDevice({ created, origin }: { created: { name: string; station: string; token: string | null }; origin: string }) {
  if (!created.token) {
    return (
      <p className="notice notice--warning" role="status">
        “{created.name}” zaten eklenmiş. {TOKEN_SHOWN_ONCE}
      </p>
    );
  }
  return (
    <div className="notice notice--success stack" role="status">
      <p>
        “{created.name}” ({created.station}) eklendi. Cihaz anahtarı: <code className="device-token">{created.token}</code>
      </p>
      <p>Bu anahtar bir daha gösterilmez. Yazıcının yanındaki bilgisayarda Sofra klasöründe şunu çalıştırın:</p>
      <pre className="device-command">
        SOFRA_URL={origin} PRINT_TOKEN={created.token} PRINTER=192.168.1.50:9100 npm run print-agent
      </pre>
    </div>
  );
}
