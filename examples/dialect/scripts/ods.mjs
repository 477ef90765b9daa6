// Runs ods-tblgen over the toy dialect: `npx nx run dialect:ods` (or `npm run ods` here).
// Writes generated/ToyOps.records.txt (--print-records) and generated/ToyOps.records.json
// (--dump-json). MLIR's .td files come from the installed LLVM 22 (llvm-config-22 --includedir).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function fail(message) {
  process.stderr.write(`dialect:ods: ${message}\n`);
  process.exit(1);
}

function mlirIncludeDir() {
  let dir;
  try {
    dir = execFileSync('llvm-config-22', ['--includedir'], { encoding: 'utf8' }).trim();
  } catch {
    fail('llvm-config-22 not found: install llvm-22, mlir-22-tools and libmlir-22-dev (tools/setup.sh does it)');
  }
  if (!existsSync(join(dir, 'mlir/IR/OpBase.td'))) fail(`${dir}/mlir/IR/OpBase.td not found: install libmlir-22-dev`);
  return dir;
}

/** The ods-tblgen bin of the workspace: node_modules/.bin/ods-tblgen here or in a parent. */
function odsTblgen() {
  for (let dir = root; ; dir = dirname(dir)) {
    const bin = join(dir, 'node_modules/.bin/ods-tblgen');
    if (existsSync(bin)) return bin;
    if (dirname(dir) === dir) fail('ods-tblgen not found: run `npm ci` at the repository root');
  }
}

const mlirInc = mlirIncludeDir();
const bin = odsTblgen();
const input = 'include/Toy/ToyOps.td';
mkdirSync(join(root, 'generated'), { recursive: true });

const jobs = [
  ['--print-records', 'generated/ToyOps.records.txt'],
  ['--dump-json', 'generated/ToyOps.records.json'],
];
for (const [action, output] of jobs) {
  const args = [action, '-I', mlirInc, '-I', 'include', input, '-o', output];
  process.stdout.write(`ods-tblgen ${args.join(' ')}\n`);
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) fail(`ods-tblgen ${action} failed (exit ${r.status ?? r.signal})`);
}
