import ts from "typescript";
import { functionNamed } from "./functions.ts";
import type { Project } from "./source.ts";

/**
 * Every domain use case takes the caller's scope first (docs/architecture.md §3b). Checked on the
 * source text, parsed without the type checker so it stays fast: for each function a route or a
 * job imports from `app/domain/`, the first parameter's declared type. A database handle (`Database`,
 * `Tx`, `Executor`) or a raw id there means the caller chose whose rows the function touches;
 * building blocks that run inside another use case's transaction take a `Tx`, and so are not for
 * routes or jobs.
 */

/** A route or job calling a domain function that does not take a scope first. */
interface UnscopedCall {
  from: string;
  name: string;
  declaredIn: string;
}

const handleNames = new Set(["Database", "Tx", "Executor"]);
const rawIdName = /^(?:\w*Id|id)$/;

/**
 * Whether a type carries a database handle: is one (`Database`, `Tx`, `Executor`, a `Pick` of
 * one), or is an object with one among its members, directly or nested (`{ db: Database }`,
 * `AccountsDeps` with its `database: { db }`). Named types are looked up in the file and, through
 * its imports, in the project; `Omit<T, "db">` leaves the handle out.
 */
type KeepMember = (name: string) => boolean;
const everyMember: KeepMember = () => true;

function carriesHandle(
  project: Project,
  node: ts.TypeNode,
  file: string,
  keep: KeepMember = everyMember,
  seen = new Set<string>(),
): boolean {
  if (ts.isParenthesizedTypeNode(node)) return carriesHandle(project, node.type, file, keep, seen);
  if (ts.isUnionTypeNode(node) || ts.isIntersectionTypeNode(node))
    return node.types.some((t) => carriesHandle(project, t, file, keep, seen));
  if (ts.isTypeLiteralNode(node))
    return membersCarryHandle(project, node.members, file, keep, seen);
  if (!ts.isTypeReferenceNode(node)) return false;
  const name = node.typeName.getText();
  if (handleNames.has(name)) return true;
  // The scope carries the handle with the actor it serves: that is the rule, not a breach of it.
  if (name === "Scope") return false;
  const [target, keys] = node.typeArguments ?? [];
  if ((name === "Pick" || name === "Omit") && target) {
    if (ts.isTypeReferenceNode(target) && handleNames.has(target.typeName.getText())) return true;
    const listed = new Set(keys ? literalKeys(keys) : []);
    const narrowed: KeepMember =
      name === "Omit"
        ? (member) => keep(member) && !listed.has(member)
        : (member) => keep(member) && listed.has(member);
    return carriesHandle(project, target, file, narrowed, seen);
  }
  const declared = namedType(project, file, name);
  if (!declared || seen.has(`${declared.file}#${name}`)) return false;
  const inner = new Set([...seen, `${declared.file}#${name}`]);
  const { node: declaration } = declared;
  if (ts.isTypeAliasDeclaration(declaration))
    return carriesHandle(project, declaration.type, declared.file, keep, inner);
  return (
    membersCarryHandle(project, declaration.members, declared.file, keep, inner) ||
    (declaration.heritageClauses ?? []).some((clause) =>
      clause.types.some((base) => {
        const baseName = base.expression.getText();
        if (handleNames.has(baseName)) return true;
        const baseDeclared = namedType(project, declared.file, baseName);
        if (!baseDeclared) return false;
        const reference = ts.factory.createTypeReferenceNode(baseName, base.typeArguments);
        return carriesHandle(
          project,
          Object.assign(reference, { parent: base }),
          declared.file,
          keep,
          inner,
        );
      }),
    )
  );
}

function membersCarryHandle(
  project: Project,
  members: ts.NodeArray<ts.TypeElement>,
  file: string,
  keep: KeepMember,
  seen: Set<string>,
): boolean {
  return members.some(
    (member) =>
      ts.isPropertySignature(member) &&
      member.type !== undefined &&
      keep(member.name.getText()) &&
      carriesHandle(project, member.type, file, everyMember, seen),
  );
}

function literalKeys(node: ts.TypeNode): string[] {
  if (ts.isUnionTypeNode(node)) return node.types.flatMap(literalKeys);
  if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return [node.literal.text];
  return [];
}

/** An interface or type alias named `name`, in `file` or in the file it imports it from. */
function namedType(
  project: Project,
  file: string,
  name: string,
): { file: string; node: ts.InterfaceDeclaration | ts.TypeAliasDeclaration } | null {
  const source = project.source(file);
  for (const statement of source.statements) {
    if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
      statement.name.text === name
    )
      return { file, node: statement };
  }
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const element = bindings.elements.find((e) => e.name.text === name);
    if (!element) continue;
    const target = project.resolve(file, statement.moduleSpecifier.text);
    if (target) return namedType(project, target, (element.propertyName ?? element.name).text);
  }
  return null;
}

/** Whether a first parameter is, or carries, a database handle, or is a raw id. */
function isUnscopedParameter(
  project: Project,
  parameter: ts.ParameterDeclaration,
  file: string,
): boolean {
  if (parameter.type && carriesHandle(project, parameter.type, file)) return true;
  const type = parameter.type?.getText();
  return rawIdName.test(parameter.name.getText()) && (type === undefined || /^string\b/.test(type));
}

const exported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The parameters of the function `name` exports, following `export … from` re-exports. */
function exportedParameters(
  project: Project,
  file: string,
  name: string,
  seen = new Set<string>(),
): { file: string; parameters: ts.NodeArray<ts.ParameterDeclaration> } | null {
  if (seen.has(file)) return null;
  seen.add(file);
  const source = project.source(file);
  for (const statement of source.statements) {
    const fn = exported(statement) ? functionNamed(statement, name) : null;
    if (fn) return { file, parameters: fn.parameters };
    if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const target = project.resolve(file, statement.moduleSpecifier.text);
      if (!target) continue;
      const clause = statement.exportClause;
      const reexported =
        !clause || (ts.isNamedExports(clause) && clause.elements.some((e) => e.name.text === name));
      if (!reexported) continue;
      const original =
        clause && ts.isNamedExports(clause)
          ? (clause.elements.find((e) => e.name.text === name)?.propertyName?.text ?? name)
          : name;
      const found = exportedParameters(project, target, original, seen);
      if (found) return found;
    }
  }
  return null;
}

/** The value imports of `file` from `app/domain/`: local file and imported name. */
function domainImports(project: Project, file: string): { name: string; target: string }[] {
  const out: { name: string; target: string }[] = [];
  for (const statement of project.source(file).statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    const target = project.resolve(file, statement.moduleSpecifier.text);
    if (!target?.startsWith("app/domain/")) continue;
    const bindings = clause.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if (element.isTypeOnly) continue;
      out.push({ name: (element.propertyName ?? element.name).text, target });
    }
  }
  return out;
}

/**
 * The domain functions `files` import whose first parameter is a handle or a raw id. Only
 * `.server` modules hold use cases; the others are pure helpers (a path, a price) that take the
 * values they work on.
 */
export function unscopedDomainCalls(project: Project, files: readonly string[]): UnscopedCall[] {
  const found: UnscopedCall[] = [];
  for (const from of files) {
    for (const { name, target } of domainImports(project, from)) {
      if (!/\.server\.tsx?$/.test(target)) continue;
      const declaration = exportedParameters(project, target, name);
      const first = declaration?.parameters[0];
      if (!declaration || !first) continue;
      if (isUnscopedParameter(project, first, declaration.file))
        found.push({ from, name, declaredIn: declaration.file });
    }
  }
  return found;
}
