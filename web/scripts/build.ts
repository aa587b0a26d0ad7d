/**
 * Builds the web console into `web/dist`: one ES-module entry and a chunk per page (esbuild,
 * minified, content-hashed names), the stylesheet, the US state shapes as a hashed JSON asset,
 * `index.html`, and `manifest.json` listing each page's first-load files with their gzip
 * sizes (what the budget test and `npm run build:web` report). Every asset comes from npm;
 * nothing is fetched from a CDN.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { PAGE_PATHS } from './page-paths.js';

const root = path.resolve(import.meta.dirname, '..');

export interface ConsoleManifest {
  entry: string;
  css: string[];
  /** Per page: the JavaScript files a first visit to it loads, and their total gzip size. */
  pages: Record<string, { files: string[]; gzipBytes: number }>;
  files: Record<string, { bytes: number; gzipBytes: number }>;
}

/** Builds into `outDir` (web/dist by default; tests build into a directory of their own). */
export async function buildConsole(options: { minify?: boolean; outDir?: string } = {}): Promise<ConsoleManifest> {
  const dist = options.outDir ?? path.join(root, 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: { main: path.join(root, 'src/main.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    minify: options.minify ?? true,
    sourcemap: 'linked',
    outdir: path.join(dist, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    // Imported files (the US state shapes) are addressed from the site's root, whatever page imports them.
    publicPath: '/assets/',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    loader: { '.json': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = result.metafile.outputs;
  const rel = (file: string) => `/${path.relative(dist, path.resolve(process.cwd(), file)).split(path.sep).join('/')}`;
  const entryFile = Object.keys(outputs).find((f) => outputs[f]!.entryPoint?.endsWith('src/main.tsx') && f.endsWith('.js'))!;
  const css = Object.keys(outputs).filter((f) => f.endsWith('.css'));

  const files: ConsoleManifest['files'] = {};
  for (const f of Object.keys(outputs)) {
    if (!f.endsWith('.js') && !f.endsWith('.css') && !f.endsWith('.json')) continue;
    const body = fs.readFileSync(f);
    files[rel(f)] = { bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
  }
  // A file and every file it imports statically: what loading it costs.
  const closure = (start: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(start)) return seen;
    seen.add(start);
    for (const i of outputs[start]?.imports ?? []) if (i.kind === 'import-statement') closure(i.path, seen);
    return seen;
  };
  const shell = closure(entryFile);
  const pages: ConsoleManifest['pages'] = {};
  for (const page of PAGE_PATHS) {
    // The page's chunk: the dynamic import of the entry whose inputs include the page's module.
    const chunk = (outputs[entryFile]!.imports ?? [])
      .filter((i) => i.kind === 'dynamic-import')
      .map((i) => i.path)
      .find((p) => Object.keys(outputs[p]?.inputs ?? {}).some((input) => input.includes(`src/pages/${page}/${page}-page.tsx`)));
    const all = new Set([...shell, ...(chunk ? closure(chunk) : [])]);
    const list = [...all].map(rel);
    pages[page] = { files: list, gzipBytes: list.reduce((n, f) => n + (files[f]?.gzipBytes ?? 0), 0) };
  }

  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="description" content="Sunlight: public-records law, legal search, FOIA tracking and a research assistant that cites its sources.">
  <title>Sunlight</title>
  <link rel="icon" href="data:,">
${css.map((c) => `  <link rel="stylesheet" href="${rel(c)}">`).join('\n')}
  <script type="module" src="${rel(entryFile)}"></script>
</head>
<body>
  <div id="app"><p class="boot">Loading Sunlight…</p></div>
  <noscript><p class="boot">The Sunlight console needs JavaScript. The API and its documentation are at <a href="/api/docs/">/api/docs/</a>.</p></noscript>
</body>
</html>
`;
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  const manifest: ConsoleManifest = { entry: rel(entryFile), css: css.map(rel), pages, files };
  fs.writeFileSync(path.join(dist, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const started = performance.now();
  const manifest = await buildConsole();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`web console built in ${Math.round(performance.now() - started)} ms → ${path.relative(process.cwd(), path.join(root, 'dist'))}`);
  console.log('first load, JavaScript gzip-compressed, per page:');
  for (const [page, p] of Object.entries(manifest.pages)) console.log(`  ${page.padEnd(14)} ${kb(p.gzipBytes).padStart(9)}  (${p.files.length} files)`);
}
