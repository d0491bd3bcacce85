// Which folder a file's project is, for a client that may name no folder at
// all (Neovim's root_dir=nil), or `/`, or a home directory. Listing such a
// folder's tree is what once kept `initialize` unanswered while memory grew
// past 4 GB, so none of them is ever taken as a project tree: a file's root is
// the client's folder that holds it, else the nearest yaoxiang.toml above it,
// else its own folder, of which only the files directly in it are read.
import { realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InitializeParams } from 'vscode-languageserver';
import { isWithin, MANIFEST_FILE, type ListScope, type ProjectRoot } from '../ide/index.ts';

export interface RootChoice {
  root: ProjectRoot;
  scope: ListScope;
}

/** Folders whose whole tree is never read: a file system's root and the user's home. */
export function isTooBroad(folder: string, home = homedir()): boolean {
  return path.parse(folder).root === folder || path.resolve(folder) === path.resolve(home);
}

/**
 * The client's workspace folders (else `rootUri`, else `rootPath`) that can be
 * projects: existing local folders, links resolved, none too broad to read.
 */
export function clientRoots(params: Pick<InitializeParams, 'workspaceFolders' | 'rootUri' | 'rootPath'>, home = homedir()): string[] {
  const named = params.workspaceFolders?.length
    ? params.workspaceFolders.map((folder) => folder.uri)
    : params.rootUri ? [params.rootUri] : [];
  const folders = named.flatMap((uri) => (uri.startsWith('file:') ? [fileURLToPath(uri)] : []));
  if (named.length === 0 && params.rootPath) folders.push(params.rootPath);
  const roots = folders.flatMap((folder) => {
    const real = realDirectory(folder);
    return real !== undefined && !isTooBroad(real, home) ? [real] : [];
  });
  return [...new Set(roots)];
}

/** The root for a file (absolute, links in its folder resolved): see the header. */
export function rootForFile(file: string, clientFolders: readonly string[], home = homedir()): RootChoice {
  // The innermost client folder holding the file: a nested folder is its own project.
  const held = clientFolders.filter((folder) => isWithin(folder, file)).sort((a, b) => b.length - a.length)[0];
  if (held !== undefined) return { root: { root: held, source: 'explicit' }, scope: 'tree' };
  const folder = path.dirname(file);
  for (let dir = folder; !isTooBroad(dir, home); dir = path.dirname(dir)) {
    if (isFile(path.join(dir, MANIFEST_FILE))) return { root: { root: dir, source: 'manifest' }, scope: 'tree' };
  }
  return { root: { root: folder, source: 'folder' }, scope: 'folder' };
}

/** `file` with the links of its folder resolved (the file itself need not exist yet). */
export function realFile(file: string): string {
  const folder = realDirectory(path.dirname(file));
  return folder === undefined ? file : path.join(folder, path.basename(file));
}

function realDirectory(folder: string): string | undefined {
  try {
    const real = realpathSync(folder);
    return statSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}
