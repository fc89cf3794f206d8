import ts from "typescript";
import { functionNamed, functionOf } from "./functions.ts";
import { declarationOf, importedNames, lineOf, type Project, unwrap } from "./source.ts";

/**
 * The forms rule of docs/architecture.md §3 ("Forms"), read from the syntax tree: every form with
 * fields, POST or GET (a list's filters), is a Conform form, and no route module reads a posted
 * form by hand.
 */

type Element = ts.JsxElement | ts.JsxSelfClosingElement;

function openingOf(element: Element): ts.JsxOpeningElement | ts.JsxSelfClosingElement {
  return ts.isJsxElement(element) ? element.openingElement : element;
}

function tagName(element: Element): string {
  return openingOf(element).tagName.getText();
}

function jsxElements(node: ts.Node): Element[] {
  const out: Element[] = [];
  const visit = (child: ts.Node): void => {
    if (ts.isJsxElement(child) || ts.isJsxSelfClosingElement(child)) out.push(child);
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return out;
}

/** The value of a string attribute (`method="post"`, `method={"post"}`), `undefined` if absent, `null` if computed. */
function attribute(element: Element, name: string): string | null | undefined {
  for (const property of openingOf(element).attributes.properties) {
    if (!ts.isJsxAttribute(property) || property.name.getText() !== name) continue;
    const value = property.initializer;
    if (!value) return "";
    if (ts.isStringLiteral(value)) return value.text;
    if (ts.isJsxExpression(value) && value.expression) {
      const inner = unwrap(value.expression);
      if (ts.isStringLiteralLike(inner)) return inner.text;
    }
    return null;
  }
  return undefined;
}

const formElement = /^(form|Form|\w+\.Form)$/;
/** A control a person fills in: a visible input, or a component that renders one. */
const fieldElement =
  /^(input|select|textarea|Input|Textarea|NativeSelect|NativeRadio|NativeCheckbox|Checkbox|RadioGroup|Select|DatePicker|PasswordInput|[A-Z]\w*(Field|Fields|Picker|Rows|Choices))$/;
/** Components that render only a hidden field: nothing for a person to fill in. */
const hiddenFieldElement = /^OrganisationField$/;

function forms(source: ts.SourceFile): Element[] {
  return jsxElements(source).filter((element) => formElement.test(tagName(element)));
}

/** Whether the form's props come from Conform: a spread of `getFormProps(…)`. */
function isConform(form: Element): boolean {
  return openingOf(form).attributes.properties.some(
    (property) =>
      ts.isJsxSpreadAttribute(property) &&
      (() => {
        const spread = unwrap(property.expression);
        return (
          ts.isCallExpression(spread) &&
          ts.isIdentifier(spread.expression) &&
          spread.expression.text === "getFormProps"
        );
      })(),
  );
}

/** Forms with fields that Conform does not manage: their lines. */
export function handMadeForms(source: ts.SourceFile): number[] {
  return forms(source)
    .filter(
      (form) =>
        !isConform(form) &&
        jsxElements(form).some(
          (inside) =>
            fieldElement.test(tagName(inside)) &&
            !hiddenFieldElement.test(tagName(inside)) &&
            attribute(inside, "type") !== "hidden",
        ),
    )
    .map(lineOf);
}

/**
 * POST forms that do not carry the organisation their page was for (`<OrganisationField />`
 * inside the form): the employer area refuses such a POST (docs/architecture.md §4, the
 * stale-tab rule). A method computed at runtime may be POST, so it counts. Signing out acts on no
 * organisation and posts outside the area.
 */
export function postFormsWithoutOrganisation(source: ts.SourceFile): number[] {
  return forms(source)
    .filter((form) => {
      const method = attribute(form, "method");
      if (method === undefined || (method !== null && method.toLowerCase() !== "post"))
        return false;
      if (attribute(form, "action") === "/logout") return false;
      return !jsxElements(form).some((inside) => tagName(inside) === "OrganisationField");
    })
    .map(lineOf);
}

/**
 * Reads of a posted form by hand, not through its schema: the lines where a posted form (from
 * `request.formData()`, or a parameter typed `FormData`) is used for anything but
 * `parseSubmission(form, schema)`, a helper of this file (whose parameter is followed in turn) or
 * a helper of another route module that takes it as a `FormData` (checked there). It is followed through `await`, `.then`, aliases and
 * destructuring, so `const { get } = form`, `Object.fromEntries(form)`, `[...form]` and
 * `(await request.formData()).getAll("x")` are all hand reads. The navigation's pending form
 * (`navigation.formData?.get("intent")`) is what the browser is sending, and a page reading its
 * own form in the browser (`new FormData(event.currentTarget)`, a questionnaire page checking its
 * answers before it moves on) posts nothing: neither is a read of a post.
 */
export function handReads(project: Project, file: string): number[] {
  const source = project.source(file);
  const imports = importedNames(source);
  const lines: number[] = [];

  /** Whether a call goes to a function whose `FormData` parameter is checked where it is. */
  const checkedHelper = (call: ts.CallExpression, argument: ts.Expression): boolean => {
    const callee = unwrap(call.expression);
    if (!ts.isIdentifier(callee)) return false;
    const imported = imports.get(callee.text);
    if (imported) {
      if (imported.name === "parseSubmission") return true;
      // A helper of another route module is checked there, where its parameter is a `FormData`.
      const target = project.resolve(file, imported.specifier);
      if (!target?.startsWith("app/routes/")) return false;
      const parameter = exportedFunction(project.source(target), imported.name)?.parameters[
        call.arguments.indexOf(argument)
      ];
      return parameter?.type?.getText() === "FormData";
    }
    // A helper of this file: the parameter the form lands in is followed like the form.
    const declaration = declarationOf(callee);
    const fn = functionOf(declaration);
    const parameter = fn?.parameters[call.arguments.indexOf(argument)];
    if (!parameter || parameter.dotDotDotToken || !ts.isIdentifier(parameter.name)) return false;
    for (const reference of referencesTo(parameter)) use(reference);
    return true;
  };

  const seen = new Set<ts.Node>();
  /** Judges one place a form is used; follows it where it is passed on unread. */
  const use = (node: ts.Expression): void => {
    if (seen.has(node)) return;
    seen.add(node);
    let at: ts.Node = node;
    while (
      ts.isParenthesizedExpression(at.parent) ||
      ts.isAwaitExpression(at.parent) ||
      ts.isAsExpression(at.parent) ||
      ts.isNonNullExpression(at.parent) ||
      ts.isSatisfiesExpression(at.parent)
    )
      at = at.parent;
    const parent = at.parent;
    if (ts.isCallExpression(parent) && parent.arguments.includes(at as ts.Expression)) {
      if (checkedHelper(parent, at as ts.Expression)) return;
      lines.push(lineOf(at));
      return;
    }
    if (ts.isVariableDeclaration(parent) && parent.initializer === at) {
      if (ts.isIdentifier(parent.name)) {
        for (const reference of referencesTo(parent)) use(reference);
        return;
      }
      lines.push(lineOf(at)); // destructured: `const { get } = form`
      return;
    }
    if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      parent.right === at &&
      ts.isIdentifier(parent.left)
    ) {
      const declaration = declarationOf(parent.left);
      if (declaration && ts.isVariableDeclaration(declaration)) {
        for (const reference of referencesTo(declaration)) use(reference);
        return;
      }
    }
    // `.get`, `.getAll`, `.entries`, `.then(…)`, `[...form]`, `for (… of form)`, a return: a read.
    lines.push(lineOf(at));
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === "formData") use(node);
    } else if (
      ts.isParameter(node) &&
      node.type?.getText() === "FormData" &&
      ts.isIdentifier(node.name)
    ) {
      for (const reference of referencesTo(node)) use(reference);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(lines)].sort((a, b) => a - b);
}

/** The function a module exports as `name`, declared or as a const arrow, or null. */
function exportedFunction(source: ts.SourceFile, name: string): ts.FunctionLikeDeclaration | null {
  for (const statement of source.statements) {
    const exported = ts
      .getModifiers(statement as ts.HasModifiers)
      ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const fn = exported ? functionNamed(statement, name) : null;
    if (fn) return fn;
  }
  return null;
}

/** The identifiers that refer to a variable or parameter, in the scope it is declared in. */
function referencesTo(
  declaration: ts.VariableDeclaration | ts.ParameterDeclaration,
): ts.Identifier[] {
  if (!ts.isIdentifier(declaration.name)) return [];
  const name = declaration.name.text;
  const scope = ts.isParameter(declaration) ? declaration.parent : declaration.parent.parent.parent;
  const out: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isIdentifier(node) &&
      node.text === name &&
      node !== declaration.name &&
      !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) &&
      !(ts.isPropertyAssignment(node.parent) && node.parent.name === node) &&
      declarationOf(node) === declaration
    )
      out.push(node);
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return out;
}
