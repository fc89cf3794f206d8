import ts from "typescript";
import { functionOf } from "./functions.ts";
import { declarationOf, importedNames, lineOf, type Project, unwrap } from "./source.ts";

/**
 * The visibility rule of docs/architecture.md §3b, read from the syntax tree: a query that reads
 * a tenant table by id, or reads a health-data table's sealed payload at all, ANDs in the
 * visibility builder of that table (`app/domain/kernel/visibility.server.ts`), so the rows come
 * from the actor and never from an id a caller passed. The condition is followed wherever the
 * code keeps it: in a variable, an array of conditions, a local helper that returns one, a join's
 * `on`, a query finished later, a raw `sql` query.
 */

/** Rows that belong to one organisation, one doctor or one person. */
export const tenantTables = new Set([
  "referral",
  "report",
  "paymentOrder",
  "invoice",
  "creditNote",
  "member",
  "teamInvitation",
  "apiKey",
  "webhookEndpoint",
  "webhookDelivery",
  "insightCount",
]);

/**
 * The tables that hold health data (the HEALTH PAYLOAD columns of `app/db/schema/`): the person's
 * answers, the drafted reports, the doctor's clinical notes and the consultations with their notes.
 * Every read of one is scoped, whatever it filters on.
 */
export const healthTables = new Set([
  "questionnaireResponse",
  "draftReport",
  "caseClinicalNote",
  "consultation",
  "caseMessage",
  "caseDocument",
]);

/**
 * The sealed health payload of each health-data table (`encryptedText`/`encryptedJson` in
 * `app/db/schema/`; the architecture test checks this list against the schema). A query that
 * names only other columns (the doctor's booked times, a response's status) reads no health data;
 * `select()` or the whole table object reads all of it.
 */
export const healthPayload: Record<string, string[]> = {
  questionnaireResponse: ["buildContext", "answers", "transcript", "safetyReasons"],
  draftReport: ["draft"],
  caseClinicalNote: ["notes"],
  consultation: ["notes"],
  caseMessage: ["body"],
  caseDocument: ["fileName", "content"],
};

/** Each visibility builder and the table whose rows it chooses. */
export const visibilityBuilders: Record<string, string> = {
  visibleReferrals: "referral",
  visibleReports: "report",
  visibleOrders: "paymentOrder",
  visibleInvoices: "invoice",
  visibleCreditNotes: "creditNote",
  visibleMembers: "member",
  visibleTeamInvitations: "teamInvitation",
  visibleApiKeys: "apiKey",
  visibleWebhookEndpoints: "webhookEndpoint",
  visibleWebhookDeliveries: "webhookDelivery",
  visibleInsightCounts: "insightCount",
  visibleQuestionnaireResponses: "questionnaireResponse",
  visibleDraftReports: "draftReport",
  visibleClinicalNotes: "caseClinicalNote",
  visibleConsultations: "consultation",
  visibleCaseMessages: "caseMessage",
  visibleCaseDocuments: "caseDocument",
  visibleEarlierCases: "referral",
  visibleEarlierReports: "report",
  visibleEarlierQuestionnaireResponses: "questionnaireResponse",
};

interface UnscopedRead {
  file: string;
  line: number;
  table: string;
  /**
   * `by id`: a tenant table filtered on its id (with `eq` or `inArray`); `health data`: the
   * sealed payload of a health-data table read at all; `by a raw id`: a function that takes the scope filtering a
   * table on an id it was handed beside the scope; `through the relational API`: a tenant or
   * health-data table read with `db.query.<table>.find…` without its builder.
   */
  why: "by id" | "health data" | "by a raw id" | "through the relational API";
}

/** A column compared with a value (`eq(referral.id, id)`, `inArray(report.referralId, ids)`). */
interface Filter {
  table: string;
  column: string;
  value: ts.Expression;
}

/** What a condition holds once followed: the tables its builders cover, and its filters. */
interface Condition {
  builders: Set<string>;
  filters: Filter[];
}

