// The icons Sofra draws, by their name in lucide-static (an ISC-licensed icon set
// from npm). scripts/icons.ts builds them into one SVG sprite; <Icon> shows one.
// Emoji are not used: phones without a colour-emoji font show them as empty boxes.
export const ICON_NAMES = [
  "armchair",
  "bell",
  "book-user",
  "briefcase",
  "calendar-check",
  "calendar-days",
  "chart-column",
  "chef-hat",
  "clipboard-list",
  "coffee",
  "credit-card",
  "download",
  "lock",
  "notebook-pen",
  "package",
  "party-popper",
  "qr-code",
  "sandwich",
  "settings",
  "smartphone",
  "store",
  "tag",
  "user",
  "users",
  "utensils",
  "wine",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

export const isIconName = (value: unknown): value is IconName => (ICON_NAMES as readonly unknown[]).includes(value);
