// Builds the page into dist/ (committed; the server compiles it in):
// index.html as written, app.js bundled and minified by esbuild, app.css
// the page's own style after chessground's three stylesheets.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

mkdirSync('dist', { recursive: true });
await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  outfile: 'dist/app.js',
  legalComments: 'none',
  logLevel: 'warning',
});
const css = ['base', 'brown', 'cburnett']
  .map((name) => readFileSync(`node_modules/chessground/assets/chessground.${name}.css`, 'utf8'))
  .concat(readFileSync('src/page.css', 'utf8'))
  .join('\n');
writeFileSync('dist/app.css', css);
copyFileSync('index.html', 'dist/index.html');
