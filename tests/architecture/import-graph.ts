import ts from "typescript";
import { isTestFile, type Project } from "./source.ts";

/**
 * The project's import graph, read from the syntax tree (docs/architecture.md §3): every
 * `import`, `export … from` and `import("…")` of every file, with the `~/` alias resolved.
 * Type-only imports vanish at runtime and cannot make a cycle or load a layer; a dynamic import
 * loads its module later, so it makes no cycle at start-up but still crosses a layer.
 */
export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
  dynamic?: boolean;
}

function allTypes(
  elements: ts.NodeArray<ts.ImportSpecifier> | ts.NodeArray<ts.ExportSpecifier>,
): boolean {
  return elements.length > 0 && elements.every((element) => element.isTypeOnly);
}

/** Whether an import or re-export loads nothing at runtime. */
function typeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) {
    const clause = statement.exportClause;
    return (
      statement.isTypeOnly || (!!clause && ts.isNamedExports(clause) && allTypes(clause.elements))
    );
  }
  const clause = statement.importClause;
  if (!clause) return false; // `import "x"` runs x
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && !!bindings && ts.isNamedImports(bindings) && allTypes(bindings.elements);
}

export function importEdges(project: Project, files = project.files): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const source = project.source(from);
    for (const statement of source.statements) {
      if (
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
      ) {
        const to = project.resolve(from, statement.moduleSpecifier.text);
        if (to) edges.push({ from, to, typeOnly: typeOnly(statement) });
      }
    }
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        const to = project.resolve(from, node.arguments[0].text);
        if (to) edges.push({ from, to, typeOnly: false, dynamic: true });
      }
      ts.forEachChild(node, visit);
    };
    // Only a file that writes `import(` can hold one: the others need no walk of every node.
    if (/\bimport\s*\(/.test(source.text)) ts.forEachChild(source, visit);
  }
  return edges;
}

/** The strongly connected components of more than one file (or a file importing itself). */
export function runtimeCycles(edges: ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.typeOnly || edge.dynamic) continue;
    const list = graph.get(edge.from) ?? [];
    list.push(edge.to);
    graph.set(edge.from, list);
  }
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const strongConnect = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        strongConnect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indices.get(next) ?? 0));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node))
        cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) strongConnect(node);
  return cycles;
}

/** Test helpers: factories, harnesses and fixtures live under tests/, for tests only. */
const isTestHelper = (file: string) => file.startsWith("tests/");

/**
 * Imports, type-only or not, from product code whose path starts with `from` to a file `to`
 * accepts, as `from -> to`: the shape of every rule that forbids one layer another.
 */
function productImports(
  edges: ImportEdge[],
  from: string,
  to: (file: string) => boolean,
): string[] {
  return edges
    .filter((e) => e.from.startsWith(from) && !isTestFile(e.from) && to(e.to))
    .map((e) => `${e.from} -> ${e.to}`);
}

/** The domain importing a route or a component, type-only or not, as `from -> to`. */
export function domainImportingUi(edges: ImportEdge[]): string[] {
  return productImports(
    edges,
    "app/domain/",
    (to) => to.startsWith("app/routes/") || to.startsWith("app/components/"),
  );
}

/**
 * The kernel importing a domain area, type-only or not, as `from -> to` (docs/architecture.md
 * §3b): every area builds on the kernel, so the kernel may use the schema, libraries and its own
 * files, and takes what an area knows (the states a doctor sees a case in) as an argument.
 */
export function kernelImportingAreas(edges: ImportEdge[]): string[] {
  return productImports(
    edges,
    "app/domain/kernel/",
    (to) => to.startsWith("app/domain/") && !to.startsWith("app/domain/kernel/"),
  );
}

/** Services (adapters) that import the domain at runtime. */
export function servicesImportingDomain(edges: ImportEdge[]): string[] {
  const files = edges
    .filter(
      (e) =>
        !e.typeOnly &&
        e.from.startsWith("app/services/") &&
        !isTestFile(e.from) &&
        e.to.startsWith("app/domain/"),
    )
    .map((e) => e.from);
  return [...new Set(files)];
}

/** Product code importing a test helper, as `from -> to`. */
export function productImportingTestHelpers(edges: ImportEdge[]): string[] {
  return productImports(edges, "", isTestHelper);
}
