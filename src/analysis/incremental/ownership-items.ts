// The ownership layer per top-level function, for ItemMemo. The walk reads
// types inference found (the ledger, the global names); which facts of them it
// used is recorded as it runs (copy class, parameter modes: `ownershipFacts`),
// so its findings are reused only while inference still says the same there.
import type { Node } from 'web-tree-sitter';
import { ownershipFacts, statementOwnershipDiagnostics, type OwnershipEnv } from '../infer/ownership.ts';
import type { ItemFindings } from './item-memo.ts';

/** The ownership layer's context with the memo's view of a global name: its ownership facts (`ownershipFacts` of `globalType`), which the caller may cache. */
export interface OwnershipMemoEnv extends OwnershipEnv {
  globalFacts(name: string): string;
}

/** One fact the walk read: a ledger entry (at an offset from the function's start) or a global name. */
interface Observation {
  ledgerOffset: number | undefined;
  name: string;
  facts: string;
}

export function ownershipItem(statement: Node, env: OwnershipMemoEnv): ItemFindings<OwnershipMemoEnv> {
  const start = statement.startIndex;
  const seen = new Map<string, Observation>();
  const recording: OwnershipEnv = {
    ledger: {
      lookup(statementStart, name) {
        const type = env.ledger.lookup(statementStart, name);
        seen.set(`L${statementStart}:${name}`, { ledgerOffset: statementStart - start, name, facts: ownershipFacts(type) });
        return type;
      },
    },
    globalType(name) {
      seen.set(`G${name}`, { ledgerOffset: undefined, name, facts: env.globalFacts(name) });
      return env.globalType(name);
    },
  };
  const found = statementOwnershipDiagnostics(statement, recording);
  const observations = [...seen.values()];
  return { found, holds: holdsWhile(observations) };
}

/**
 * The memo's test, made out here: a closure made in ownershipItem would share
 * its scope with the recording's methods, and so hold the pass's whole
 * context (its inference, its tree's text and line index) for as long as the
 * memo keeps the entry; a long edit session kept one per edit.
 */
function holdsWhile(observations: readonly Observation[]): (env: OwnershipMemoEnv, start: number) => boolean {
  return (env, start) => stillHold(observations, env, start);
}

function stillHold(observations: readonly Observation[], env: OwnershipMemoEnv, start: number): boolean {
  for (const o of observations) if (factsNow(env, o, start) !== o.facts) return false;
  return true;
}

function factsNow(env: OwnershipMemoEnv, observation: Observation, start: number): string {
  return observation.ledgerOffset === undefined
    ? env.globalFacts(observation.name)
    : ownershipFacts(env.ledger.lookup(observation.ledgerOffset + start, observation.name));
}
