// A session's device in words, from its User-Agent: enough for a person to recognise their own
// phone or computer in the list ("Android · Chrome"), not a fingerprint.
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iPhone/iPad"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "Mac"],
  [/CrOS/, "Chromebook"],
  [/Linux/, "Linux"],
];
// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser/, "Samsung Internet"],
  [/Firefox\//, "Firefox"],
  [/Chrome\/|CriOS/, "Chrome"],
  [/Safari\//, "Safari"],
];

export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return "Bilinmeyen cihaz";
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  if (!system && !browser) return "Uygulama / API istemcisi";
  return [system, browser].filter(Boolean).join(" · ");
}