const selectMethods = new Set(["select", "selectDistinct", "selectDistinctOn"]);
const joinMethods = /^(inner|left|right|full|cross)Join(Lateral)?$/;
const comparisons = new Set(["eq", "inArray"]);
const idColumn = /^(id|\w+Id)$/;

class FileReads {
  private readonly imports: ReturnType<typeof importedNames>;
  private readonly schemaNames = new Map<string, string>();

  private readonly source: ts.SourceFile;

  constructor(
    private readonly project: Project,
    private readonly file: string,
  ) {
    this.source = project.source(file);
    this.imports = importedNames(this.source);
    for (const [local, { specifier, name }] of this.imports) {
      const target = this.project.resolve(file, specifier);
      if (target?.startsWith("app/db/schema/") || /(^~|\/)db\/schema(\/|$)/.test(specifier))
        this.schemaNames.set(local, name);
    }
  }

  /**
   * The schema table an expression names (`referral`), or null: also through a variable
   * (`const r = referral`) or drizzle's `alias(referral, "r")`.
   */
  private tableOf(node: ts.Expression, seen = new Set<ts.Node>()): string | null {
    const inner = unwrap(node);
    if (seen.has(inner)) return null;
    seen.add(inner);
    if (ts.isCallExpression(inner) && this.calleeName(inner) === "alias" && inner.arguments[0])
      return this.tableOf(inner.arguments[0], seen);
    if (!ts.isIdentifier(inner)) return null;
    const imported = this.schemaNames.get(inner.text);
    if (imported) return imported;
    const declaration = declarationOf(inner);
    return declaration && ts.isVariableDeclaration(declaration) && declaration.initializer
      ? this.tableOf(declaration.initializer, seen)
      : null;
  }

  /** The table and column a column reference names (`referral.id`), or null. */
  private columnOf(node: ts.Expression): { table: string; column: string } | null {
    const inner = unwrap(node);
    if (!ts.isPropertyAccessExpression(inner)) return null;
    const table = this.tableOf(inner.expression);
    return table ? { table, column: inner.name.text } : null;
  }

  /** The name a call is to, as imported (`eq` for `import { eq as same }`), or as declared. */
  private calleeName(call: ts.CallExpression): string | null {
    const callee = unwrap(call.expression);
    if (ts.isIdentifier(callee)) return this.imports.get(callee.text)?.name ?? callee.text;
    if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
    return null;
  }

  /** The table a call to a kernel visibility builder chooses rows of; a look-alike does not count. */
  private builderTable(call: ts.CallExpression): string | null {
    const callee = unwrap(call.expression);
    if (!ts.isIdentifier(callee)) return null;
    const imported = this.imports.get(callee.text);
    if (!imported || !Object.hasOwn(visibilityBuilders, imported.name)) return null;
    const target = this.project.resolve(this.file, imported.specifier);
    const fromKernel =
      target === "app/domain/kernel/visibility.server.ts" ||
      /(^~\/domain\/kernel|^\.)\/visibility\.server(\.ts)?$/.test(imported.specifier);
    return fromKernel ? (visibilityBuilders[imported.name] ?? null) : null;
  }

  private isDrizzle(call: ts.CallExpression): boolean {
    const callee = unwrap(call.expression);
    return ts.isIdentifier(callee) && this.imports.get(callee.text)?.specifier === "drizzle-orm";
  }

  private isSqlTemplate(node: ts.Node): node is ts.TaggedTemplateExpression {
    return (
      ts.isTaggedTemplateExpression(node) &&
      ts.isIdentifier(node.tag) &&
      this.imports.get(node.tag.text)?.specifier === "drizzle-orm" &&
      this.imports.get(node.tag.text)?.name === "sql"
    );
  }

