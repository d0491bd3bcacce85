// One differential pass: both checkers on every file, paired for measuring.
import type { Pair } from './compare.ts';
import type { OurChecker } from './ours.ts';
import { usesLocalModule, type ProgramFile } from './programs.ts';
import type { ReferenceOracle } from './reference.ts';
import type { Verdict } from './verdict.ts';

export async function pairVerdicts(files: readonly ProgramFile[], reference: ReferenceOracle, ours: OurChecker, progress: (done: number) => void): Promise<Pair[]> {
  // The reference runs in child processes while ours runs here, one file at a time.
  let done = 0;
  const referenceVerdicts = Promise.all(files.map(async (f) => {
    const verdict = await reference.check(f.absolute, f.text);
    progress(++done);
    return verdict;
  }));
  const ourVerdicts: Verdict[] = [];
  for (const f of files) ourVerdicts.push(await ours.check(f.absolute));
  const theirs = await referenceVerdicts;
  return files.map((f, i) => ({ name: f.name, reference: theirs[i]!, ours: ourVerdicts[i]!, localUse: usesLocalModule(f) }));
}
