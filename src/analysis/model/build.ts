// Builds the binding model of one file from its tree: scopes (module, block,
// function, lambda, loop, match arm, comprehension), bindings and the uses of
// names, each resolved to a binding of the file where one is in scope.
// The walk is iterative, so deeply nested code cannot overflow the stack.
// What kind a definition is (function, record, interface, generic, type) comes
// from the captures of queries/definitions.scm, the source of the grammar's
// tags.scm; the walk decides only what that query does not capture.
import type { Node, Tree, TreeCursor } from 'web-tree-sitter';
import { definitionKinds } from './queries.ts';
import type { Binding, FileModel, NameUse, Scope, ScopeKind, Span, SymbolKind, UseKind } from './types.ts';

const STATEMENTS = new Set(['declaration', 'assignment', 'destructuring_assignment', 'type_definition', 'use_statement']);

/** Node types the walk looks at; everything else is only descended into. */
const RELEVANT = new Set([
  ...STATEMENTS, 'identifier', 'type_identifier', 'member_expression',
  'block', 'lambda', 'for_expression', 'spawn_expression', 'list_comprehension', 'match_arm',
]);

const SCOPE_KINDS: Record<string, ScopeKind> = {
  block: 'block',
  lambda: 'lambda',
  for_expression: 'loop',
  spawn_expression: 'loop',
  list_comprehension: 'comprehension',
  match_arm: 'arm',
};

export function buildFileModel(tree: Tree): FileModel {
  const root = tree.rootNode;
  const builder = new ModelBuilder(root, definitionKinds(tree));
  builder.run(root);
  return { scopes: builder.scopes, bindings: builder.bindings, uses: builder.uses };
}

class ModelBuilder {
  readonly scopes: Scope[] = [];
  readonly bindings: Binding[] = [];
  readonly uses: NameUse[] = [];
  /** Per scope: name → binding ids, latest last. */
  readonly #names = new Map<number, Map<string, number[]>>();
  readonly #stack: number[] = [];
  /**
   * Per name: the open scopes (outermost first) that bind it. A name is
   * resolved against these alone, not against every scope around it, so
   * that uses deep in nested blocks cost the bindings of their name, not the
   * depth (10,000 nested `if`s were quadratic).
   */
  readonly #visible = new Map<string, number[]>();
  /** Nodes whose identifiers were already handled by their parent. */
  readonly #handled = new Set<number>();
  /** By depth of the walk: the target of the nearest declaration, assignment or type definition around it. */
  readonly #owners: Array<Node | undefined> = [];
  /**
   * Per scope: the annotated type of each parameter, so a lambda implementing
   * a signature finds its parameters' types in its scope's parent without
   * scanning every binding (that scan was quadratic: 14% of `check` on 1.6 MB).
   */
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
    const scopeKind = SCOPE_KINDS[type] ?? (isFunctionDeclaration(node) ? 'function' : type === 'type_definition' && node.childForFieldName('parameters') ? 'type' : undefined);
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
    const id = this.scopes.length;
    this.scopes.push({ id, kind, start: node.startIndex, end: node.endIndex, parent: this.#stack[this.#stack.length - 1] });
    this.#names.set(id, new Map());
    this.#stack.push(id);
    return id;
  }

  /** Pops the innermost scope; its names are no longer visible. Returns its id. */
  #closeScope(): number | undefined {
    const id = this.#stack.pop();
    if (id === undefined) return undefined;
    for (const name of this.#names.get(id)!.keys()) {
      const scopes = this.#visible.get(name)!;
      const at = scopes.lastIndexOf(id);
      if (at !== -1) scopes.splice(at, 1);
    }
    return id;
  }