  /** Follows a condition through variables, arrays, helpers and `and`/`or`. */
  private follow(node: ts.Node, into: Condition, seen: Set<ts.Node>): void {
    if (seen.has(node)) return;
    seen.add(node);
    if (ts.isSpreadElement(node)) {
      this.follow(node.expression, into, seen);
      return;
    }
    if (!ts.isExpression(node)) return;
    const e = unwrap(node);
    if (ts.isIdentifier(e)) {
      const declaration = declarationOf(e);
      if (!declaration) return;
      if (ts.isFunctionDeclaration(declaration)) return;
      if (ts.isVariableDeclaration(declaration)) {
        if (declaration.initializer) this.follow(declaration.initializer, into, seen);
        // Conditions gathered in an array (`conditions.push(eq(referral.id, id))`), or assigned
        // later (`where = eq(referral.id, id)`).
        for (const later of this.laterValues(e.text, declaration)) this.follow(later, into, seen);
      }
      return;
    }
    if (ts.isConditionalExpression(e)) {
      this.follow(e.whenTrue, into, seen);
      this.follow(e.whenFalse, into, seen);
      return;
    }
    if (ts.isBinaryExpression(e)) {
      this.follow(e.left, into, seen);
      this.follow(e.right, into, seen);
      return;
    }
    if (ts.isArrayLiteralExpression(e)) {
      for (const element of e.elements) this.follow(element, into, seen);
      return;
    }
    if (this.isSqlTemplate(e)) {
      this.sqlFilters(e, into);
      if (ts.isTemplateExpression(e.template))
        for (const span of e.template.templateSpans) this.follow(span.expression, into, seen);
      return;
    }
    if (!ts.isCallExpression(e)) return;
    const name = this.calleeName(e);
    const built = this.builderTable(e);
    if (built) {
      into.builders.add(built);
      return;
    }
    if (name && comparisons.has(name) && this.isDrizzle(e)) {
      const [left, right] = e.arguments;
      if (left && right) {
        const column = this.columnOf(left) ?? this.columnOf(right);
        const value = this.columnOf(left) ? right : left;
        if (column && !this.columnOf(value)) into.filters.push({ ...column, value });
      }
    }
    for (const argument of e.arguments) this.follow(argument, into, seen);
    // A helper of this file that builds the condition: follow what it returns.
    const callee = unwrap(e.expression);
    if (ts.isIdentifier(callee)) {
      const declaration = declarationOf(callee);
      const fn = functionOf(declaration);
      if (fn) for (const returned of returnedExpressions(fn)) this.follow(returned, into, seen);
    }
  }

  /** `${referral.id} = ${id}` in a raw fragment: an id column beside a value. */
  private sqlFilters(template: ts.TaggedTemplateExpression, into: Condition): void {
    if (!ts.isTemplateExpression(template.template)) return;
    const spans = template.template.templateSpans.map((span) => span.expression);
    const columns = spans.map((span) => this.columnOf(span));
    const values = spans.filter((span, i) => !columns[i] && !this.tableOf(span));
    for (const column of columns)
      if (column && idColumn.test(column.column))
        for (const value of values) into.filters.push({ ...column, value });
  }

