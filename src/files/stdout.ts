/**
 * Writing a command's output to stdout, where a write can fail: the reader went away (`| head -1`:
 * EPIPE) or the disk is full (`> /dev/full`: ENOSPC). Node reports both as an 'error' event on
 * process.stdout, which unhandled prints a stack and exits 1. Here: EPIPE ends the command quietly
 * (exit 0: the reader had what it wanted), any other failure is one line and exit 2 ("could not run").
 */
import { TreewrightError } from '../errors.js';

/** What a failed write to stdout means for the command. */
export class StdoutError extends TreewrightError {
  constructor(readonly errno: string, message: string) {
    // One line, no hint: the cause (a full disk, a closed descriptor) is the whole story.
    super('device_error', message, { stage: 'stdout', errno });
    this.name = 'StdoutError';
  }
}

let guarded = false;

/** Keeps a late 'error' event on stdout (after the write callback has reported it) from crashing the process. */
export function guardStdout(stream: NodeJS.WritableStream = process.stdout): void {
  if (guarded && stream === process.stdout) return;
  if (stream === process.stdout) guarded = true;
  stream.on('error', () => undefined);
}

/** Resolves true when written, false when the reader has gone (EPIPE); rejects with a StdoutError otherwise. */
export function writeStdout(text: string, stream: NodeJS.WritableStream = process.stdout): Promise<boolean> {
  // A plain sink (an object with write only, as tests and benches pass for verify's io) has no
  // events and no callback to wait for: its write is the whole story.
  if (typeof (stream as Partial<NodeJS.WritableStream>).on !== 'function') {
    stream.write(text);
    return Promise.resolve(true);
  }
  guardStdout(stream);
  return new Promise((resolve, reject) => {
    try {
      stream.write(text, (err?: Error | null) => {
        if (!err) return resolve(true);
        const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
        if (code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED') return resolve(false);
        reject(new StdoutError(code, `cannot write to standard output: ${code === 'ENOSPC' ? 'no space left on the device' : err.message} (${code})`));
      });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
      if (code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED') return resolve(false);
      reject(new StdoutError(code, `cannot write to standard output: ${(err as Error).message} (${code})`));
    }
  });
}
