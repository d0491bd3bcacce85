// The binding model as a hand-written tree walk built it before it came from
// the captures of queries/ (src/analysis/model/build.ts): the baseline that
// `npm run bench` times the query-built model against (issue 20: no more than
// 1.5x), and that test/analysis/model-from-queries.test.ts holds it to on the
// corpus. Frozen: not used by the analysis.
import type { Node, Tree, TreeCursor } from 'web-tree-sitter';
import { definitionKinds } from '../../src/analysis/model/queries.ts';
import { constructorType, importedNames, modifiersOf, typeInfo } from '../../src/analysis/model/node-facts.ts';
import { ScopeTable } from '../../src/analysis/model/scope-table.ts';
import { SCOPE_KINDS } from '../../src/analysis/model/build.ts';
import type { Binding, FileModel, ScopeKind, Span, SymbolKind } from '../../src/analysis/model/types.ts';

const STATEMENTS = new Set(['declaration', 'assignment', 'destructuring_assignment', 'type_definition', 'use_statement']);

/** Node types the walk looks at; everything else is only descended into. */
const RELEVANT = new Set([
  ...STATEMENTS, 'identifier', 'type_identifier', 'member_expression',
  'block', 'lambda', 'for_expression', 'spawn_expression', 'list_comprehension', 'match_arm',
]);

/** The scopes a node opens by its type alone (a declaration and a type definition: by their parts). */
const scopeKindOf = (type: string): ScopeKind | undefined => (type === 'type_definition' || type === 'function_type' ? undefined : SCOPE_KINDS[type]);

export function buildFileModelByWalk(tree: Tree): FileModel {
  const root = tree.rootNode;
  const builder = new ModelBuilder(root, definitionKinds(root));
  builder.run(root);
  const { scopes, bindings, uses } = builder.table;
  return { scopes, bindings, uses };
}

class ModelBuilder {
  readonly table = new ScopeTable();
  readonly #stack: number[] = [];
  /** Nodes whose identifiers were already handled by their parent. */
  readonly #handled = new Set<number>();
  /** By depth of the walk: the target of the nearest declaration, assignment or type definition around it. */
  readonly #owners: Array<Node | undefined> = [];
  /** Per scope: the annotated type of each parameter, for a lambda implementing the signature. */
  readonly #parameterTypes = new Map<number, Map<string, string | undefined>>();
  /** The root's text and where it starts: the root begins after leading whitespace. */
  readonly #text: string;
  readonly #textStart: number;

  /** What queries/definitions.scm calls each definition (by name start); the walk's own rule covers what it does not capture. */
  readonly #kinds: ReadonlyMap<number, SymbolKind>;

  constructor(root: Node, kinds: ReadonlyMap<number, SymbolKind>) {
    this.#kinds = kinds;
    this.#text = root.text;
    this.#textStart = root.startIndex;
  }

