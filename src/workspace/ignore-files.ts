// Which of a walk's sources the project's .gitignore files leave out. globby's
// own `gitignore` option finds .gitignore files with a second walk that
// follows symbolic links whatever the first was told (two links to `.` made
// the servers' index never finish, and a link to /tmp walked all of /tmp) and
// reads them with no bound; here they come from the same walk as the sources
// (regular files only, no links followed) and are read through file-access.ts.
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { readTextFile } from './file-access.ts';

export const IGNORE_FILE_NAME = '.gitignore';

/** Far beyond any real .gitignore; a larger one is read as if it were absent. */
const MAX_IGNORE_FILE_BYTES = 1024 * 1024;

/**
 * What the .gitignore files among `ignoreFiles` exclude (paths relative to
 * `root` with '/'), as git decides: a rule in a deeper file overrides one
 * above it, and nothing inside an excluded folder comes back. `keep(files)`
 * gives the files they leave, `keepFolders(folders)` the folders (ending in
 * '/'). A .gitignore that cannot be read (gone, unreadable, too large) counts
 * as absent.
 */
export function ignoredBy(root: string, ignoreFiles: readonly string[]): { keep(files: readonly string[]): string[]; keepFolders(folders: readonly string[]): string[] } {
  const rules = new Map<string, Ignore>();
  for (const file of ignoreFiles) {
    const read = readTextFile(path.join(root, file), { within: root, limit: MAX_IGNORE_FILE_BYTES });
    if (read.ok) rules.set(path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file), ignore().add(read.value.text));
  }
  if (rules.size === 0) return { keep: (files) => [...files], keepFolders: (folders) => [...folders] };
  const excludedFolders = new Map<string, boolean>();
  const folderExcluded = (folder: string): boolean => {
    if (folder === '') return false;
    let known = excludedFolders.get(folder);
    if (known === undefined) {
      known = folderExcluded(parentOf(folder)) || excludedBy(rules, folder, true);
      excludedFolders.set(folder, known);
    }
    return known;
  };
  return {
    keep: (files) => files.filter((file) => !folderExcluded(parentOf(file)) && !excludedBy(rules, file, false)),
    keepFolders: (folders) => folders.filter((folder) => !folderExcluded(folder.replace(/\/$/, '').replace(/^\.$/, ''))),
  };
}

function parentOf(relative: string): string {
  const slash = relative.lastIndexOf('/');
  return slash === -1 ? '' : relative.slice(0, slash);
}

/** The last word of the .gitignore files in the folders that hold `target`, the deepest last. */
function excludedBy(rules: ReadonlyMap<string, Ignore>, target: string, isFolder: boolean): boolean {
  let excluded = false;
  for (let folder = parentOf(target), done = false; !done; folder = parentOf(folder)) {
    done = folder === '';
    const rule = rules.get(folder);
    if (!rule) continue;
    const below = folder === '' ? target : target.slice(folder.length + 1);
    const verdict = rule.test(isFolder ? `${below}/` : below);
    // Walking up, the first file with a say is the deepest: it wins.
    if (verdict.ignored || verdict.unignored) {
      excluded = verdict.ignored;
      break;
    }
  }
  return excluded;
}
