// Finding the project root, and resolving user-supplied paths inside it.
import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from './errors.ts';

export const MANIFEST_FILE = 'yaoxiang.toml';

/** 'folder': the folder of a lone file that no yaoxiang.toml above it claims (single-file mode). */
export type ProjectRootSource = 'explicit' | 'manifest' | 'cwd' | 'folder';

export interface ProjectRoot {
  /** Absolute, symlinks resolved. */
  root: string;
  source: ProjectRootSource;
}

export interface ResolvedPath {
  /** Relative to the root, with `/` separators. */
  relative: string;
  absolute: string;
}

/**
 * The root, detected once: an explicit root (`--project-root`), else the
 * nearest ancestor of `cwd` holding yaoxiang.toml, else `cwd` itself.
 */
export function detectProjectRoot(options: { explicit?: string; cwd: string }): Result<ProjectRoot> {
  if (options.explicit !== undefined) {
    const absolute = path.resolve(options.cwd, options.explicit);
    if (!isDirectory(absolute)) {
      return fail('PROJECT_NOT_FOUND', `project root ${absolute} does not exist or is not a directory`, options.explicit);
    }
    return ok({ root: realpathSync(absolute), source: 'explicit' });
  }
  if (!isDirectory(options.cwd)) {
    return fail('PROJECT_NOT_FOUND', `working directory ${options.cwd} does not exist`, options.cwd);
  }
  for (let dir = path.resolve(options.cwd); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, MANIFEST_FILE))) return ok({ root: realpathSync(dir), source: 'manifest' });
    if (path.dirname(dir) === dir) break;
  }
  return ok({ root: realpathSync(options.cwd), source: 'cwd' });
}

/**
 * Resolves `input` (relative to the root, or absolute) to a path inside the
 * root. Refuses, with PATH_OUTSIDE_PROJECT, anything that escapes it: `..`
 * segments that climb out, absolute paths elsewhere, symlinks whose target is
 * outside, NUL bytes, and Windows drive, UNC and `\\?\` forms. Backslashes are
 * treated as separators, so `..\..\x` is caught too. The file need not exist.
 */
export function resolveInProject(root: string, input: string): Result<ResolvedPath> {
  const outside = (why: string) => fail<ResolvedPath>('PATH_OUTSIDE_PROJECT', `${JSON.stringify(input)} is outside the project root ${root}: ${why}`, input);
  if (input.includes('\0')) return outside('it contains a NUL byte');
  if (input.trim() === '') return outside('the path is empty');
  // Windows forms: C:\x, C:x, \\server\share, \\?\C:\x, //server/share. None can name a file under a POSIX root.
  if (/^[a-zA-Z]:/.test(input) || /^[\\/]{2}/.test(input)) return outside('a Windows drive or network path');
  const normalized = input.replace(/\\/g, '/');
  const absolute = path.resolve(root, normalized);
  if (!isWithin(root, absolute)) return outside('it climbs out of the root');
  // Symlinks: the deepest part of the path that exists must resolve inside the root.
  const real = realpathOfExistingPrefix(absolute);
  if (real === undefined) return outside('a symbolic link loops');
  if (!isWithin(realpathSync(root), real)) return outside('a symbolic link points outside the root');
  return ok({ relative: toPosix(path.relative(root, absolute)), absolute });
}

export function isWithin(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  // `..` itself or a `../` prefix climbs out; `..foo` (or a literal `..%2fx.yx`) is a name inside.
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

export function toPosix(relative: string): string {
  return relative.split(path.sep).join('/');
}

function realpathOfExistingPrefix(absolute: string): string | undefined {
  const missing: string[] = [];
  for (let current = absolute; ; current = path.dirname(current)) {
    try {
      return path.join(realpathSync(current), ...missing.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') return undefined;
      if (path.dirname(current) === current) return absolute;
      missing.push(path.basename(current));
    }
  }
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
