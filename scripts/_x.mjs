import { generateCheckable } from '../dist/scripts/bench/generate.js';
import { writeFileSync, mkdirSync } from 'node:fs';
mkdirSync('/tmp/b1k', { recursive: true });
writeFileSync('/tmp/b1k/lines1k.yx', generateCheckable(1000));
