// tree-sitter's caret-comment assertions (test/highlight/*.yx, test/tags/*.yx):
//   x = 1
//   // <- variable        the column where the comment starts, on the line above
//   //   ^ operator       the caret's column, on the nearest line above that is not an assertion
//   //   ^ !keyword       negative: must not be
import type { Tree } from 'web-tree-sitter';

export interface Assertion {
  row: number;
  column: number;
  name: string;
  negative: boolean;
  /** 1-based line of the assertion comment, for messages. */
  line: number;
}

const ASSERTION = /^\/\/\s*(<-|\^+)\s*(!?)([\w.-]+)\s*$/;

export function parseAssertions(tree: Tree, text: string): Assertion[] {
  const assertions: Assertion[] = [];
  const lines = text.split('\n');
  let target = -1;
  lines.forEach((line, row) => {
    const start = line.search(/\/\//);
    const body = start === -1 ? '' : line.slice(start);
    const match = ASSERTION.exec(body);
    const onlyComment = start !== -1 && line.slice(0, start).trim() === '';
    if (!match || !onlyComment || !isLineComment(tree, row, start)) {
      target = row;
      return;
    }
    const [, arrow, bang, name] = match;
    const columns = arrow === '<-' ? [start] : [...body.matchAll(/\^/g)].map((m) => start + m.index);
    for (const column of columns) {
      assertions.push({ row: target, column, name: name!, negative: bang === '!', line: row + 1 });
    }
  });
  return assertions;
}

function isLineComment(tree: Tree, row: number, column: number): boolean {
  const node = tree.rootNode.descendantForPosition({ row, column });
  return node?.type === 'line_comment';
}
