// Step 5 of the reference checker: arguments of proof-function annotations on
// bindings (`y: IsSmall(5) = …`), rule R24 (E1092, E1093; semantics.md §5.9).
import type { Node, Tree } from 'web-tree-sitter';
import { isComment, typeArguments } from './annotations.ts';
import type { FileDeclarations } from './declarations.ts';
import { TYPE_MESSAGES, type RawDiagnostic } from './messages.ts';
import { BUILTIN_TYPE_NAMES } from './signatures.ts';
import { brokenNode } from './table-reads.ts';

export function refinementDiagnostics(tree: Tree, decls: FileDeclarations): RawDiagnostic[] {
  if (decls.proofFunctions.size === 0) return [];
  const found: RawDiagnostic[] = [];
  const stack: Node[] = [tree.rootNode];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'declaration' && !brokenNode(node)) {
      const annotation = node.childForFieldName('type');
      const proof = annotation?.type === 'generic_type' ? decls.proofFunctions.get(annotation.childForFieldName('name')?.text ?? '') : undefined;
      if (annotation && proof) {
        const args = typeArguments(annotation.childForFieldName('arguments'));
        if (args.length !== proof.params.length) {
          found.push({ code: 'E1093', message: TYPE_MESSAGES.E1093(proof.name, proof.params.length, args.length), start: annotation.startIndex, end: annotation.endIndex });
        } else {
          const bad = args.find((a) => !convertible(a));
          if (bad) found.push({ code: 'E1092', message: TYPE_MESSAGES.E1092(proof.name), start: bad.startIndex, end: bad.endIndex });
        }
      }
    }
    for (let i = node.namedChildCount - 1; i >= 0; i--) {
      const child = node.namedChild(i);
      if (child && !isComment(child)) stack.push(child);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * What the reference can turn into a constant expression: a literal, a name, or
 * a one-argument application of something convertible. A builtin type name
 * (`Int` in `List(Int)`) is a type, not a constant.
 */
function convertible(node: Node): boolean {
  switch (node.type) {
    case 'integer': case 'float': case 'boolean':
      return true;
    case 'unary_expression':
      return node.childForFieldName('operand')?.type === 'integer';
    case 'type_identifier': case 'identifier':
      return !BUILTIN_TYPE_NAMES.has(node.text) && !/^(Int|Float|String|Bool|Char|Void)\d*$/.test(node.text);
    case 'generic_type': {
      const args = typeArguments(node.childForFieldName('arguments'));
      return args.length === 1 && convertible(args[0]!);
    }
    default:
      return false;
  }
}
