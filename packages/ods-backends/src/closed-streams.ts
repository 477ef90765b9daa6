// A closed standard stream (`ods-tblgen ... | head -1`): the reference dies of SIGPIPE at its next
// write, silently, and the shell reports 141. Node ignores SIGPIPE and reports EPIPE as an 'error'
// event on the stream, which, unhandled, ends the process with a stack trace. The executable's
// entries call `exitQuietlyWhenClosed` first: a failed write to stdout or stderr ends the process
// at once, silently, with the status a shell shows for a death by SIGPIPE (there is no stream left
// to report anything on). Libraries that write through the CLI's `io` never call it.

/** The exit status a shell reports for a process killed by SIGPIPE (128 + 13). */
export const SIGPIPE_STATUS = 141;

let installed = false;

/** End the process quietly when a write to stdout or stderr fails (a closed pipe, a gone terminal). */
export function exitQuietlyWhenClosed(): void {
  if (installed) return;
  installed = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      process.exit(e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED' ? SIGPIPE_STATUS : 1);
    });
  }
}
