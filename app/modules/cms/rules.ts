// The CMS's constants and messages, for the server and the admin screen alike (no zod, no
// server code here: the route component imports it).

export const CONTENT_TYPES = [
  "hero_title",
  "hero_subtitle",
  "feature_title",
  "feature_description",
  "pricing_title",
  "pricing_subtitle",
  "cta_title",
  "cta_subtitle",
  "footer_text",
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  hero_title: "Ana başlık (hero)",
  hero_subtitle: "Ana alt başlık (hero)",
  feature_title: "Özellik başlığı",
  feature_description: "Özellik açıklaması",
  pricing_title: "Fiyat bölümü başlığı",
  pricing_subtitle: "Fiyat bölümü alt başlığı",
  cta_title: "Çağrı başlığı",
  cta_subtitle: "Çağrı alt başlığı",
  footer_text: "Alt bilgi metni",
};

export const LANGUAGES = ["tr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = { tr: "Türkçe", en: "English" };

export const IMAGE_TYPES = ["hero_image", "feature_icon", "mockup_image", "background", "logo"] as const;
export type CmsImageKind = (typeof IMAGE_TYPES)[number];
export const IMAGE_TYPE_LABELS: Record<CmsImageKind, string> = {
  hero_image: "Ana görsel (hero)",
  feature_icon: "Özellik ikonu",
  mockup_image: "Ekran görüntüsü (mockup)",
  background: "Arka plan",
  logo: "Logo",
};

/** Longest side of the stored WebP, by type: a logo or an icon is never shown large. */
export const IMAGE_MAX_SIDE: Record<CmsImageKind, number> = {
  hero_image: 1920,
  feature_icon: 256,
  mockup_image: 1600,
  background: 1920,
  logo: 512,
};

// Lengths: each fits its column (tests/integration/column-sizes.test.ts).
export const MAX_TITLE = 200;
/** cms_contents.content is TEXT (65,535 bytes): 5,000 characters of up to 4 bytes fit. */
export const MAX_CONTENT = 5000;
export const MAX_ALT_TEXT = 255;
export const MAX_ORDER_INDEX = 10_000;
export const MAX_SETTINGS_EMAIL = 254;
export const MAX_SETTINGS_PHONE = 32;
export const MAX_SETTINGS_ADDRESS = 300;
export const MAX_SETTINGS_URL = 255;

// The spec's messages (§5, §8) and the screen's own.
export const IMAGE_REQUIRED = "Lütfen bir resim seçin";
export const IMAGE_UPLOADED = "Resim başarıyla yüklendi!";
export const IMAGE_UPLOAD_FAILED = "Resim yüklenirken hata oluştu";
export const IMAGE_DELETE_CONFIRM = "Bu resmi silmek istediğinizden emin misiniz?";
export const IMAGE_DELETED = "Resim silindi.";
export const IMAGE_NOT_FOUND = "Resim bulunamadı; silinmiş olabilir.";
export const CONTENT_CREATED = "İçerik eklendi.";
export const CONTENT_UPDATED = "İçerik güncellendi.";
export const CONTENT_NOT_FOUND = "İçerik bulunamadı.";
export const CONTENT_STALE =
  "Bu içerik siz düzenlerken başka biri tarafından değiştirildi. Güncel hâli gösteriliyor; değişikliğinizi yeniden yapın.";
export const CONTENT_TYPE_FIXED = "İçerik türü oluşturulduktan sonra değiştirilemez.";
export const SETTINGS_SAVED = "Site ayarları kaydedildi.";
export const SETTINGS_STALE =
  "Ayarlar siz düzenlerken başka biri tarafından değiştirildi. Güncel hâli gösteriliyor; değişikliğinizi yeniden yapın.";
export const LOAD_FAILED = "CMS verileri yüklenemedi. Lütfen sayfayı yenileyin.";

export const CMS_UPLOAD_MESSAGES = {
  bodyTooLarge: "Gönderilen dosya çok büyük: resim en fazla 10 MB olabilir.",
  fileTooLarge: "Resim en fazla 10 MB olabilir.",
  tooManyPixels: "Resmin çözünürlüğü çok yüksek: en fazla 40 megapiksel olabilir.",
  notImage: "Bu dosya bir resim değil: PNG, JPEG, WebP ya da GIF yükleyin.",
  unreadableImage: "Resim okunamadı; dosya bozuk olabilir. Başka bir resim deneyin.",
  missingFile: IMAGE_REQUIRED,
  malformed: "Form verisi okunamadı.",
} as const;

/** What the browser may pick; the server checks the file's content anyway. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,image/gif";