  #current(): number {
    return this.#stack[this.#stack.length - 1]!;
  }

  #bind(name: Node, kind: SymbolKind, scope: number, declaration: Node, extra: Partial<Binding> = {}): number {
    this.#handled.add(name.id);
    const id = this.bindings.length;
    this.bindings.push({
      id,
      name: name.text,
      kind,
      span: spanOf(name),
      declaration: spanOf(declaration),
      scope,
      mutable: false,
      isPublic: false,
      exported: this.scopes[scope]?.kind === 'module',
      ...extra,
    });
    const names = this.#names.get(scope)!;
    const list = names.get(name.text);
    if (list) {
      list.push(id);
    } else {
      names.set(name.text, [id]);
      this.#makeVisible(name.text, scope);
    }
    return id;
  }

  /** Adds `scope` to the open scopes binding `name`, in nesting order (ids grow inwards). */
  #makeVisible(name: string, scope: number): void {
    let scopes = this.#visible.get(name);
    if (!scopes) this.#visible.set(name, (scopes = []));
    let at = scopes.length;
    while (at > 0 && scopes[at - 1]! > scope) at--;
    scopes.splice(at, 0, scope);
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
          const existing = this.#localTarget(left.text, scope, left.startIndex, hoisted);
          if (existing !== undefined && !hoisted) {
            this.#handled.add(left.id);
            this.uses.push({ name: left.text, span: spanOf(left), kind: 'write', binding: existing });
          } else if (existing === undefined || !hoisted || this.bindings[existing]!.scope !== scope) {
            const kind: SymbolKind = this.#kinds.get(left.startIndex) ?? 'variable';
            this.#bind(left, kind, scope, statement, { ...modifiers, ...constructorType(right) });
          } else {
            // A later top-level assignment to the same name writes the first one.
            this.#handled.add(left.id);
            this.uses.push({ name: left.text, span: spanOf(left), kind: 'write', binding: existing });
          }
        } else if (left?.type === 'member_expression' && hoisted && left.childForFieldName('object')?.type === 'identifier' && /^[A-Z]/.test(left.childForFieldName('object')!.text)) {
          this.#bindMethod(left, statement, scope, modifiers);
        }
        break;
      }
      case 'destructuring_assignment':
        for (const name of statement.childrenForFieldName('name')) {
          if (!name) continue;
          const existing = hoisted ? undefined : this.#localTarget(name.text, scope, name.startIndex, hoisted);
          if (existing !== undefined) {
            this.#handled.add(name.id);
            this.uses.push({ name: name.text, span: spanOf(name), kind: 'write', binding: existing });
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
    const path = statement.childForFieldName('path');
    if (!path) return;
    const segments = path.namedChildren.filter((n): n is Node => n?.type === 'identifier');
    for (const segment of segments) this.#handled.add(segment.id);
    const modulePath = segments.map((s) => s.text).join('.');
    const items = statement.childForFieldName('items');
    const alias = statement.childForFieldName('alias');
    if (items) {
      for (const item of items.namedChildren) {
        if (item?.type !== 'use_item') continue;
        const name = item.childForFieldName('name');
        const itemAlias = item.childForFieldName('alias');
        if (!name) continue;
        this.#handled.add(name.id);
        this.#bind(itemAlias ?? name, 'import', scope, statement, {
          container: modulePath,
          modulePath,
          importedName: name.text,
          ...(itemAlias ? { importedSpan: spanOf(name) } : {}),
          isPublic: item.children.some((c) => c?.type === 'pub'),
          exported: false,
        });
      }
    } else {
      const last = segments[segments.length - 1];
      const bound = alias ?? last;
      if (bound) this.#bind(bound, 'import', scope, statement, { container: modulePath, modulePath, exported: false });
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
        const outer = this.scopes[scope]?.parent;
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
    if (!types) this.#parameterTypes.set(scope, (types = new Map()));
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

  #resolve(name: string, scope: number | undefined, at: number): number | undefined {
    if (scope !== this.#current()) throw new Error('names are resolved in the innermost open scope');
    const scopes = this.#visible.get(name) ?? [];
    for (let k = scopes.length - 1; k >= 0; k--) {
      const current = scopes[k]!;
      const ids = this.#names.get(current)!.get(name)!;
      const kind = this.scopes[current]!.kind;
      // In blocks a binding is visible after it is made; at module level everywhere, and in
      // a comprehension too: `[x * x for x in xs]` uses `x` before the `for` that binds it.
      const everywhere = kind === 'module' || kind === 'comprehension';
      for (let i = ids.length - 1; i >= 0; i--) {
        const binding = this.bindings[ids[i]!]!;
        if (binding.kind === 'method' || binding.kind === 'field') continue;
        if (everywhere || binding.span.start <= at) return binding.id;
      }
    }
    return undefined;
  }

  /**
   * What an assignment inside a body writes: the nearest binding of the name,
   * unless that is a module-level one. A body's `helper = 40` makes a local
   * even where a top-level `helper` exists: the reference runs it as a local
   * of the function and the top-level binding keeps its value.
   */
  #localTarget(name: string, scope: number, at: number, hoisted: boolean): number | undefined {
    const existing = this.#resolve(name, scope, at);
    if (hoisted || existing === undefined) return existing;
    const home = this.scopes[this.bindings[existing]!.scope]!;
    return home.kind === 'module' && this.scopes[scope]!.kind !== 'module' ? undefined : existing;
  }

  #use(type: 'identifier' | 'type_identifier', start: number, end: number, parent: string | undefined, field: string | null | undefined): void {
    if (!parent) return;
    // Names that are not uses of a binding.
    if (parent === 'member_expression' && field === 'field') return;
    if (parent === 'named_argument' && field === 'name') return;
    if (parent === 'label' || parent === 'qualified_pattern' || parent === 'module_path') return;
    if ((parent === 'field_declaration' || parent === 'field_binding') && field === 'name') return;
    if (parent === 'parameter' && field === 'name') return;
    if (parent === 'constructor_pattern' && field === 'name') return;
    const kind: UseKind = type === 'type_identifier' ? 'type' : 'read';
    const name = this.#text.slice(start - this.#textStart, end - this.#textStart);
    this.uses.push({ name, span: { start, end }, kind, binding: this.#resolve(name, this.#current(), start) });
  }

  #member(node: Node): void {
    const object = node.childForFieldName('object');
    const field = node.childForFieldName('field');
    if (!field || this.#handled.has(field.id)) return;
    let objectBinding: number | undefined;
    let objectType: string | undefined;
    if (object?.type === 'identifier') {
      objectBinding = this.#resolve(object.text, this.#current(), object.startIndex);
      const binding = objectBinding === undefined ? undefined : this.bindings[objectBinding];
      if (binding && (binding.kind === 'record' || binding.kind === 'interface' || binding.kind === 'generic' || binding.kind === 'type')) objectType = binding.name;
      else if (binding?.typeName) objectType = binding.typeName;
      else if (!binding && /^[A-Z]/.test(object.text)) objectType = object.text;
    }
    this.uses.push({
      name: field.text,
      span: spanOf(field),
      kind: 'member',
      binding: undefined,
      ...(objectBinding !== undefined ? { objectBinding } : {}),
      ...(objectType ? { objectType } : {}),
    });
  }
}

