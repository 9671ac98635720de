import { useState } from "react";
import { Link } from "react-router";
import { isIos, promptInstall, useInstallPrompt } from "./install-prompt";

/**
 * The landing page's install dialog. It is opened by the URL (?install=1) so it
 * works without JavaScript, where it shows the manual steps; with JavaScript and
 * a browser that offers installation it installs in one tap.
 */
export function InstallDialog({ closeTo }: { closeTo: string }) {
  const { canPrompt, installed } = useInstallPrompt();
  const [outcome, setOutcome] = useState<"accepted" | "dismissed" | null>(null);
  const ios = typeof navigator !== "undefined" && isIos();

  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="install-title">
        <h2 id="install-title">Sofra'yı telefonunuza yükleyin</h2>
        {installed || outcome === "accepted" ? (
          <p className="form-notice">Sofra yüklendi. Ana ekranınızdaki simgeden açabilirsiniz.</p>
        ) : canPrompt ? (
          <>
            <p>Tek dokunuşla ana ekranınıza ekleyin; internet kesildiğinde de sipariş almaya devam edin.</p>
            <button
              type="button"
              className="button button--primary button--block"
              onClick={async () => setOutcome((await promptInstall()) ? "accepted" : "dismissed")}
            >
              Şimdi Yükle
            </button>
            {outcome === "dismissed" ? <p className="muted">Yükleme iptal edildi. Dilediğiniz zaman tekrar deneyebilirsiniz.</p> : null}
          </>
        ) : (
          <>
            <p>Tarayıcınız otomatik yüklemeyi sunmuyor; birkaç adımda kendiniz ekleyebilirsiniz:</p>
            <div className="install-platforms">
              <section aria-label="iPhone ve iPad">
                <h3>{ios ? "Cihazınız: " : ""}iPhone / iPad (Safari)</h3>
                <ol className="steps">
                  <li>Alttaki Paylaş düğmesine dokunun.</li>
                  <li>“Ana Ekrana Ekle”yi seçin, sonra “Ekle”ye dokunun.</li>
                </ol>
              </section>
              <section aria-label="Android">
                <h3>Android (Chrome)</h3>
                <ol className="steps">
                  <li>Sağ üstteki ⋮ menüsünü açın.</li>
                  <li>“Uygulamayı yükle” ya da “Ana ekrana ekle”yi seçin.</li>
                </ol>
              </section>
              <section aria-label="Masaüstü">
                <h3>Bilgisayar (Chrome, Edge)</h3>
                <ol className="steps">
                  <li>Adres çubuğunun sağındaki yükle simgesine tıklayın.</li>
                  <li>“Yükle”yi onaylayın.</li>
                </ol>
              </section>
            </div>
          </>
        )}
        <div className="button-row">
          <Link className="button" to={closeTo} preventScrollReset replace>
            İptal
          </Link>
          <Link className="button button--primary" to="/app">
            Uygulamayı Aç
          </Link>
        </div>
      </div>
    </div>
  );
}
