import ts from "typescript";

/** The function a declaration holds: a function declaration, or a variable set to an arrow or function expression. */
export function functionOf(
  declaration: ts.Node | null | undefined,
): ts.FunctionLikeDeclaration | null {
  if (!declaration) return null;
  if (ts.isFunctionDeclaration(declaration)) return declaration;
  const init = ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
  return init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? init : null;
}

/** The function a top-level statement declares as `name` (`function name` or `const name = …`). */
export function functionNamed(
  statement: ts.Statement,
  name: string,
): ts.FunctionLikeDeclaration | null {
  if (ts.isFunctionDeclaration(statement)) return statement.name?.text === name ? statement : null;
  if (ts.isVariableStatement(statement))
    for (const declaration of statement.declarationList.declarations)
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name)
        return functionOf(declaration);
  return null;
}
