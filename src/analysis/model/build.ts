// Builds the binding model of one file from the captures of the analysis
// queries (queries/scopes.scm, imports.scm, references.scm, members.scm, and
// definitions.scm for the kinds): what is a scope, a definition, a use, a
// field, a method or a member access is what those queries say. This file only
// resolves the captures: scope nesting, declaration order and hoisting (a
// module's names are visible everywhere in it), writes to existing names,
// imports, and the receivers of member accesses. An edited file's statements
// an edit left alone replay what they did last time (incremental/model-items.ts).
import type { Node, QueryCapture, Tree } from 'web-tree-sitter';
import { locate, type NodeTable } from '../../syntax/node-table.ts';
import { MODULE_SCOPE, ModelRecording, replayed, type ModelMemo, type ModelOp } from '../incremental/model-items.ts';
import { topLevelItems, type TopLevelItem } from '../incremental/top-level.ts';
import { linearCaptures } from './linear-query.ts';
import { definitionKinds, modelQuery, type ModelQuery } from './queries.ts';
import { constructorType, importedNames, modifiersOf, typeInfo } from './node-facts.ts';
import { ScopeTable } from './scope-table.ts';
import type { Binding, FileModel, ScopeKind, Span, SymbolKind } from './types.ts';
import { ownText } from '../../syntax/own-text.ts';

/** `memo`: the statements of the file's last model, replayed where the edit left them alone. */
export function buildFileModel(tree: Tree, memo?: ModelMemo): FileModel {
  const query = modelQuery(tree.language);
  // With a memo, only the statements it lacks are looked at, and their kinds found then.
  const builder = new ModelBuilder(tree, memo ? new Map() : definitionKinds(tree.rootNode), query, memo);
  builder.run();
  const { scopes, bindings, uses } = builder.table;
  return { scopes, bindings, uses };
}

/** The scope a node captured as `@scope` opens. */
export const SCOPE_KINDS: Readonly<Record<string, ScopeKind>> = {
  block: 'block',
  lambda: 'lambda',
  for_expression: 'loop',
  spawn_expression: 'loop',
  list_comprehension: 'comprehension',
  match_arm: 'arm',
  type_definition: 'type',
  function_type: 'function',
};

/** Scopes whose captures the hoisting pass reads: the module, and a type definition for its fields. */
const MODULE_LEVEL_SCOPES: ReadonlySet<string> = new Set(['source_file', 'type_definition']);

interface OpenScope {
  id: number;
  end: number;
  /** Function scopes: the declaration's `type` ends here; curried groups inside it share the scope. */
  signatureEnd?: number;
}

class ModelBuilder {
  readonly table = new ScopeTable();
  readonly #open: OpenScope[] = [];
  /** Starts of names already bound or written by their statement (a use there is none). */
  readonly #handled = new Set<number>();
  /** Per scope: the annotated type of each parameter, for a lambda implementing the signature. */
  readonly #parameterTypes = new Map<number, Map<string, string | undefined>>();
  readonly #text: string;
  readonly #textStart: number;
  readonly #tree: Tree;
  readonly #root: Node;
  /** Definition kinds by the start of the name: the file's, or with a memo the statement's being looked at. */
  #kinds: ReadonlyMap<number, SymbolKind>;
  readonly #query: ModelQuery;
  readonly #memo: ModelMemo | undefined;
  /** The statement being recorded for the memo. */
  #recording: ModelRecording | undefined;
  /** Top-level statements by start: the names they bind are hoisted. */
  readonly #topLevel = new Map<number, number>();
  readonly #hasError: boolean;
  /** The ancestors `#ancestorOf` found in this pass, by row of the tree's node table: where it goes down from. */
  readonly #ancestorsByRow = new Map<number, Node>();
  /** The index of each child of a parent with many children among them, by the parent's row. */
  readonly #widePositions = new Map<number, Map<number, number>>();
  /** The last ancestor `#ancestorOf` found, and its row: `#statementIn` asks for the statement it just gave. */
  #located: { node: Node; table: NodeTable; index: number } | undefined;

