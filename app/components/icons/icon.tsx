import type { IconName } from "./names";
// Built by scripts/icons.ts (npm run build / dev) from lucide-static; content-hashed by Vite.
import spriteUrl from "./sprite.svg?no-inline";

/** A decorative icon from the sprite (one cached file for all icons); the text beside it carries the meaning. */
export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