  run(root: Node): void {
    const module = this.#openScope('module', root);
    // Module-level bindings are visible everywhere in the file (functions call
    // each other before their definition), so they are collected first.
    for (const statement of root.namedChildren) if (statement) this.#bindStatement(statement, module, true);
    const cursor = root.walk();
    // Node types from the root down to the current node: parents without WASM calls.
    const types: string[] = [];
    try {
      let depth = 0;
      const open: Array<{ depth: number; scope: number }> = [];
      for (;;) {
        types[depth] = cursor.nodeType;
        const descend = this.#enter(cursor, types, depth, open);
        if (descend && cursor.gotoFirstChild()) {
          depth++;
          continue;
        }
        for (;;) {
          while (open.length > 0 && open[open.length - 1]!.depth >= depth) if (this.#closeScope()) open.pop();
          if (cursor.gotoNextSibling()) break;
          if (depth === 0 || !cursor.gotoParent()) return;
          depth--;
        }
        if (depth === 0) return;
      }
    } finally {
      cursor.delete();
    }
  }

  #enter(cursor: TreeCursor, types: string[], depth: number, open: Array<{ depth: number; scope: number }>): boolean {
    const type = types[depth]!;
    // The nearest enclosing owner, kept on a stack: walking `.parent` costs the node's depth in
    // WASM each step, which made 10,000 nested blocks or lambdas cubic.
    this.#owners[depth] = OWNERS.has(type) ? ownerTarget(cursor.currentNode) ?? this.#owners[depth - 1] : this.#owners[depth - 1];
    if (type === 'line_comment' || type === 'block_comment' || type === 'string' || type === 'ERROR' && cursor.currentNode.childCount === 0) return false;
    if (!RELEVANT.has(type)) return true;
    const parentType = depth > 0 ? types[depth - 1] : undefined;
    if (type === 'identifier' || type === 'type_identifier') {
      // Names are most of the relevant nodes: read them off the cursor, without making a Node.
      if (!this.#handled.has(cursor.nodeId)) this.#use(type, cursor.startIndex, cursor.endIndex, parentType, cursor.currentFieldName);
      return false;
    }
    const node = cursor.currentNode;
    const scopeKind = scopeKindOf(type) ?? (isFunctionDeclaration(node) ? 'function' : type === 'type_definition' && node.childForFieldName('parameters') ? 'type' : undefined);
    if (scopeKind) {
      open.push({ depth, scope: this.#openScope(scopeKind, node) });
      this.#bindScopeHeader(node, this.#current(), depth);
    }
    if (parentType === 'block' && STATEMENTS.has(type)) this.#bindStatement(node, this.#current(), false);
    if (type === 'member_expression') this.#member(node);
    return true;
  }

  // Section - scopes and bindings

  #openScope(kind: ScopeKind, node: Node): number {
    const parent = this.#stack[this.#stack.length - 1];
    // A lambda implementing its declaration's signature does not see the signature's parameters.
    const hidesParent = kind === 'lambda' && parent !== undefined && this.table.scopes[parent]?.kind === 'function'
      && node.parent?.type === 'declaration' && node.parent.childForFieldName('value')?.id === node.id;
    const id = this.table.open(kind, node.startIndex, node.endIndex, parent, hidesParent);
    this.#stack.push(id);
    return id;
  }

  /** Pops the innermost scope; its names are no longer visible. Returns its id. */
  #closeScope(): number | undefined {
    const id = this.#stack.pop();
    if (id !== undefined) this.table.close(id);
    return id;
  }

  #current(): number {
    return this.#stack[this.#stack.length - 1]!;
  }

