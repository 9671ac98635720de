// After `react-router build`: writes a Brotli (.br, quality 11) and a Zopfli
// gzip (.gz) copy next to every text file of build/client, once, at build time.
// server.mjs serves them (express-static-gzip): Brotli to browsers that take it,
// gzip to the others, no compression work per request. Decision 031.
// Zopfli is slow (seconds for React DOM): its output is cached by content under
// node_modules/.cache, so a rebuild compresses only the chunks that changed.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync as zopfli } from "@gfx/zopfli";
import { ROOT } from "./lib/env-file.ts";

const CLIENT = path.join(ROOT, "build/client");
const CACHE = path.join(ROOT, "node_modules/.cache/sofra-precompress");
const ZOPFLI = { numiterations: 5 };
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|html|txt)$/;
// Below this a compressed copy saves less than its headers cost.
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

mkdirSync(CACHE, { recursive: true });
async function cached(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(CACHE, name);
  if (existsSync(file)) return readFileSync(file);
  const made = await make();
  // Written aside and renamed: a build running at the same time never reads half a file.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, made);
  renameSync(partial, file);
  return made;
}
const started = Date.now();
let raw = 0;
let gz = 0;
let br = 0;
const jobs: Promise<void>[] = [];
for (const file of files(CLIENT)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  jobs.push(
    (async () => {
      const key = createHash("sha256").update(JSON.stringify(ZOPFLI)).update(content).digest("hex");
      const brotli = cached(`${key}.br`, async () =>
        brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      );
      const gzipped = cached(`${key}.gz`, async () => Buffer.from(await zopfli(content, ZOPFLI)));
      const [b, g] = await Promise.all([brotli, gzipped]);
      writeFileSync(`${file}.br`, b);
      writeFileSync(`${file}.gz`, g);
      raw += content.length;
      gz += g.length;
      br += b.length;
    })(),
  );
}
await Promise.all(jobs);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`precompressed ${jobs.length} files in ${Date.now() - started} ms: ${kb(raw)} → gzip ${kb(gz)}, brotli ${kb(br)}`);
