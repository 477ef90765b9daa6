// Where the build service lives: a folder only its user can open (0700), and in it, per tool
// build, the socket (`<build>.sock`), the token the service checks on every request
// (`<build>.token`, 0600) and a start lock (`<build>.starting`). Different builds of the tool run
// side by side; a client only ever talks to the service of its own build.
import { chmodSync, lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder of this user's services: $ODS_DAEMON_DIR, else $XDG_RUNTIME_DIR or the temp folder. */
export function serviceDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env['ODS_DAEMON_DIR']) return env['ODS_DAEMON_DIR'];
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return join(env['XDG_RUNTIME_DIR'] || tmpdir(), `ods-tblgen-${uid}`);
}

export class UnsafeServiceDir extends Error {}

/**
 * Create `dir` (0700) if needed and check that it is private: a real folder (not a link), owned by
 * this user, that nobody else can open. A folder of ours with looser bits is tightened; any other
 * folder throws UnsafeServiceDir, and no service runs (the caller works in-process).
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new UnsafeServiceDir(`${dir} is not a folder`);
  const uid = typeof process.getuid === 'function' ? process.getuid() : st.uid;
  if (st.uid !== uid) throw new UnsafeServiceDir(`${dir} belongs to another user (uid ${st.uid})`);
  if ((st.mode & 0o077) !== 0) {
    chmodSync(dir, 0o700);
    if ((lstatSync(dir).mode & 0o077) !== 0) throw new UnsafeServiceDir(`${dir} is open to other users`);
  }
}

export interface ServicePaths {
  readonly dir: string;
  readonly socket: string;
  readonly token: string;
  readonly starting: string;
  readonly log: string;
}

export function servicePaths(dir: string, buildId: string): ServicePaths {
  const base = join(dir, buildId.slice(0, 16));
  return { dir, socket: `${base}.sock`, token: `${base}.token`, starting: `${base}.starting`, log: `${base}.log` };
}
