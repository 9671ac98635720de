// Renders the app's icons from one source image with sharp: the 192 and 512 px
// icons, a maskable 512 px icon (the artwork inside the 80% safe zone on a full
// bleed of the brand colour) and the 180 px Apple touch icon.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { ICON_NAMES } from "../app/components/icons/names.ts";
import path from "node:path";
import sharp from "sharp";
import { ROOT } from "./lib/env-file.ts";

const SOURCE = path.join(ROOT, "scripts/assets/sofra-icon.svg");
const OUT = path.join(ROOT, "public/icons");
export const BRAND = "#b4381f";

export const ICONS = [
  { file: "icon-192.png", size: 192, maskable: false },
  { file: "icon-512.png", size: 512, maskable: false },
  { file: "maskable-512.png", size: 512, maskable: true },
  { file: "apple-touch-icon.png", size: 180, maskable: false },
] as const;

export async function renderIcons(outDir = OUT) {
  const svg = await readFile(SOURCE);
  await mkdir(outDir, { recursive: true });
  for (const icon of ICONS) {
    const target = path.join(outDir, icon.file);
    if (icon.maskable) {
      // Maskable icons get cropped to a circle or squircle: keep the art in the middle 80%.
      const inner = Math.round(icon.size * 0.8);
      const art = await sharp(svg, { density: 384 }).resize(inner, inner).png().toBuffer();
      await sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: BRAND } })
        .composite([{ input: art, gravity: "center" }])
        .png()
        .toFile(target);
    } else {
      await sharp(svg, { density: 384 }).resize(icon.size, icon.size).png().toFile(target);
    }
  }
  return ICONS.map((i) => path.join(outDir, i.file));
}

const SPRITE = path.join(ROOT, "app/components/icons/sprite.svg");

/** One SVG sprite with a <symbol> per icon the app uses (app/components/icons/names.ts), from lucide-static. */
export async function renderSprite(names: readonly string[] = ICON_NAMES, out = SPRITE) {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve("lucide-static/package.json")), "icons");
  const symbols = await Promise.all(
    names.map(async (name) => {
      const svg = await readFile(path.join(dir, `${name}.svg`), "utf8");
      const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1];
      if (!inner) throw new Error(`lucide-static/icons/${name}.svg has no <svg> body`);
      const body = inner.replace(/<!--[\s\S]*?-->/g, "").replace(/\s*\n\s*/g, "");
      return `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</symbol>`;
    }),
  );
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `<svg xmlns="http://www.w3.org/2000/svg"><!-- lucide-static, ISC --><defs>${symbols.join("")}</defs></svg>\n`);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = await renderIcons();
  const sprite = await renderSprite();
  console.log(`Icons: ${[...files, sprite].map((f) => path.relative(ROOT, f)).join(", ")}`);
}
