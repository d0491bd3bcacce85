// Every code of the reference compiler's diagnostic catalogue (134: the 132 it
// registers plus E2029 and E8004, which exist only in its i18n files), in
// code order. The entries live in data/, one file per range as in the
// reference's codes/ folder.
import { E0XXX } from './data/e0xxx.ts';
import { E1XXX } from './data/e1xxx.ts';
import { E2XXX } from './data/e2xxx.ts';
import { E3XXX } from './data/e3xxx.ts';
import { E4XXX } from './data/e4xxx.ts';
import { E5XXX } from './data/e5xxx.ts';
import { E6XXX } from './data/e6xxx.ts';
import { E7XXX } from './data/e7xxx.ts';
import { E8XXX } from './data/e8xxx.ts';
import { W1XXX } from './data/w1xxx.ts';
import type { CodeEntry } from './types.ts';

export const CODES: readonly CodeEntry[] = [
  ...E0XXX, ...E1XXX, ...E2XXX, ...E3XXX, ...E4XXX, ...E5XXX, ...E6XXX, ...E7XXX, ...E8XXX, ...W1XXX,
].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

export const CODES_BY_ID: ReadonlyMap<string, CodeEntry> = new Map(CODES.map((entry) => [entry.code, entry]));
