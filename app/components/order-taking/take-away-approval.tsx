import { MAX_NOTE, TAKE_AWAY_REASON_LABELS, TAKE_AWAY_REASONS } from "~/modules/orders/rules";

/**
 * Shown when the cart takes away items already sent: a reason from the short list
 * and, outside manager mode, the manager password typed on the spot. Plain form
 * fields, so the no-JavaScript submit carries them too.
 */
export function TakeAwayApproval({ managerMode }: { managerMode: boolean }) {
  return (
    <fieldset className="notice notice--info stack" aria-label="İptal onayı">
      <legend>
        <strong>İptal / ikram onayı</strong>
      </legend>
      <p className="m-0">
        Gönderilmiş ürünleri azaltmak, çıkarmak ya da ikram etmek bir neden ve{" "}
        {managerMode ? "yönetici onayı (yönetici modundasınız)" : "yönetici şifresi"} gerektirir.
      </p>
      <div className="field">
        <label htmlFor="take-away-reason">Neden</label>
        <select id="take-away-reason" name="reason" defaultValue="">
          <option value="" disabled>
            Neden seçin
          </option>
          {TAKE_AWAY_REASONS.map((r) => (
            <option key={r} value={r}>
              {TAKE_AWAY_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="take-away-note">Açıklama (Diğer için)</label>
        <input id="take-away-note" name="note" type="text" maxLength={MAX_NOTE} autoComplete="off" />
      </div>
      {managerMode ? null : (
        <div className="field">
          <label htmlFor="take-away-password">Yönetici şifresi</label>
          <input id="take-away-password" name="manager_password" type="password" autoComplete="off" />
        </div>
      )}
    </fieldset>
  );
}
