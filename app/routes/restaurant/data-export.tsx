import type { Route } from "./+types/data-export";
import { AppHeader } from "~/components/app/app-header";
import { Icon } from "~/components/icons/icon";

// The owner's data, to take away (KVKK's right of access). The download is a plain link: it works
// without JavaScript, and the browser shows its own progress while the ZIP streams.
const CONTENTS = [
  "İşletme bilgileri ve ayarlar",
  "Menü (ürünler ve fiyatlar)",
  "Bölümler ve masalar",
  "Siparişler ve sipariş kalemleri",
  "Ödemeler ve uygulanan indirimler",
  "İndirim kodları",
  "Rezervasyonlar",
  "Stok ve stok hareketleri",
  "Personel (şifreler hariç)",
];

export const meta: Route.MetaFunction = () => [{ title: "Veri Dışa Aktarma — Sofra" }];

export default function DataExport() {
  return (
    <>
      <AppHeader title="Veri Dışa Aktarma" backTo="/app/admin" />
      <main className="app-main">
        <div className="container stack">
          <section className="card stack" aria-labelledby="export-title">
            <h1 id="export-title" className="page-title m-0">
              Verilerinizi indirin
            </h1>
            <p className="muted m-0">
              İşletmenizin Sofra&apos;daki tüm kayıtları, Excel&apos;de açılabilen CSV dosyaları olarak tek bir ZIP dosyasında. Yalnızca
              sizin işletmenizin verileri; KVKK kapsamındaki erişim hakkınız için.
            </p>
            <ul className="checklist">
              {CONTENTS.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <div className="button-row">
              <a className="button button--primary" href="/app/data-export/download" download>
                <Icon name="download" size={18} /> ZIP olarak indir
              </a>
            </div>
            <p className="muted small m-0">
              Dosyalar UTF-8, alanlar noktalı virgülle ayrılmış, tarihler işletmenizin saatiyle. Büyük bir geçmişin indirilmesi birkaç
              dakika sürebilir.
            </p>
          </section>
        </div>
      </main>
    </>
  );
}
