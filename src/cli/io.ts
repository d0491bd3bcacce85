// Reading source text for the CLI, with errors a person can act on.
import { fstatSync } from 'node:fs';
import { decodeSource, MAX_FILE_BYTES, readTextFile, type TextFile } from '../ide/index.ts';
import { SourceReadError } from './exit.ts';

export { EXIT, SourceReadError, UsageError } from './exit.ts';

/** Decodes UTF-8 strictly; a leading BOM is kept so that diagnostics can report it. */
export function decodeUtf8(bytes: Uint8Array, name: string): string {
  const decoded = decodeSource(bytes);
  if (!decoded.ok) throw new SourceReadError(`${name}: not valid UTF-8 (first invalid byte at offset ${decoded.offset})`);
  return decoded.text;
}

/** A source as read: its shown name, text, and (for a file) what the file was, for a later safe replace. */
export interface ReadSource {
  name: string;
  text: string;
  file?: TextFile;
}

/**
 * Reads a file path, or standard input for `-`, through the workspace's file
 * access: regular files only (a FIFO, a device or a link to one is refused at
 * once), at most MAX_FILE_BYTES, inside `within` when given, strict UTF-8.
 */
export async function readSource(path: string, options: { within?: string } = {}): Promise<ReadSource> {
  if (path === '-') {
    // A folder as stdin (`< dir`) reads as empty, which would parse as an empty program.
    if (stdinIsFolder()) throw new SourceReadError('NOT_A_FILE: <stdin>: is a directory');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of process.stdin) {
      size += (chunk as Buffer).length;
      if (size > MAX_FILE_BYTES) throw new SourceReadError(`TOO_LARGE: <stdin>: more than ${MAX_FILE_BYTES} bytes`);
      chunks.push(chunk as Buffer);
    }
    return { name: '<stdin>', text: decodeUtf8(Buffer.concat(chunks), '<stdin>') };
  }
  const read = readTextFile(path, options);
  if (!read.ok) throw new SourceReadError(`${read.error.code}: ${read.error.message}`);
  return { name: path, text: read.value.text, file: read.value };
}

function stdinIsFolder(): boolean {
  try {
    return fstatSync(0).isDirectory();
  } catch {
    return false;
  }
}
