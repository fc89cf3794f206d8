import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The sources the architecture rules read (docs/architecture.md §3), as syntax trees. A project is
 * either the repository on disk, each file parsed once and shared by every rule, or a handful of
 * files held in memory (the fixtures that prove each rule fires), so the rules run unchanged on
 * both.
 */
export interface Project {
  /** Every TypeScript file, as a path from the repository root with `/` separators. */
  files: readonly string[];
  source(file: string): ts.SourceFile;
  /** The project file an import specifier names, or null for a package. */
  resolve(from: string, specifier: string): string | null;
}

const root = path.resolve(import.meta.dirname, "../..");
const sourceRoots = ["app", "server", "scripts"];

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

/** The file a specifier names among `exists`: `~/` is `app/`, `~tests/` is `tests/`. */
function resolveAmong(
  from: string,
  specifier: string,
  exists: (file: string) => boolean,
): string | null {
  let target: string;
  if (specifier.startsWith("~/")) target = path.posix.join("app", specifier.slice(2));
  else if (specifier.startsWith("~tests/"))
    target = path.posix.join("tests", specifier.slice("~tests/".length));
  else if (specifier.startsWith(".")) target = path.posix.join(path.posix.dirname(from), specifier);
  else return null; // a package
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`])
    if (exists(candidate)) return candidate;
  return null;
}

function walk(dir: string, out: string[]): void {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name === "+types")
        continue;
      walk(rel, out);
    } else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
  }
}

let repository: Project | null = null;

/** The repository's `app/`, `server/` and `scripts/`, each file parsed at most once per run. */
export function repositoryProject(): Project {
  if (repository) return repository;
  const files: string[] = [];
  for (const dir of sourceRoots) walk(dir, files);
  files.sort();
  const parsed = new Map<string, ts.SourceFile>();
  const isFile = new Map<string, boolean>();
  const exists = (file: string) => {
    let known = isFile.get(file);
    if (known === undefined) {
      const full = path.join(root, file);
      known = fs.existsSync(full) && fs.statSync(full).isFile();
      isFile.set(file, known);
    }
    return known;
  };
  repository = {
    files,
    source(file) {
      let source = parsed.get(file);
      if (!source) {
        source = parse(file, fs.readFileSync(path.join(root, file), "utf8"));
        parsed.set(file, source);
      }
      return source;
    },
    resolve: (from, specifier) => resolveAmong(from, specifier, exists),
  };
  return repository;
}

/** A project of the given files only, path to source text: a rule's fixture. */
export function projectOf(sources: Record<string, string>): Project {
  const parsed = new Map(Object.entries(sources).map(([file, text]) => [file, parse(file, text)]));
  return {
    files: [...parsed.keys()].sort(),
    source(file) {
      const source = parsed.get(file);
      if (!source) throw new Error(`${file} is not in this fixture`);
      return source;
    },
    resolve: (from, specifier) => resolveAmong(from, specifier, (file) => parsed.has(file)),
  };
}

export function isTestFile(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || file.startsWith("tests/");
}

/** 1-based line of a node. */
export function lineOf(node: ts.Node): number {
  const source = node.getSourceFile();
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/**
 * What the identifiers of a file import, by local name: the module they come from (as written)
 * and the name exported there. `import { eq as same } from "drizzle-orm"` maps `same` to `eq`.
 */
export function importedNames(
  source: ts.SourceFile,
): Map<string, { specifier: string; name: string }> {
  const names = new Map<string, { specifier: string; name: string }>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const clause = statement.importClause;
    const specifier = statement.moduleSpecifier.text;
    if (clause?.name) names.set(clause.name.text, { specifier, name: "default" });
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        names.set(element.name.text, {
          specifier,
          name: (element.propertyName ?? element.name).text,
        });
  }
  return names;
}

/** Skips the wrappers that do not change a value: parentheses, `await`, `as`, `!`, `satisfies`. */
export function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAwaitExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isTypeAssertionExpression(current)
  )
    current = current.expression;
  return current;
}

/** The innermost function or source file around a node. */
function enclosingScopes(node: ts.Node): ts.Node[] {
  const scopes: ts.Node[] = [];
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent)
    if (ts.isFunctionLike(current) || ts.isBlock(current) || ts.isSourceFile(current))
      scopes.push(current);
  return scopes;
}

/**
 * The declaration an identifier refers to, found by name in the blocks and functions around it,
 * innermost first: a variable (or a name in a destructuring pattern), a parameter or a function.
 * Without the type checker, so it parses nothing more; shadowing is followed by the nesting.
 */
export function declarationOf(
  identifier: ts.Identifier,
):
  | ts.VariableDeclaration
  | ts.ParameterDeclaration
  | ts.FunctionDeclaration
  | ts.BindingElement
  | null {
  const name = identifier.text;
  for (const scope of enclosingScopes(identifier)) {
    if (ts.isFunctionLike(scope)) {
      for (const parameter of scope.parameters) {
        const found = bindingNamed(parameter.name, name);
        if (found) return found === parameter.name ? parameter : (found as ts.BindingElement);
      }
    }
    const statements = ts.isBlock(scope) || ts.isSourceFile(scope) ? scope.statements : [];
    for (const statement of statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) {
          const found = bindingNamed(declaration.name, name);
          if (found) return found === declaration.name ? declaration : (found as ts.BindingElement);
        }
    }
    // A `for (const x of …)` or `catch (x)` binds in its own statement.
    for (let current: ts.Node | undefined = identifier.parent; current && current !== scope; ) {
      if (
        (ts.isForOfStatement(current) || ts.isForInStatement(current)) &&
        ts.isVariableDeclarationList(current.initializer)
      )
        for (const declaration of current.initializer.declarations) {
          const found = bindingNamed(declaration.name, name);
          if (found) return found === declaration.name ? declaration : (found as ts.BindingElement);
        }
      current = current.parent;
    }
  }
  return null;
}

/** The identifier or binding element called `name` in a binding name, or null. */
function bindingNamed(
  binding: ts.BindingName,
  name: string,
): ts.Identifier | ts.BindingElement | null {
  if (ts.isIdentifier(binding)) return binding.text === name ? binding : null;
  for (const element of binding.elements) {
    if (ts.isOmittedExpression(element)) continue;
    if (ts.isIdentifier(element.name)) {
      if (element.name.text === name) return element;
    } else {
      const inner = bindingNamed(element.name, name);
      if (inner) return inner;
    }
  }
  return null;
}
