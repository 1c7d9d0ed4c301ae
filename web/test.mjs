// `npm test`: the page's own logic (protocol lines, the move list, the
// lobby) checked by Node's test runner. Each test file is bundled by
// esbuild into .test/ (not committed), then run.
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const files = readdirSync('test').filter((f) => f.endsWith('.test.ts'));
await build({
  entryPoints: files.map((f) => `test/${f}`),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node18',
  outdir: '.test',
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
const run = spawnSync(process.execPath, ['--test', ...files.map((f) => `.test/${f.replace(/\.ts$/, '.mjs')}`)], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