// Section - helpers

function spanOf(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex };
}

function isFunctionDeclaration(node: Node): boolean {
  return node.type === 'declaration' && node.childForFieldName('type')?.type === 'function_type';
}

/** `pub` and `mut` lead a statement, in either order (grammar: _pub_modifiers, _mut_modifiers). */
function modifiersOf(statement: Node): Partial<Binding> {
  const modifiers = { isPublic: false, mutable: false };
  for (let child = statement.firstChild; child; child = child.nextSibling) {
    const type = child.type;
    if (type === 'visibility') modifiers.isPublic = true;
    else if (type === 'mutability') modifiers.mutable = true;
    else if (type !== 'line_comment' && type !== 'block_comment') break;
  }
  return modifiers;
}

/** The type name an annotation gives, for member resolution: `Point`, `&mut Point`, `List(Int)` → List. */
function typeInfo(type: Node | null): Partial<Binding> {
  let current = type;
  while (current && (current.type === 'reference_type' || current.type === 'pointer_type')) current = current.childForFieldName('type');
  if (current?.type === 'type_identifier') return { typeName: current.text };
  if (current?.type === 'generic_type') {
    const name = current.childForFieldName('name');
    return name ? { typeName: name.text } : {};
  }
  return {};
}

/** `p = Point(x=1, y=2)`: the binding holds a Point. */
function constructorType(value: Node | null): Partial<Binding> {
  if (value?.type !== 'call_expression') return {};
  const callee = value.childForFieldName('function');
  return callee?.type === 'identifier' && /^[A-Z]/.test(callee.text) ? { typeName: callee.text } : {};
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