  #bind(name: Node, kind: SymbolKind, scope: number, declaration: Node, extra: Partial<Binding> = {}): number {
    this.#handled.add(name.id);
    return this.table.bind(name.text, spanOf(name), kind, scope, spanOf(declaration), extra);
  }

  #write(name: Node, binding: number): void {
    this.#handled.add(name.id);
    this.table.use(name.text, spanOf(name), 'write', binding);
  }

  /** Binds what a statement defines. `hoisted`: module level, collected before the walk. */
  #bindStatement(statement: Node, scope: number, hoisted: boolean): void {
    const modifiers = modifiersOf(statement);
    switch (statement.type) {
      case 'declaration': {
        const target = statement.childForFieldName('target');
        const type = statement.childForFieldName('type');
        if (target?.type === 'identifier') {
          const kind: SymbolKind = this.#kinds.get(target.startIndex) ?? (statement.childForFieldName('value')?.type === 'lambda' ? 'function' : 'variable');
          this.#bind(target, kind, scope, statement, { ...modifiers, ...typeInfo(type) });
        } else if (target?.type === 'member_expression') {
          this.#bindMethod(target, statement, scope, modifiers);
        }
        break;
      }
      case 'assignment': {
        const left = statement.childForFieldName('left');
        const right = statement.childForFieldName('right');
        if (left?.type === 'identifier') {
          const existing = this.table.localTarget(left.text, scope, left.startIndex, hoisted);
          if (existing !== undefined && !hoisted) {
            this.#write(left, existing);
          } else if (existing === undefined || !hoisted || this.table.bindings[existing]!.scope !== scope) {
            const kind: SymbolKind = this.#kinds.get(left.startIndex) ?? 'variable';
            this.#bind(left, kind, scope, statement, { ...modifiers, ...constructorType(right) });
          } else {
            // A later top-level assignment to the same name writes the first one.
            this.#write(left, existing);
          }
        } else if (left?.type === 'member_expression' && hoisted && left.childForFieldName('object')?.type === 'identifier' && /^[A-Z]/.test(left.childForFieldName('object')!.text)) {
          this.#bindMethod(left, statement, scope, modifiers);
        }
        break;
      }
      case 'destructuring_assignment':
        for (const name of statement.childrenForFieldName('name')) {
          if (!name) continue;
          const existing = hoisted ? undefined : this.table.localTarget(name.text, scope, name.startIndex, hoisted);
          if (existing !== undefined) {
            this.#write(name, existing);
          } else {
            this.#bind(name, 'variable', scope, statement);
          }
        }
        break;
      case 'type_definition': {
        const name = statement.childForFieldName('name');
        if (!name) break;
        const definition = statement.childForFieldName('definition');
        const parameters = statement.childForFieldName('parameters');
        const kind: SymbolKind = this.#kinds.get(name.startIndex) ?? (definition?.type !== 'record_type' ? 'type' : parameters ? 'generic' : isInterface(definition) ? 'interface' : 'record');
        this.#bind(name, kind, scope, statement, modifiers);
        if (definition?.type === 'record_type') this.#bindFields(definition, name.text, scope);
        break;
      }
      case 'use_statement':
        this.#bindImport(statement, scope);
        break;
      default:
        break;
    }
  }

  #bindMethod(target: Node, statement: Node, scope: number, modifiers: Partial<Binding>): void {
    const object = target.childForFieldName('object');
    const field = target.childForFieldName('field');
    if (!object || !field) return;
    this.#bind(field, 'method', scope, statement, { ...modifiers, container: object.text, exported: false });
  }

  #bindFields(record: Node, container: string, scope: number): void {
    for (const item of record.namedChildren) {
      if (!item) continue;
      if (item.type === 'field_declaration' || item.type === 'field_binding') {
        const name = item.childForFieldName('name');
        if (!name) continue;
        this.#bind(name, item.type === 'field_binding' ? 'method' : 'field', scope, item, {
          container,
          exported: false,
          mutable: item.namedChildren.some((c) => c?.type === 'mutability'),
          ...typeInfo(item.childForFieldName('type')),
        });
      }
    }
  }

  #bindImport(statement: Node, scope: number): void {
    for (const segment of statement.childForFieldName('path')?.namedChildren ?? []) if (segment) this.#handled.add(segment.id);
    for (const { bound, item, facts } of importedNames(statement)) {
      if (item) this.#handled.add(item.id);
      this.#bind(bound, 'import', scope, statement, facts);
    }
  }

  /** Parameters, loop variables and pattern names, bound in the scope the node opens. */
  #bindScopeHeader(node: Node, scope: number, depth: number): void {
    const owner = this.#owners[depth]?.text;
    switch (node.type) {
      case 'lambda': {
        const parameters = node.childForFieldName('parameters');
        // `f: (p: Point) -> Int = (p) => p.x`: the lambda's `p` has the signature's type.
        const implementsSignature = node.parent?.type === 'declaration' && node.parent.childForFieldName('value')?.id === node.id;
        const outer = this.table.scopes[scope]?.parent;
        const signature = implementsSignature && outer !== undefined ? this.#parameterTypes.get(outer) : undefined;
        const signatureType = (name: string) => signature?.get(name);
        for (const parameter of parameters?.namedChildren ?? []) this.#bindParameter(parameter, scope, owner, signatureType);
        break;
      }
      case 'declaration': {
        // Every group of a curried signature: `(T: Type) -> (x: T) -> T`.
        for (let group = node.childForFieldName('type'); group?.type === 'function_type'; group = group.childForFieldName('return_type')) {
          for (const parameter of group.childForFieldName('parameters')?.namedChildren ?? []) this.#bindParameter(parameter, scope, owner);
        }
        break;
      }
      case 'type_definition':
        for (const parameter of node.childForFieldName('parameters')?.namedChildren ?? []) this.#bindParameter(parameter, scope, owner);
        break;
      case 'for_expression':
      case 'spawn_expression':
      case 'list_comprehension': {
        const variable = node.childForFieldName('variable');
        if (variable) this.#bind(variable, 'variable', scope, node, { exported: false, mutable: node.namedChildren.some((c) => c?.type === 'mutability') });
        break;
      }
      case 'match_arm': {
        const pattern = node.childForFieldName('pattern');
        if (pattern) for (const name of patternNames(pattern)) this.#bind(name, 'variable', scope, node, { exported: false });
        break;
      }
      default:
        break;
    }
  }

  #bindParameter(parameter: Node | null, scope: number, owner: string | undefined, signatureType?: (name: string) => string | undefined): void {
    if (parameter?.type !== 'parameter') return;
    const name = parameter.childForFieldName('name');
    if (name?.type !== 'identifier') return;
    const annotated = typeInfo(parameter.childForFieldName('type'));
    const typeName = annotated.typeName ?? signatureType?.(name.text);
    let types = this.#parameterTypes.get(scope);
    if (!types) this.#parameterTypes.set(scope, (types = new Map<string, string | undefined>()));
    // The first parameter of a name answers, as a search in binding order would.
    if (!types.has(name.text)) types.set(name.text, typeName);
    this.#bind(name, 'parameter', scope, parameter, {
      exported: false,
      // `mut` can only lead a parameter.
      mutable: parameter.firstChild?.type === 'mutability',
      ...(owner ? { container: owner } : {}),
      ...(typeName ? { typeName } : {}),
    });
  }

  // Section - uses

  #use(type: 'identifier' | 'type_identifier', start: number, end: number, parent: string | undefined, field: string | null | undefined): void {
    if (!parent) return;
    // Names that are not uses of a binding.
    if (parent === 'member_expression' && field === 'field') return;
    if (parent === 'named_argument' && field === 'name') return;
    if (parent === 'label' || parent === 'qualified_pattern' || parent === 'module_path') return;
    if ((parent === 'field_declaration' || parent === 'field_binding') && field === 'name') return;
    if (parent === 'parameter' && field === 'name') return;
    if (parent === 'constructor_pattern' && field === 'name') return;
    const name = this.#text.slice(start - this.#textStart, end - this.#textStart);
    this.table.use(name, { start, end }, type === 'type_identifier' ? 'type' : 'read');
  }

  #member(node: Node): void {
    const object = node.childForFieldName('object');
    const field = node.childForFieldName('field');
    if (!field || this.#handled.has(field.id)) return;
    this.table.member(field.text, spanOf(field), object?.type === 'identifier' ? { text: object.text, start: object.startIndex } : undefined);
  }
}

// Section - helpers

function spanOf(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex };
}

function isFunctionDeclaration(node: Node): boolean {
  return node.type === 'declaration' && node.childForFieldName('type')?.type === 'function_type';
}

function isInterface(record: Node): boolean {
  const first = record.namedChildren[0];
  return first?.type === 'field_declaration' && first.childForFieldName('type')?.type === 'function_type';
}

const OWNERS = new Set(['declaration', 'assignment', 'type_definition']);

function ownerTarget(node: Node): Node | undefined {
  return node.childForFieldName('target') ?? node.childForFieldName('left') ?? node.childForFieldName('name') ?? undefined;
}

function patternNames(pattern: Node): Node[] {
  const names: Node[] = [];
  const pending = [pattern];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === 'identifier') {
      const parent = node.parent;
      const isConstructorName = parent?.type === 'constructor_pattern' && parent.childForFieldName('name')?.id === node.id;
      if (!isConstructorName && parent?.type !== 'qualified_pattern') names.push(node);
      continue;
    }
    for (const child of node.namedChildren) if (child) pending.push(child);
  }
  return names.sort((a, b) => a.startIndex - b.startIndex);
}
