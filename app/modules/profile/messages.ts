// The profile screen's messages (read by the page as well as the server).
export const PROFILE_SAVED = "Profiliniz güncellendi";
export const PASSWORD_CHANGED = "Giriş şifreniz değiştirildi; diğer cihazlardaki oturumlar kapatıldı";
export const OTHERS_SIGNED_OUT = "Diğer cihazlardaki oturumlar kapatıldı";
export const PROFILE_STALE = "Profiliniz bu arada başka bir cihazdan değiştirildi. Güncel bilgiler gösteriliyor; lütfen tekrar deneyin.";
export const CURRENT_PASSWORD_WRONG = "Mevcut şifre yanlış";
export const SAME_AS_MANAGER = "Giriş şifreniz yönetici şifresinden farklı olmalı.";
export const SAME_AS_CURRENT = "Yeni şifre mevcut şifrenizle aynı olamaz.";
