// The constructs whose layout the formatter decides itself, found in the
// tree: blocks (one line when they hold at most one statement) and match
// blocks (arms aligned on `=>`). Offsets refer to the text the tree was parsed from.
import type { Tree } from 'web-tree-sitter';
import { walk } from '../../syntax/inspect.ts';

export interface BlockGroup {
  start: number;
  end: number;
  statements: number;
}

export interface MatchGroup {
  /** Start offset of each arm, and of its `=>`. */
  arms: Array<{ start: number; arrow: number }>;
}

export function collectGroups(tree: Tree): { blocks: BlockGroup[]; matches: MatchGroup[] } {
  const blocks: BlockGroup[] = [];
  const matches: MatchGroup[] = [];
  walk(tree, (cursor) => {
    if (cursor.nodeType === 'block') {
      const node = cursor.currentNode;
      const statements = node.namedChildren.filter((child) => child !== null && !child.type.endsWith('_comment')).length;
      blocks.push({ start: node.startIndex, end: node.endIndex, statements });
    } else if (cursor.nodeType === 'match_block') {
      const arms: MatchGroup['arms'] = [];
      for (const arm of cursor.currentNode.namedChildren) {
        if (arm?.type !== 'match_arm') continue;
        const arrow = arm.children.find((child) => child?.type === '=>');
        if (arrow) arms.push({ start: arm.startIndex, arrow: arrow.startIndex });
      }
      if (arms.length > 1) matches.push({ arms });
    }
  });
  return { blocks, matches };
}
