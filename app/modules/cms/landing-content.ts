// Every text of the landing and pricing pages, in one place. The CMS (platform
// admin) can override the parts it knows by type; the numbers come from the
// billing catalog, never from literals here.
import { DATA_RETENTION_DAYS, starterTablesByPlan, TRIAL_DAYS, YEARLY_FREE_MONTHS } from "~/modules/billing/catalog";

export interface Feature {
  icon: string;
  title: string;
  description: string;
}

export interface LandingContent {
  heroBadge: string;
  heroTitle: string;
  heroSubtitle: string;
  heroButton: string;
  featuresTitle: string;
  featuresSubtitle: string;
  features: Feature[];
  pricingTitle: string;
  pricingSubtitle: string;
  ctaTitle: string;
  ctaSubtitle: string;
  ctaButton: string;
  footerText: string;
}

/** An uploaded CMS image as the public pages show it (width and height: no layout shift). */
export interface SiteImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

/** The site's contact details (CMS settings); null lines are not shown. */
export interface SiteContact {
  email: string | null;
  phone: string | null;
  address: string | null;
  instagramUrl: string | null;
  facebookUrl: string | null;
}

/** What the public site's layout loads once for every page. */
export interface LandingSite {
  content: LandingContent;
  heroImage: SiteImage | null;
  logo: SiteImage | null;
  contact: SiteContact;
}

export const DEFAULT_LANDING_CONTENT: LandingContent = {
  heroBadge: `${TRIAL_DAYS} gün ücretsiz · Kredi kartı gerekmez`,
  heroTitle: "Restoranınızı telefonunuzdan yönetin",
  heroSubtitle:
    "Masalar, siparişler, ödemeler ve günlük raporlar tek yerde. İnternet kesilse bile garsonlarınız sipariş almaya devam eder.",
  heroButton: `${TRIAL_DAYS} Gün Ücretsiz Dene`,
  featuresTitle: "İşinizi kolaylaştıran özellikler",
  featuresSubtitle: "Restoran, kafe, bar ve fast food işletmeleri için tasarlandı.",
  features: [
    {
      icon: "utensils",
      title: "Masa Yönetimi",
      // The tables a new restaurant really gets, per plan (Basic allows only 10).
      description: `Salon planınızı kurun; masalarınız hazır gelir (${starterTablesByPlan()} masa). Hangi masa dolu, hangisi boş anında görün.`,
    },
    {
      icon: "smartphone",
      title: "QR Menü",
      description: "Menünüzü QR kodla masalara taşıyın; fiyat değişikliği anında yayında.",
    },
    {
      icon: "credit-card",
      title: "Hızlı Ödeme",
      description: "Nakit ya da kartla, masa masa veya sipariş sipariş hesap kapatın.",
    },
    {
      icon: "chart-column",
      title: "Detaylı Raporlama",
      description: "Günlük ciro, en çok satanlar, garson performansı ve ödeme dağılımı.",
    },
  ],
  pricingTitle: "Her işletmeye uygun plan",
  pricingSubtitle: `Tüm planlar ${TRIAL_DAYS} gün ücretsiz denenir. Yıllık ödemede ${YEARLY_FREE_MONTHS} ay bedava.`,
  ctaTitle: "Bugün başlayın, ilk siparişinizi dakikalar içinde alın",
  ctaSubtitle: `${TRIAL_DAYS} gün boyunca tüm özellikler ücretsiz. Kurulum yok, kredi kartı yok.`,
  ctaButton: "Ücretsiz Denemeyi Başlat",
  footerText: "Sofra — her işletmenin hesabı ve verisi ayrı tutulur.",
};

export interface FaqEntry {
  question: string;
  answer: string;
}

export const PRICING_FAQ: FaqEntry[] = [
  {
    question: "Deneme süresi nasıl işliyor?",
    answer: `Kayıt olduğunuz anda ${TRIAL_DAYS} günlük deneme başlar; kredi kartı istemeyiz. Süre bitmeden bir plan seçerseniz verileriniz olduğu gibi kalır.`,
  },
  {
    question: "Planımı daha sonra değiştirebilir miyim?",
    answer: "Evet. Ayarlar > Faturalandırma bölümünden planınızı istediğiniz zaman yükseltebilir veya düşürebilirsiniz.",
  },
  {
    question: "Yıllık ödemede ne kazanırım?",
    answer: `Yıllık planlarda ${12 - YEARLY_FREE_MONTHS} ay öder, 12 ay kullanırsınız: ${YEARLY_FREE_MONTHS} ay bedava.`,
  },
  {
    question: "Aboneliğimi iptal edersem verilerim ne olur?",
    answer: `İptalden sonra verileriniz ${DATA_RETENTION_DAYS} gün saklanır; bu sürede geri dönerseniz kaldığınız yerden devam edersiniz.`,
  },
  {
    question: "İnternet kesilirse ne olur?",
    answer:
      "Sofra telefona uygulama olarak yüklenir ve çevrimdışı da sipariş almaya devam eder; bağlantı gelince siparişler kendiliğinden gönderilir.",
  },
];
