// What the premium gate says per feature (shown when a feature is locked).
import type { Feature } from "./features";

export interface GateCopy {
  title: string;
  description: string;
  benefits: [string, string, string];
}

export const PREMIUM_GATE_COPY: Partial<Record<Feature, GateCopy>> = {
  order_taking: {
    title: "Sipariş Alma",
    description: "Garsonlarınız masadan hızlıca sipariş alsın, mutfak anında görsün.",
    benefits: ["Sınırsız sipariş", "Çevrimdışı sipariş alma", "Masa bazlı düzenleme"],
  },
  payment_processing: {
    title: "Ödeme Alma",
    description: "Nakit ve kartla hesap kapatın, masalar kendiliğinden boşalsın.",
    benefits: ["Nakit ve kart ödemeleri", "Sipariş bazlı ödeme", "Günlük ciro raporu"],
  },
  menu_management: {
    title: "Menü Yönetimi",
    description: "Ürünlerinizi, fiyatlarınızı ve stok durumunu tek yerden yönetin.",
    benefits: ["Sınırsız ürün", "Anında fiyat güncelleme", "Tükendi işaretleme"],
  },
  staff_management: {
    title: "Personel Yönetimi",
    description: "Garson, kasiyer ve mutfak ekibinize ayrı hesaplar açın.",
    benefits: ["Rol bazlı hesaplar", "Vardiya bilgisi", "Performans takibi"],
  },
  reports_full: {
    title: "Detaylı Raporlar",
    description: "Satışlarınızı, stoklarınızı ve ekibinizi detaylı raporlarla izleyin.",
    benefits: ["Saatlik satış grafiği", "En çok satanlar", "CSV dışa aktarma"],
  },
  settings_edit: {
    title: "Ayarlar",
    description: "Vergi, servis ücreti, fiş ve bildirim ayarlarınızı düzenleyin.",
    benefits: ["Vergi ve servis ücreti", "Fiş alt yazısı", "Bildirim tercihleri"],
  },
};

export const APPLICATION_SENT = "Başvurunuz başarıyla gönderildi! Admin onayı bekleniyor.";

export const GENERIC_GATE_COPY: GateCopy = {
  title: "Premium Özellik",
  description: "Bu özellik ücretli planlarımızda yer alıyor.",
  benefits: ["Tüm özelliklere erişim", "Öncelikli destek", "Verileriniz güvende"],
};
