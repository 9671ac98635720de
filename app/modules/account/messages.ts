// The account e-mails' Turkish messages, shared by pages, the API and tests (no zod, no server code).

/** The one answer to a reset request, whether or not the address has an account. */
export const RESET_REQUESTED =
  "Bu e-posta adresiyle kayıtlı bir hesap varsa, şifre sıfırlama bağlantısı birkaç dakika içinde gönderilecek. Bağlantı 30 dakika geçerlidir.";
export const RESET_DONE = "Şifreniz değiştirildi. Tüm oturumlarınız kapatıldı; yeni şifrenizle giriş yapın.";
export const RESET_LINK_EXPIRED = "Bu şifre sıfırlama bağlantısının süresi dolmuş. Lütfen yeni bir bağlantı isteyin.";
export const RESET_LINK_USED = "Bu şifre sıfırlama bağlantısı daha önce kullanılmış. Gerekirse yeni bir bağlantı isteyin.";
export const RESET_LINK_INVALID =
  "Bu şifre sıfırlama bağlantısı geçersiz. Lütfen e-postadaki bağlantıyı eksiksiz açın veya yeni bir bağlantı isteyin.";
export const RESET_THROTTLED = (minutes: number) =>
  `Çok fazla şifre sıfırlama isteği gönderildi. Lütfen ${minutes} dakika sonra tekrar deneyin.`;

export const VERIFIED = "E-posta adresiniz doğrulandı. Teşekkürler!";
export const ALREADY_VERIFIED = "E-posta adresiniz zaten doğrulanmış.";
export const VERIFY_LINK_EXPIRED = "Bu doğrulama bağlantısının süresi dolmuş. Uygulamadaki uyarıdan yeni bir bağlantı isteyin.";
export const VERIFY_LINK_INVALID = "Bu doğrulama bağlantısı geçersiz. Lütfen e-postadaki bağlantıyı eksiksiz açın.";
export const VERIFICATION_SENT = "Doğrulama e-postası gönderildi. Gelen kutunuzu (ve istenmeyen klasörünü) kontrol edin.";
export const VERIFY_THROTTLED = (minutes: number) =>
  `Çok fazla doğrulama e-postası istendi. Lütfen ${minutes} dakika sonra tekrar deneyin.`;