  constructor(tree: Tree, kinds: ReadonlyMap<number, SymbolKind>, query: ModelQuery, memo: ModelMemo | undefined) {
    this.#tree = tree;
    this.#root = tree.rootNode;
    this.#hasError = this.#root.hasError;
    this.#kinds = kinds;
    this.#query = query;
    this.#memo = memo;
    this.#text = this.#root.text;
    this.#textStart = this.#root.startIndex;
  }

  run(): void {
    const { query } = this.#query;
    const statements = topLevelItems(this.#tree);
    for (const statement of statements) this.#topLevel.set(statement.startIndex, statement.endIndex);
    this.#openScope('module', this.#root.startIndex, this.#root.endIndex);
    if (this.#memo) {
      this.#runWithMemo(statements, this.#memo);
      return;
    }
    // Module-level bindings are visible everywhere in the file (functions call
    // each other before their definition), so they are bound first: from the
    // patterns that start at a top-level statement.
    this.#pass(linearCaptures(query, this.#root, 1), true, statements);
    // Then everything in order, one top-level statement at a time: the
    // captures of a whole 1.6 MB file at once held 160 MB of nodes.
    for (const statement of statements) {
      this.#closeBefore(statement.startIndex);
      this.#pass(linearCaptures(query, statement.node), false, [statement]);
    }
  }

  /**
   * The same two passes, one statement at a time: the module's names of each
   * statement, then each statement's inside, each replayed from the memo when
   * the statement's text is unchanged. A statement's patterns that start at
   * it are the root's patterns that start at depth 1 there, so its hoisting is
   * what the whole file's would do there.
   */
  #runWithMemo(statements: readonly TopLevelItem[], memo: ModelMemo): void {
    memo.begin();
    // A statement the parser recovered from may parse otherwise in another context with the same text: it is never kept.
    const known = statements.map((statement) => (clean(statement) ? memo.find(statement) : undefined));
    const hoisted: Array<ModelRecording | undefined> = [];
    const kinds: Array<ReadonlyMap<number, SymbolKind>> = [];
    statements.forEach((statement, i) => {
      const item = known[i];
      if (item) {
        for (const op of replayed(item.hoist, statement.startIndex, this.table.scopes.length)) this.#apply(op);
        return;
      }
      const found = definitionKinds(statement.node);
      kinds[i] = found;
      hoisted[i] = this.#record(statement, found, true);
    });
    statements.forEach((statement, i) => {
      const start = statement.startIndex;
      // The statements before it close their scopes here, before anything of this one is looked up.
      this.#closeBefore(start);
      const item = known[i];
      if (item) {
        memo.hits++;
        for (const op of replayed(item.body, start, this.table.scopes.length)) this.#apply(op);
        return;
      }
      memo.misses++;
      const hoist = hoisted[i]!;
      const body = this.#record(statement, kinds[i]!, false);
      if (!hoist.impure && !body.impure && clean(statement)) memo.keep(statement, { hoist: hoist.finish(), body: body.finish() });
    });
  }

