// First-load JavaScript of a page: the gzipped size of every script its HTML makes a browser
// download. A `<script nomodule>` (Next's legacy polyfills) is never fetched by a browser that
// runs modules — every browser Next 16 supports — so it is reported apart, not added in.
import { gzipSync } from "node:zlib";

const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;

export async function firstLoadJs(url) {
  const html = await (await fetch(url)).text();
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)];
  const seen = new Set();
  let loaded = 0;
  let legacy = 0;
  let scripts = 0;
  for (const [tag, src] of tags) {
    if (seen.has(src)) continue;
    seen.add(src);
    const size = gzipSync(Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer())).length;
    if (/\bnomodule\b/i.test(tag)) legacy += size;
    else {
      loaded += size;
      scripts += 1;
    }
  }
  return { kb: kib(loaded), scripts, legacyKb: kib(legacy) };
}