  /** The arguments of `name.push(…)` and the values of `name = …` in its declaration's scope. */
  private laterValues(name: string, declaration: ts.VariableDeclaration): ts.Expression[] {
    const scope = declaration.parent.parent.parent;
    const out: ts.Expression[] = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "push" &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === name &&
        declarationOf(node.expression.expression) === declaration
      )
        out.push(...node.arguments);
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isIdentifier(node.left) &&
        node.left.text === name &&
        declarationOf(node.left) === declaration
      )
        out.push(node.right);
      ts.forEachChild(node, visit);
    };
    visit(scope);
    return out;
  }

  /**
   * The calls chained onto a query from its `.from(table)` up: the joins, the where, and, when the
   * query is kept in a variable and finished later (`query.where(…)`), those calls too.
   */
  private chainOf(from: ts.CallExpression): { method: string; call: ts.CallExpression }[] {
    const calls: { method: string; call: ts.CallExpression }[] = [];
    let top: ts.Expression = from;
    for (;;) {
      const parent = top.parent;
      if (
        ts.isPropertyAccessExpression(parent) &&
        parent.expression === top &&
        ts.isCallExpression(parent.parent) &&
        parent.parent.expression === parent
      ) {
        calls.push({ method: parent.name.text, call: parent.parent });
        top = parent.parent;
      } else if (
        ts.isParenthesizedExpression(parent) ||
        ts.isAwaitExpression(parent) ||
        ts.isAsExpression(parent)
      )
        top = parent;
      else break;
    }
    const holder = top.parent;
    if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) {
      const name = holder.name.text;
      const visit = (node: ts.Node): void => {
        if (
          ts.isIdentifier(node) &&
          node.text === name &&
          node !== holder.name &&
          declarationOf(node) === holder
        ) {
          // Walk this use's own chain: `query.where(…).orderBy(…)`.
          let use: ts.Expression = node;
          while (
            ts.isPropertyAccessExpression(use.parent) &&
            ts.isCallExpression(use.parent.parent) &&
            use.parent.parent.expression === use.parent
          ) {
            calls.push({ method: use.parent.name.text, call: use.parent.parent });
            use = use.parent.parent;
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(holder.parent.parent.parent);
    }
    return calls;
  }

  /** Whether `.from(…)` is a select's: `db.select(…).from(table)`. */
  private isSelectFrom(call: ts.CallExpression): boolean {
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "from") return false;
    const before = unwrap(callee.expression);
    return (
      ts.isCallExpression(before) &&
      ts.isPropertyAccessExpression(before.expression) &&
      selectMethods.has(before.expression.name.text)
    );
  }

  reads(): UnscopedRead[] {
    const found: UnscopedRead[] = [];
    if (this.schemaNames.size === 0) return found;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && this.isSelectFrom(node) && node.arguments[0]) {
        const table = this.tableOf(node.arguments[0]);
        if (table) {
          const condition = this.queryCondition(node);
          const projection = this.projectionOf(node);
          found.push(
            ...this.judge(node, [table], condition, (t) => this.namesPayload(projection, t)),
          );
        }
      } else if (ts.isCallExpression(node) && this.isCount(node) && node.arguments[0]) {
        // `db.$count(table, where)` reads how many rows match: no payload, but by id all the same.
        const table = this.tableOf(node.arguments[0]);
        const condition: Condition = { builders: new Set(), filters: [] };
        if (node.arguments[1]) this.follow(node.arguments[1], condition, new Set());
        if (table) found.push(...this.judge(node, [table], condition, () => false));
      } else if (ts.isCallExpression(node) && this.relationalTable(node)) {
        // `db.query.referral.findFirst({ where })`: its callback form names the table by a
        // parameter this rule cannot follow, so a tenant or health-data table read this way
        // always takes its builder.
        const table = this.relationalTable(node) as string;
        const condition: Condition = { builders: new Set(), filters: [] };
        const options = node.arguments[0] ? unwrap(node.arguments[0]) : null;
        if (options && ts.isObjectLiteralExpression(options))
          for (const property of options.properties)
            if (ts.isPropertyAssignment(property) && property.name.getText() === "where") {
              const where = unwrap(property.initializer);
              const returned =
                ts.isArrowFunction(where) || ts.isFunctionExpression(where)
                  ? returnedExpressions(where)
                  : [where];
              for (const e of returned) this.follow(e, condition, new Set());
            }
        if ((tenantTables.has(table) || healthTables.has(table)) && !condition.builders.has(table))
          found.push({
            file: this.file,
            line: lineOf(node),
            table,
            why: "through the relational API",
          });
      } else if (this.isSqlTemplate(node) && ts.isTemplateExpression(node.template)) {
        // A raw query names its tables as interpolations: `select … from ${referral} where …`.
        const tables = node.template.templateSpans
          .map((span) => this.tableOf(span.expression))
          .filter((t): t is string => t !== null);
        if (tables.length > 0) {
          const condition: Condition = { builders: new Set(), filters: [] };
          this.follow(node, condition, new Set());
          found.push(...this.judge(node, tables, condition, () => true));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(this.source);
    return found;
  }

  private isCount(call: ts.CallExpression): boolean {
    return ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === "$count";
  }

  /** The table of `db.query.<table>.findFirst(…)` or `.findMany(…)`, or null. */
  private relationalTable(call: ts.CallExpression): string | null {
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee) || !/^find(First|Many)$/.test(callee.name.text))
      return null;
    const table = callee.expression;
    if (!ts.isPropertyAccessExpression(table)) return null;
    const query = table.expression;
    return ts.isPropertyAccessExpression(query) && query.name.text === "query"
      ? table.name.text
      : null;
  }

  /** The columns a select names (`select({ id: t.id })`), or null for every column (`select()`). */
  private projectionOf(from: ts.CallExpression): ts.Expression | null {
    const select = unwrap((from.expression as ts.PropertyAccessExpression).expression);
    return ts.isCallExpression(select) ? (select.arguments[0] ?? null) : null;
  }

  /**
   * Whether a projection names a health table's sealed payload: the payload column itself, the
   * whole table (`{ response: questionnaireResponse }`), a list of its columns by name
   * (`columnsOf(consultation, ["notes"])`), or a value this file cannot see into.
   */
  private namesPayload(projection: ts.Expression | null, table: string): boolean {
    if (!projection) return true;
    const payload = healthPayload[table] ?? [];
    let names = false;
    const visit = (node: ts.Node): void => {
      if (names) return;
      if (ts.isPropertyAccessExpression(node)) {
        const column = this.columnOf(node);
        if (column) {
          names = column.table === table && payload.includes(column.column);
          return;
        }
      }
      if (ts.isIdentifier(node) && this.tableOf(node) === table) {
        const parent = node.parent;
        const listed =
          ts.isCallExpression(parent) &&
          parent.arguments
            .slice(1)
            .some(
              (a) =>
                ts.isArrayLiteralExpression(a) &&
                a.elements.some((e) => ts.isStringLiteral(e) && payload.includes(e.text)),
            );
        // A table handed to a helper with the columns it takes is those columns only.
        names = !ts.isCallExpression(parent) || listed;
        return;
      }
      if (ts.isSpreadAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
        names = true; // columns gathered elsewhere: cannot tell which
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(projection);
    return names || !ts.isObjectLiteralExpression(unwrap(projection));
  }

  private queryCondition(from: ts.CallExpression): Condition & { joined: string[] } {
    const condition: Condition & { joined: string[] } = {
      builders: new Set(),
      filters: [],
      joined: [],
    };
    const seen = new Set<ts.Node>();
    for (const { method, call } of this.chainOf(from)) {
      if (joinMethods.test(method)) {
        const [joined, on] = call.arguments;
        const table = joined ? this.tableOf(joined) : null;
        if (table) condition.joined.push(table);
        if (on) this.follow(on, condition, seen);
      } else if (method === "where" || method === "having") {
        for (const argument of call.arguments) this.follow(argument, condition, seen);
      }
    }
    return condition;
  }

  private judge(
    at: ts.Node,
    fromTables: string[],
    condition: Condition & { joined?: string[] },
    readsPayload: (table: string) => boolean,
  ): UnscopedRead[] {
    const tables = new Set([...fromTables, ...(condition.joined ?? [])]);
    const needs = new Map<string, UnscopedRead["why"]>();
    for (const table of tables)
      if (healthTables.has(table) && readsPayload(table)) needs.set(table, "health data");
    for (const filter of condition.filters) {
      if (!tables.has(filter.table) || needs.has(filter.table)) continue;
      if (tenantTables.has(filter.table) && filter.column === "id")
        needs.set(filter.table, "by id");
      else if (
        (tenantTables.has(filter.table) || healthTables.has(filter.table)) &&
        idColumn.test(filter.column) &&
        handedBesideScope(filter.value)
      )
        needs.set(filter.table, "by a raw id");
    }
    // A raw id ANDed with the actor's own (`eq(member.userId, actor.userId)`) reaches only the
    // actor's rows: that is a scope too.
    // So is any visibility builder in the query, such as the case's that its table is joined to.
    const ownRows =
      condition.builders.size > 0 || condition.filters.some((filter) => fromScope(filter.value));
    return [...needs]
      .filter(([, why]) => !(why === "by a raw id" && ownRows))
      .filter(([table]) => !condition.builders.has(table))
      .map(([table, why]) => ({ file: this.file, line: lineOf(at), table, why }));
  }
}

/** What a function returns: an arrow's expression body, or its `return` statements' values. */
function returnedExpressions(fn: ts.FunctionLikeDeclaration): ts.Expression[] {
  if (!fn.body) return [];
  if (!ts.isBlock(fn.body)) return [fn.body];
  const out: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) out.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return out;
}