  /** One statement's pass, recorded. */
  #record(statement: TopLevelItem, kinds: ReadonlyMap<number, SymbolKind>, hoisting: boolean): ModelRecording {
    const recording = new ModelRecording(statement.startIndex, this.table.scopes.length, hoisting);
    this.#recording = recording;
    this.#kinds = kinds;
    try {
      this.#pass(linearCaptures(this.#query.query, statement.node, hoisting ? 0 : Infinity), hoisting, [statement]);
    } finally {
      this.#recording = undefined;
    }
    return recording;
  }

  /**
   * Every change a statement's pass makes to the table goes through here, so
   * that the memo can record it and replay it: the same operation applied
   * again makes the same change, and what reads names from outside the
   * statement (a use, an assignment's target) decides again at replay.
   */
  #apply(op: ModelOp): number {
    this.#recording?.record(op);
    switch (op.op) {
      case 'open': {
        const id = this.table.open(op.kind, op.start, op.end, op.parent, op.hidesParent);
        this.#open.push({ id, end: op.end });
        return id;
      }
      case 'close':
        this.#open.pop();
        this.table.close(op.scope);
        return op.scope;
      case 'bind':
        this.#handled.add(op.span.start);
        return this.table.bind(op.name, op.span, op.kind, op.scope, op.declaration, op.extra);
      case 'assign': {
        this.#handled.add(op.span.start);
        const existing = this.table.localTarget(op.name, op.scope, op.span.start, op.module);
        // In a body an assignment to a visible name writes it; at module level a later assignment to a name of the module writes the first one.
        if (existing === undefined || (op.module && this.table.bindings[existing]!.scope !== op.scope)) {
          return this.table.bind(op.name, op.span, op.kind, op.scope, op.declaration, op.extra);
        }
        this.table.use(op.name, op.span, 'write', existing);
        return existing;
      }
      case 'use':
        this.table.use(op.name, op.span, op.kind);
        return -1;
      case 'member':
        this.table.member(op.name, op.span, op.object);
        return -1;
    }
  }

  /** `statements`: the top-level statements the captures lie in, where `#ancestorOf` starts down from. */
  #pass(captures: QueryCapture[], hoisting: boolean, statements: readonly TopLevelItem[]): void {
    // Names references.scm says are no uses (a member after `.`, an argument's name, …).
    const unbound = new Set<number>();
    for (const capture of captures) if (capture.name === 'unbound') unbound.add(capture.node.startIndex);
    // Kept for one statement: a whole file's would hold much of its tree as Nodes.
    this.#ancestorsByRow.clear();
    for (const statement of statements) this.#ancestorsByRow.set(statement.index, statement.node);
    /** The statement around a parameter (its container) and its target's text, innermost last. */
    const owners: Array<{ end: number; name?: string }> = [];
    /** Receivers of member accesses not yet reached, innermost last (accesses nest). */
    const receivers: Node[] = [];
    /** The type definition whose fields come next. */
    let record: { name: string; scope: number; end: number } | undefined;
    let receiver: Node | undefined;
    let lastLeaf = -1;
    /** Hoisting: the end of the scope nested in the module that the captures are in (none of its names is the module's). */
    let nestedUntil = -1;
    for (const capture of captures) {
      const node = capture.node;
      const start = node.startIndex;
      if (hoisting) {
        if (start < nestedUntil) continue;
        if (capture.name === 'scope' && !MODULE_LEVEL_SCOPES.has(this.#query.rootOf(capture.patternIndex))) {
          nestedUntil = node.endIndex;
          continue;
        }
      } else {
        this.#closeBefore(start);
      }
      while (owners.length > 0 && owners[owners.length - 1]!.end <= start) owners.pop();
      if (record && record.end <= start) record = undefined;
      const pattern = this.#query.rootOf(capture.patternIndex);
      switch (capture.name) {
        case 'scope':
          if (!hoisting) this.#scope(node, pattern);
          break;
        case 'owner':
          owners.push({ end: node.endIndex });
          break;
        case 'owner.name':
          if (owners.length > 0) owners[owners.length - 1]!.name ??= node.text;
          break;
        case 'reference.module':
          // The `use` statement: imports are bound with their statement.
          if (this.#statementIn(node, hoisting)) this.#bindImport(node, this.#innermost());
          break;
        case 'definition.local':
          this.#definition(node, pattern, hoisting, owners[owners.length - 1]?.name, (type) => (record = type));
          break;
        case 'definition.field':
        case 'definition.member_method':
          if (record) this.#bindField(node, capture.name === 'definition.field' ? 'field' : 'method', record);
          break;
        case 'definition.receiver':
          receiver = node;
          break;
        case 'definition.method':
        case 'definition.assigned_method':
          this.#method(node, receiver, capture.name === 'definition.method', hoisting);
          break;
        case 'member.object':
          if (!hoisting) receivers.push(node);
          break;
        case 'member':
          if (!hoisting) this.#member(node, receivers.pop());
          break;
        case 'reference':
          if (!hoisting && start !== lastLeaf) {
            if (!unbound.has(start) && !this.#handled.has(start)) this.#use(node, start, node.endIndex);
          }
          lastLeaf = start;
          break;
        default:
          break;
      }
    }
  }

  // Section - scopes

  #scope(node: Node, pattern: string): void {
    let kind = SCOPE_KINDS[pattern];
    if (!kind) return;
    let start = node.startIndex;
    let end = node.endIndex;
    let signatureEnd: number | undefined;
    if (pattern === 'function_type') {
      const top = this.#open[this.#open.length - 1];
      // The parent through the node table: `Node.parent` descends from the root
      // each time, quadratic in `(Int) -> ` × n.
      const { table, index } = locate(node);
      const parent = index === -1 ? -1 : table.parent(index);
      const parentType = parent === -1 ? null : table.type(parent);
      // `(T: Type) -> (x: T) -> T`: a curried group is the same function's scope
      // (a parameter's function type `f: (T) -> T` is a scope of its own).
      if (top?.signatureEnd !== undefined && start < top.signatureEnd && parentType === 'function_type') return;
      const typeField = parentType === 'declaration' ? table.childInField(parent, table.fieldIdOf('type')) : -1;
      if (typeField !== -1 && table.start(typeField) === start) {
        // A signature's parameters are visible in the declaration's value (the
        // implicit lambda of `add: (a: Int, b: Int) -> Int = a + b`).
        start = table.start(parent);
        end = table.end(parent);
        signatureEnd = node.endIndex;
      } else {
        // A function type elsewhere (a parameter's or a field's type) binds nothing the program can use.
        kind = 'function';
        signatureEnd = node.endIndex;
      }
    }
    const id = this.#openScope(kind, start, end, kind === 'lambda' && this.#implementsSignature(node));
    this.#open[this.#open.length - 1]!.signatureEnd = signatureEnd;
    if (kind === 'lambda') this.#lambdaSignature(node, id);
    // `[x * x for x in xs]`: the element, before the `for`, sees the variable.
    const variable = kind === 'comprehension' ? node.childForFieldName('variable') : null;
    if (variable?.type === 'identifier') this.#local(variable, pattern, undefined);
  }

  #openScope(kind: ScopeKind, start: number, end: number, hidesParent = false): number {
    const parent = this.#open[this.#open.length - 1]?.id;
    if (parent === undefined) {
      // The module's scope, before any statement.
      this.#open.push({ id: this.table.open(kind, start, end, undefined), end });
      return MODULE_SCOPE;
    }
    return this.#apply(hidesParent ? { op: 'open', kind, start, end, parent, hidesParent } : { op: 'open', kind, start, end, parent });
  }

  /** A lambda that is the value of a declaration whose signature's scope is open around it. */
  #implementsSignature(lambda: Node): boolean {
    const parent = this.#open[this.#open.length - 1]?.id;
    if (parent === undefined || this.table.scopes[parent]!.kind !== 'function') return false;
    const declaration = this.#ancestorOf(lambda);
    return declaration?.type === 'declaration' && declaration.childForFieldName('value')?.startIndex === lambda.startIndex;
  }

  /** Closes the scopes that end at or before `at`: their names are no longer visible. */
  #closeBefore(at: number): void {
    while (this.#open.length > 1 && this.#open[this.#open.length - 1]!.end <= at) this.#apply({ op: 'close', scope: this.#open[this.#open.length - 1]!.id });
  }

  /**
   * A node's ancestor `levels` up. `Node.parent` goes down from the root each
   * time and searches every node's children on the way for the one holding
   * `node`: that costs the depth times the width (definitions nested 4,000
   * deep: 2 s; `if x:` × 8,000 at the top level, one ERROR after another:
   * 1.3 s). The node table names the ancestor's row instead, and its Node is
   * found down from the nearest ancestor this pass already found (the root at
   * worst), each step an index into a `children` array web-tree-sitter keeps
   * on its Node.
   */
  #ancestorOf(node: Node, levels = 1): Node | null {
    const { table, index } = locate(node);
    let row = index;
    for (let k = 0; k < levels && row !== -1; k++) row = table.parent(row);
    const found = (byParentOnly || row === -1 || !this.#throughTable(table, row) ? undefined : this.#nodeAtRow(table, row)) ?? byParents(node, levels);
    if (found && row !== -1) this.#located = { node: found, table, index: row };
    return found;
  }

  /**
   * `Node.parent` is quick in a tree without errors and not too deep (one
   * call, where the table's way makes a Node on each level it goes down).
   * Error recovery makes the trees where its search is long: a run of
   * statements that fail to parse is one ERROR beside another, each search
   * passing all of them before.
   */
  #throughTable(table: NodeTable, row: number): boolean {
    if (this.#hasError) return true;
    let depth = 0;
    for (let r = row; r > 0 && depth <= SHALLOW; r = table.parent(r)) depth++;
    return depth > SHALLOW;
  }

  #nodeAtRow(table: NodeTable, row: number): Node | undefined {
    const path: number[] = [];
    let at: Node | undefined;
    for (let r = row; at === undefined; r = table.parent(r)) {
      if (r === -1) return undefined;
      at = r === 0 ? this.#root : this.#ancestorsByRow.get(r);
      if (at === undefined) path.push(r);
    }
    for (let k = path.length - 1; k >= 0 && at; k--) {
      const position = this.#positionOf(table, path[k]!);
      // `child(i)` makes one Node but passes i children; far along, the whole array, kept on the Node, is cheaper.
      at = (position > FAR_CHILD ? at.children[position] : at.child(position)) ?? undefined;
      if (at) this.#ancestorsByRow.set(path[k]!, at);
    }
    return at && at.id >>> 0 === table.nodeId(row) ? at : undefined;
  }

  /** A row's index among its parent's children: counted, and for a parent with many children counted once for all. */
  #positionOf(table: NodeTable, row: number): number {
    const parent = table.parent(row);
    const wide = this.#widePositions.get(parent);
    if (wide) return wide.get(row) ?? -1;
    let position = 0;
    for (let child = table.firstChild(parent); child !== row && child !== -1; child = table.nextSibling(child)) {
      if (++position > FAR_CHILD) return this.#positionsUnder(table, parent).get(row) ?? -1;
    }
    return position;
  }

  #positionsUnder(table: NodeTable, parent: number): Map<number, number> {
    const positions = new Map<number, number>();
    let position = 0;
    for (let child = table.firstChild(parent); child !== -1; child = table.nextSibling(child)) positions.set(child, position++);
    this.#widePositions.set(parent, positions);
    return positions;
  }

  #innermost(): number {
    return this.#open[this.#open.length - 1]!.id;
  }

  // Section - bindings

  /** Whether a statement's names are bound in this pass: the module's in the hoisting pass, a block's in the other. */
  #statementIn(statement: Node, hoisting: boolean): boolean {
    if (this.#topLevel.get(statement.startIndex) === statement.endIndex && this.#innermost() === 0) return hoisting;
    if (hoisting) return false;
    const { table, index } = this.#located?.node === statement ? this.#located : locate(statement);
    if (index === -1) return statement.parent?.type === 'block';
    const parent = table.parent(index);
    return parent !== -1 && table.type(parent) === 'block';
  }

  #definition(name: Node, pattern: string, hoisting: boolean, owner: string | undefined, onRecord: (record: { name: string; scope: number; end: number }) => void): void {
    if (this.#handled.has(name.startIndex)) return;
    switch (pattern) {
      case 'declaration':
      case 'assignment':
      case 'destructuring_assignment':
      case 'type_definition': {
        const statement = this.#ancestorOf(name);
        if (!statement || !this.#statementIn(statement, hoisting)) return;
        const scope = this.#innermost();
        if (pattern === 'declaration') this.#declaration(name, statement, scope);
        else if (pattern === 'assignment') this.#assignment(name, statement, scope, hoisting);
        else if (pattern === 'destructuring_assignment') this.#destructured(name, statement, scope, hoisting);
        else onRecord({ name: name.text, scope, end: this.#typeDefinition(name, statement, scope) });
        return;
      }
      case 'use_item':
      case 'use_statement':
        return; // bound with their statement (reference.module)
      default:
        if (!hoisting) this.#local(name, pattern, owner);
    }
  }

  #bind(name: Node, kind: SymbolKind, scope: number, declaration: Span, extra: Partial<Binding> = {}): number {
    return this.#apply({ op: 'bind', name: name.text, span: spanOf(name), kind, scope, declaration, extra });
  }

  #declaration(target: Node, statement: Node, scope: number): void {
    const kind: SymbolKind = this.#kinds.get(target.startIndex) ?? (statement.childForFieldName('value')?.type === 'lambda' ? 'function' : 'variable');
    this.#bind(target, kind, scope, spanOf(statement), { ...modifiersOf(statement), ...typeInfo(statement.childForFieldName('type')) });
  }

  /** Writes a name the assignment finds or binds it (decided where the operation is applied, from the table then). */
  #assignment(left: Node, statement: Node, scope: number, hoisting: boolean): void {
    const kind: SymbolKind = this.#kinds.get(left.startIndex) ?? 'variable';
    const extra = { ...modifiersOf(statement), ...constructorType(statement.childForFieldName('right')) };
    this.#apply({ op: 'assign', name: left.text, span: spanOf(left), kind, scope, declaration: spanOf(statement), extra, module: hoisting });
  }

  #destructured(name: Node, statement: Node, scope: number, hoisting: boolean): void {
    if (!hoisting) this.#apply({ op: 'assign', name: name.text, span: spanOf(name), kind: 'variable', scope, declaration: spanOf(statement), extra: {}, module: false });
    else this.#bind(name, 'variable', scope, spanOf(statement));
  }

  /** Binds a type's name; returns where its definition ends (its fields are bound as they come). */
  #typeDefinition(name: Node, statement: Node, scope: number): number {
    const definition = statement.childForFieldName('definition');
    const parameters = statement.childForFieldName('parameters');
    const kind: SymbolKind = this.#kinds.get(name.startIndex) ?? (definition?.type !== 'record_type' ? 'type' : parameters ? 'generic' : 'record');
    this.#bind(name, kind, scope, spanOf(statement), modifiersOf(statement));
    return statement.endIndex;
  }

  #bindField(name: Node, kind: 'field' | 'method', record: { name: string; scope: number }): void {
    const item = this.#ancestorOf(name);
    if (!item) return;
    this.#bind(name, kind, record.scope, spanOf(item), {
      container: record.name,
      exported: false,
      mutable: item.namedChildren.some((c) => c?.type === 'mutability'),
      ...typeInfo(item.childForFieldName('type')),
    });
  }

  /**
   * `Point.draw: (self: &Point) -> Void = …` declares a method in a block or
   * the module; `Point.draw = …` only at module level, on a capitalised name.
   */
  #method(field: Node, receiver: Node | undefined, declared: boolean, hoisting: boolean): void {
    const statement = this.#ancestorOf(field, 2);
    if (!statement || !receiver || !this.#statementIn(statement, hoisting)) return;
    if (!declared && !(hoisting && /^[A-Z]/.test(receiver.text))) return;
    this.#bind(field, 'method', this.#innermost(), spanOf(statement), { ...modifiersOf(statement), container: receiver.text, exported: false });
  }

  #bindImport(statement: Node, scope: number): void {
    for (const { bound, item, facts } of importedNames(statement)) {
      if (item) this.#handled.add(item.startIndex);
      this.#bind(bound, 'import', scope, spanOf(statement), facts);
    }
  }

  /** Parameters, loop variables and pattern names, bound in the scope that opened around them. */
  #local(name: Node, pattern: string, owner: string | undefined): void {
    const scope = this.#innermost();
    const home = this.table.scopes[scope]!;
    switch (pattern) {
      case 'parameter':
        this.#parameter(name, scope, owner);
        return;
      case 'for_expression':
      case 'spawn_expression':
      case 'list_comprehension': {
        const loop = this.#ancestorOf(name);
        this.#bind(name, 'variable', scope, spanOf(home), { exported: false, mutable: loop?.namedChildren.some((c) => c?.type === 'mutability') ?? false });
        return;
      }
      default:
        // Names of a match arm's pattern.
        if (home.kind === 'arm') this.#bind(name, 'variable', scope, spanOf(home), { exported: false });
    }
  }

  #parameter(name: Node, scope: number, owner: string | undefined): void {
    const parameter = this.#ancestorOf(name);
    if (parameter?.type !== 'parameter') return;
    const signature = this.#signatureOf.get(scope);
    const typeName = typeInfo(parameter.childForFieldName('type')).typeName ?? signature?.get(name.text);
    let types = this.#parameterTypes.get(scope);
    if (!types) this.#parameterTypes.set(scope, (types = new Map<string, string | undefined>()));
    // The first parameter of a name answers, as a search in binding order would.
    if (!types.has(name.text)) types.set(name.text, typeName);
    this.#bind(name, 'parameter', scope, spanOf(parameter), {
      exported: false,
      // `mut` can only lead a parameter.
      mutable: parameter.firstChild?.type === 'mutability',
      ...(owner ? { container: owner } : {}),
      ...(typeName ? { typeName } : {}),
    });
  }

  /** Lambda scopes that implement a signature: the signature's parameter types, by name. */
  readonly #signatureOf = new Map<number, Map<string, string | undefined>>();

  /** `f: (p: Point) -> Int = (p) => p.x`: the lambda's `p` has the signature's type. */
  #lambdaSignature(lambda: Node, scope: number): void {
    const parent = this.table.scopes[scope]!.parent;
    if (parent === undefined || this.table.scopes[parent]!.kind !== 'function') return;
    const declaration = this.#ancestorOf(lambda);
    if (declaration?.type !== 'declaration' || declaration.childForFieldName('value')?.startIndex !== lambda.startIndex) return;
    const types = this.#parameterTypes.get(parent);
    if (types) this.#signatureOf.set(scope, types);
  }

  // Section - uses

  #use(node: Node, start: number, end: number): void {
    const name = ownText(this.#text.slice(start - this.#textStart, end - this.#textStart));
    this.#apply({ op: 'use', name, span: { start, end }, kind: node.type === 'type_identifier' ? 'type' : 'read' });
  }

  #member(field: Node, object: Node | undefined): void {
    if (this.#handled.has(field.startIndex)) return;
    this.#apply({ op: 'member', name: field.text, span: spanOf(field), object: object?.type === 'identifier' ? { text: object.text, start: object.startIndex } : undefined });
  }
}

/** Up to this depth, in a tree without errors, `Node.parent` is as quick as the node table's way. */
const SHALLOW = 32;

/** From this index on, a child is taken from its parent's `children` array rather than by `child(i)`. */
const FAR_CHILD = 32;

/** Every ancestor by `Node.parent`, the plain way: what tests compare the table's way with. */
let byParentOnly = false;

/** Finds ancestors by `Node.parent` alone (true) or through the node table (false, the default); gives the setting before. */
export function ancestorsByParentOnly(on: boolean): boolean {
  const before = byParentOnly;
  byParentOnly = on;
  return before;
}

function byParents(node: Node, levels: number): Node | null {
  let at: Node | null = node;
  for (let k = 0; k < levels && at; k++) at = at.parent;
  return at;
}

/** Without ERROR or MISSING nodes: the statement's text alone decides its subtree. */
const clean = ({ table, index }: TopLevelItem): boolean => !table.hasError(index);

function spanOf(node: Node | Span): Span {
  return 'startIndex' in node ? { start: node.startIndex, end: node.endIndex } : { start: node.start, end: node.end };
}
