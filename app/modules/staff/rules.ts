// The staff screen's messages and limits, shared by the schemas, the domain and the page (no zod here).
export const REQUIRED_FIELDS = "Lütfen zorunlu alanları doldurun";
export const PASSWORD_REQUIRED = "Yeni personel için şifre gereklidir";
export const EMAIL_IN_USE = "Bu e-posta adresi zaten kullanılıyor";
export const EMAIL_NOT_EDITABLE = "Kayıtlı personelin e-posta adresi değiştirilemez.";
export const STAFF_NOT_FOUND = "Personel bulunamadı.";
export const STALE_STAFF = "Bu personel siz düzenlerken başka biri tarafından değiştirildi. Güncel bilgileri kontrol edip tekrar kaydedin.";
export const CANNOT_DELETE_SELF = "Kendi hesabınızı silemezsiniz.";
export const CANNOT_CHANGE_OWN_ROLE = "Kendi rolünüzü değiştiremezsiniz.";
export const STAFF_DELETED = "Personel silindi";
export const STAFF_SAVE_FAILED = "İşlem sırasında bir hata oluştu";

/** DECIMAL(10,2). */
export const MAX_SALARY = 99_999_999.99;
export const SHIFT_HOURS_MAX = 100;
export const PHONE_MAX = 32;