/** A parameter that is the caller's scope, or the actor it carries: its ids are the session's. */
function isScopeParameter(parameter: ts.ParameterDeclaration): boolean {
  const type = parameter.type?.getText() ?? "";
  return (
    /\b\w*(Scope|Actor)\b/.test(type) ||
    (ts.isIdentifier(parameter.name) && /^(scope|\w+Scope|actor)$/.test(parameter.name.text))
  );
}

const sameValueMethods = new Set([
  "map",
  "filter",
  "slice",
  "concat",
  "flat",
  "flatMap",
  "at",
  "trim",
  "toLowerCase",
  "toUpperCase",
  "toString",
]);

/** The parameter a value is rooted in (`input.ids.map(…)` in `input`), through variables. */
function rootParameter(
  value: ts.Expression,
  seen = new Set<ts.Node>(),
): ts.ParameterDeclaration | null {
  const e = unwrap(value);
  if (seen.has(e)) return null;
  seen.add(e);
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e))
    return rootParameter(e.expression, seen);
  if (ts.isCallExpression(e)) {
    if (ts.isPropertyAccessExpression(e.expression) && sameValueMethods.has(e.expression.name.text))
      return rootParameter(e.expression.expression, seen);
    // `requireEmployer(scope)`: a guard hands back the scope it was given, narrowed.
    const first = e.arguments[0];
    const guard = ts.isIdentifier(e.expression) && /^require[A-Z]/.test(e.expression.text);
    return guard && first ? rootParameter(first, seen) : null;
  }
  if (!ts.isIdentifier(e)) return null;
  const declaration = declarationOf(e);
  if (!declaration || ts.isFunctionDeclaration(declaration)) return null;
  let owner: ts.Node = declaration;
  while (
    ts.isBindingElement(owner) ||
    ts.isObjectBindingPattern(owner) ||
    ts.isArrayBindingPattern(owner)
  )
    owner = owner.parent;
  if (ts.isVariableDeclaration(owner))
    return owner.initializer ? rootParameter(owner.initializer, seen) : null;
  return ts.isParameter(owner) ? owner : null;
}

/** Whether a value is the session's own: an id of the scope's actor (`scope.actor.userId`). */
function fromScope(value: ts.Expression): boolean {
  const root = rootParameter(value);
  return !!root && isScopeParameter(root);
}

/**
 * Whether a value comes from a parameter handed to a function beside its scope (`referralId` in
 * `(scope: Scope, referralId: string)`, or `input.referralId`), directly or through variables.
 */
function handedBesideScope(value: ts.Expression): boolean {
  const root = rootParameter(value);
  if (!root || isScopeParameter(root)) return false;
  const fn = root.parent;
  return ts.isFunctionLike(fn) && fn.parameters.some(isScopeParameter);
}

/** The unscoped reads of one file. */
export function unscopedReads(project: Project, file: string): UnscopedRead[] {
  return new FileReads(project, file).reads();
}
