// Keeps package-lock.json installable with `npm ci` on every platform. The registry reachable
// here lacks nx's native packages for other platforms, so `npm install` leaves them out of the
// lock and `npm ci` then refuses the lock ("Missing: @nx/nx-darwin-arm64 from lock file").
// This adds them back as optional, platform-restricted entries, which npm skips elsewhere.
// Run after any `npm install` that rewrites the lock: `node tools/lock-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const PLATFORMS = {
  'nx-darwin-arm64': { cpu: ['arm64'], os: ['darwin'] },
  'nx-darwin-x64': { cpu: ['x64'], os: ['darwin'] },
  'nx-freebsd-x64': { cpu: ['x64'], os: ['freebsd'] },
  'nx-linux-arm-gnueabihf': { cpu: ['arm'], os: ['linux'] },
  'nx-linux-arm64-gnu': { cpu: ['arm64'], os: ['linux'], libc: ['glibc'] },
  'nx-linux-arm64-musl': { cpu: ['arm64'], os: ['linux'], libc: ['musl'] },
  'nx-linux-x64-gnu': { cpu: ['x64'], os: ['linux'], libc: ['glibc'] },
  'nx-linux-x64-musl': { cpu: ['x64'], os: ['linux'], libc: ['musl'] },
  'nx-win32-arm64-msvc': { cpu: ['arm64'], os: ['win32'] },
  'nx-win32-x64-msvc': { cpu: ['x64'], os: ['win32'] },
};

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const nx = lock.packages['node_modules/nx'];
const added = [];
for (const [name, version] of Object.entries(nx?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const platform = PLATFORMS[name.split('/').pop()];
  if (!platform) continue;
  lock.packages[key] = { version, ...platform, license: 'MIT', optional: true };
  added.push(name);
}
writeFileSync(path, JSON.stringify(lock, null, 2) + '\n');
console.log(added.length ? `lock-platforms: added ${added.join(', ')}` : 'lock-platforms: lock already complete');
