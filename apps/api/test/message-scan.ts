import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * A static scan of every message the API can send (docs/languages-messages.md): the messages
 * passed to AppError (or a subclass's `super`) and its helpers (lib/errors.ts) and their `errors`
 * maps, and the words of success answers (`message`, `how_to_cancel`, `notice_rule` fields),
 * anywhere in apps/api/src, and the messages the shared zod schemas of packages/contract give
 * their fields.
 * Each is resolved through constants, imports, conditionals, message-building functions and the
 * parameters of the functions that pass a message on, to its English shape: the literal text,
 * with `{}` where a value is put in at run time. What cannot be resolved is reported, so a new
 * kind of message source fails the catalogue test rather than slipping past it.
 */

export type Found = { file: string; line: number; text: string };
export type Unresolved = { file: string; line: number; expression: string };
export type Scan = { messages: Found[]; unresolved: Unresolved[] };

const ROOT = join(import.meta.dirname, '..', '..', '..');
const HOLE = '{}';

/** Helper → [index of the message argument, index of the errors argument]. */
const HELPERS: Record<string, [number, number | undefined]> = {
  badRequest: [1, 2],
  unprocessable: [1, 2],
  conflict: [1, undefined],
  notFound: [1, undefined],
  forbidden: [1, undefined],
  unauthorized: [1, undefined],
  serviceUnavailable: [1, undefined],
};

/** zod methods whose string argument (or `{ error | message }`) is a field's message. */
const ZOD_METHODS = new Set([
  'min', 'max', 'length', 'gt', 'gte', 'lt', 'lte', 'positive', 'negative', 'nonnegative', 'nonpositive', 'int', 'regex',
  'email', 'url', 'uuid', 'refine', 'superRefine', 'nonempty', 'startsWith', 'endsWith', 'includes', 'multipleOf',
  'string', 'number', 'boolean', 'enum', 'literal', 'iso', 'date', 'datetime', 'time', 'array', 'object', 'strictObject',
  'check', 'int32', 'union', 'discriminatedUnion', 'record', 'coerce', 'hex', 'base64', 'safeint', 'ipv4', 'ipv6', 'cidrv4', 'e164',
]);

/** zod methods whose object argument is a shape (its `message` is a field), not options. */
const SHAPES = new Set(['object', 'strictObject', 'looseObject', 'record', 'union', 'discriminatedUnion', 'array', 'extend', 'pick', 'omit', 'safeExtend']);

/**
 * Fields of an answer that carry words the server wrote (lib/messages/success.ts translates them
 * and `reason` too; a `reason` is scanned where it is thrown: elsewhere it is mostly a code or a
 * reason staff typed).
 */
const SENTENCE_FIELDS = new Set(['message', 'how_to_cancel', 'notice_rule']);

/**
 * Files whose `message` properties are not an answer's words: the error handler and the catalogue
 * (they put other messages into their languages; the texts of their own are checked by the test),
 * and the start-up configuration (a message for the operator's log).
 */
const ANSWERS_ITSELF = ['apps/api/src/lib/error-handler.ts', 'apps/api/src/lib/messages/', 'apps/api/src/lib/config.ts'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

export const scanMessages = (): Scan => {
  const apiFiles = sourceFiles(join(ROOT, 'apps/api/src'));
  const contractFiles = sourceFiles(join(ROOT, 'packages/contract/src'));
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
    noLib: true,
    skipLibCheck: true,
    types: [],
  };
  // Our own files only: the packages' type declarations (fastify, kysely, zod…) are read as empty,
  // which keeps the scan to seconds; no message of ours lives there.
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, fresh) =>
    fileName.includes('/node_modules/') ? ts.createSourceFile(fileName, '', language) : readSource(fileName, language, onError, fresh);
  const program = ts.createProgram([...apiFiles, ...contractFiles], options, host);
  const checker = program.getTypeChecker();
  const messages: Found[] = [];
  const unresolved: Unresolved[] = [];
  const where = (node: ts.Node) => {
    const source = node.getSourceFile();
    return { file: relative(ROOT, source.fileName), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 };
  };

  /* Every call in the program, by the declaration it calls: a parameter that carries a message
     is followed to the arguments its callers pass. */
  const callsOf = new Map<ts.Node, ts.CallExpression[]>();
  const declarationOf = (expression: ts.Expression): ts.Declaration | undefined => {
    let symbol = ts.isShorthandPropertyAssignment(expression.parent) && expression.parent.name === expression
      ? checker.getShorthandAssignmentValueSymbol(expression.parent)
      : checker.getSymbolAtLocation(ts.isPropertyAccessExpression(expression) ? expression.name : expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  };
  const functionNodeOf = (declaration: ts.Declaration | undefined): ts.SignatureDeclaration | undefined => {
    if (!declaration) return undefined;
    if (ts.isFunctionDeclaration(declaration)) return declaration;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer && (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer)))
      return declaration.initializer;
    return undefined;
  };
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.startsWith(ROOT) || source.fileName.includes('node_modules')) continue;
    const visit = (node: ts.Node) => {
      // Only calls of a named function (`f(…)`, `repo.f(…)` of `import * as repo`): a method of an
      // object (a query builder, the reply) would make the checker infer its type, the slow part of
      // a scan, and never passes a message on.
      const callee = ts.isCallExpression(node) ? node.expression : undefined;
      const namespaceCall = callee && ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && ((checker.getSymbolAtLocation(callee.expression)?.flags ?? 0) & ts.SymbolFlags.Alias) !== 0;
      if (callee && (ts.isIdentifier(callee) || namespaceCall)) {
        const fn = functionNodeOf(declarationOf(callee));
        if (fn) callsOf.set(fn, [...(callsOf.get(fn) ?? []), node as ts.CallExpression]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  /** The English shapes an expression can take ({} for a value), or undefined if unknown. */
  const resolve = (expression: ts.Expression, seen: Set<ts.Node>): string[] | undefined => {
    if (seen.has(expression)) return [];
    seen = new Set(seen).add(expression);
    const e = ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isNonNullExpression(expression) || ts.isAwaitExpression(expression) ? expression.expression : expression;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
    if (ts.isTemplateExpression(e)) {
      let shapes = [e.head.text];
      for (const span of e.templateSpans) {
        const inner = resolve(span.expression, seen);
        // A value with a few known shapes (a constant, a rule's wording) is written in; others are holes.
        const pieces = inner && inner.length > 0 && inner.length <= 4 ? inner : [HOLE];
        shapes = shapes.flatMap((shape) => pieces.map((piece) => shape + piece + span.literal.text));
      }
      return shapes;
    }
    if (ts.isConditionalExpression(e)) return merge(resolve(e.whenTrue, seen), resolve(e.whenFalse, seen));
    if (ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || e.operatorToken.kind === ts.SyntaxKind.BarBarToken))
      return merge(resolve(e.left, seen), resolve(e.right, seen));
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = resolve(e.left, seen);
      const right = resolve(e.right, seen);
      return left && right ? left.flatMap((l) => right.map((r) => l + r)) : undefined;
    }
    if (ts.isCallExpression(e)) {
      // inTransaction(db, async (trx) => { …; return words; }) answers what its callback returns.
      const callback = e.arguments[e.arguments.length - 1];
      if (e.expression.getText() === 'inTransaction' && callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) return returnsOf(callback, seen);
      const fn = functionNodeOf(declarationOf(e.expression));
      if (!fn) return ts.isPropertyAccessExpression(e.expression) && ['join', 'toString', 'toFixed', 'toLocaleString'].includes(e.expression.name.text) ? [HOLE] : undefined;
      return returnsOf(fn, seen);
    }
    if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
      if (ts.isElementAccessExpression(e)) return undefined;
      if (ts.isPropertyAccessExpression(e)) {
        const fromObjects = fieldOf(e, seen);
        if (fromObjects) return fromObjects;
      }
      const declaration = declarationOf(e);
      if (!declaration) return undefined;
      if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
        if (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer)) return undefined;
        return resolve(declaration.initializer, seen);
      }
      if (ts.isPropertyAssignment(declaration)) return resolve(declaration.initializer, seen);
      if (ts.isParameter(declaration)) return parameterShapes(declaration, seen);
      return undefined;
    }
    return undefined;
  };
  /** A field of a value a function returned (`fit.reason`, `refusal.message`): that field of every object the value can be. */
  const fieldOf = (e: ts.PropertyAccessExpression, seen: Set<ts.Node>): string[] | undefined => {
    const objects = objectsOf(e.expression, seen);
    if (!objects || objects.length === 0) return undefined;
    const shapes: string[] = [];
    for (const object of objects) {
      const property = object.properties.find((p) => p.name?.getText() === e.name.text);
      if (!property) continue;
      const found = ts.isPropertyAssignment(property) ? resolve(property.initializer, seen) : ts.isShorthandPropertyAssignment(property) ? resolve(property.name, seen) : undefined;
      if (!found) return undefined;
      shapes.push(...found);
    }
    return shapes;
  };
  /** The object literals an expression can be (null, undefined and false are no object). */
  const objectsOf = (expression: ts.Expression, seen: Set<ts.Node>): ts.ObjectLiteralExpression[] | undefined => {
    if (seen.has(expression)) return [];
    seen = new Set(seen).add(expression);
    const e = ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isNonNullExpression(expression) || ts.isAwaitExpression(expression) || ts.isSatisfiesExpression(expression) ? expression.expression : expression;
    if (ts.isObjectLiteralExpression(e)) return [e];
    if (e.kind === ts.SyntaxKind.NullKeyword || e.kind === ts.SyntaxKind.FalseKeyword || e.kind === ts.SyntaxKind.TrueKeyword || (ts.isIdentifier(e) && e.text === 'undefined')) return [];
    if (ts.isConditionalExpression(e)) return mergeObjects(objectsOf(e.whenTrue, seen), objectsOf(e.whenFalse, seen));
    if (ts.isBinaryExpression(e) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(e.operatorToken.kind))
      return mergeObjects(objectsOf(e.left, seen), objectsOf(e.right, seen));
    if (ts.isCallExpression(e)) {
      const fn = functionNodeOf(declarationOf(e.expression));
      if (!fn) return undefined;
      const body = (fn as ts.ArrowFunction | ts.FunctionDeclaration).body;
      if (!body) return undefined;
      if (!ts.isBlock(body)) return objectsOf(body, seen);
      let objects: ts.ObjectLiteralExpression[] | undefined = [];
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node)) return;
        if (ts.isReturnStatement(node) && node.expression) objects = mergeObjects(objects, objectsOf(node.expression, seen));
        ts.forEachChild(node, visit);
      };
      ts.forEachChild(body, visit);
      return objects;
    }
    if (ts.isIdentifier(e)) {
      const declaration = declarationOf(e);
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) return objectsOf(declaration.initializer, seen);
      if (declaration && ts.isParameter(declaration)) {
        const calls = callsOf.get(declaration.parent) ?? [];
        const index = declaration.parent.parameters.indexOf(declaration);
        let objects: ts.ObjectLiteralExpression[] | undefined = [];
        for (const call of calls) if (call.arguments[index]) objects = mergeObjects(objects, objectsOf(call.arguments[index]!, seen));
        return calls.length ? objects : undefined;
      }
    }
    return undefined;
  };
  const mergeObjects = (a: ts.ObjectLiteralExpression[] | undefined, b: ts.ObjectLiteralExpression[] | undefined) => (a && b ? [...a, ...b] : undefined);
  const merge = (a: string[] | undefined, b: string[] | undefined) => (a && b ? [...a, ...b] : undefined);
  const returnsOf = (fn: ts.SignatureDeclaration, seen: Set<ts.Node>): string[] | undefined => {
    const body = (fn as ts.ArrowFunction | ts.FunctionDeclaration).body;
    if (!body) return undefined;
    if (!ts.isBlock(body)) return resolve(body, seen);
    const shapes: string[] = [];
    let known = true;
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node)) return;
      if (ts.isReturnStatement(node) && node.expression) {
        if (node.expression.kind === ts.SyntaxKind.NullKeyword) return;
        const found = resolve(node.expression, seen);
        if (found) shapes.push(...found);
        else known = false;
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
    return known ? shapes : undefined;
  };
  /** A parameter's values: its default, and what every caller of its function passes. */
  const parameterShapes = (parameter: ts.ParameterDeclaration, seen: Set<ts.Node>): string[] | undefined => {
    const fn = parameter.parent;
    const index = fn.parameters.indexOf(parameter);
    const shapes: string[] = [];
    if (parameter.initializer) {
      const fallback = resolve(parameter.initializer, seen);
      if (!fallback) return undefined;
      shapes.push(...fallback);
    }
    const calls = callsOf.get(fn) ?? [];
    if (calls.length === 0 && !parameter.initializer) return undefined;
    for (const call of calls) {
      const argument = call.arguments[index];
      if (!argument) continue;
      const found = resolve(argument, seen);
      if (!found) return undefined;
      shapes.push(...found);
    }
    return shapes;
  };

  const record = (expression: ts.Expression) => {
    const shapes = resolve(expression, new Set());
    if (shapes) for (const text of shapes) messages.push({ ...where(expression), text });
    else unresolved.push({ ...where(expression), expression: expression.getText() });
  };
  /** An `errors` map: each property's array of messages (a spread or computed map is followed). */
  const recordErrors = (expression: ts.Expression) => {
    const e = ts.isParenthesizedExpression(expression) ? expression.expression : expression;
    if (ts.isObjectLiteralExpression(e)) {
      for (const property of e.properties) {
        if (ts.isPropertyAssignment(property)) recordList(property.initializer);
        else if (ts.isShorthandPropertyAssignment(property)) recordList(property.name);
        else unresolved.push({ ...where(property), expression: property.getText() });
      }
      return;
    }
    // A map built in a variable: every `x.field = [...]` / `x[field] = [...]` assignment to it.
    const declaration = ts.isIdentifier(e) ? declarationOf(e) : undefined;
    if (declaration && ts.isVariableDeclaration(declaration)) {
      const scope = declaration.parent.parent.parent;
      const name = (e as ts.Identifier).text;
      const visit = (node: ts.Node) => {
        if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
          const target = node.left;
          if ((ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) && target.expression.getText() === name) recordList(node.right);
        }
        ts.forEachChild(node, visit);
      };
      visit(scope);
      if (declaration.initializer) recordErrors(declaration.initializer);
      return;
    }
    if (ts.isCallExpression(e)) {
      const fn = functionNodeOf(declarationOf(e.expression));
      if (fn) return;
    }
    unresolved.push({ ...where(e), expression: e.getText() });
  };
  const recordList = (expression: ts.Expression) => {
    const e = ts.isParenthesizedExpression(expression) ? expression.expression : expression;
    if (ts.isArrayLiteralExpression(e)) e.elements.forEach((element) => record(element as ts.Expression));
    else if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'map') {
      const callback = e.arguments[0];
      if (callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
        const shapes = returnsOf(callback, new Set());
        if (shapes) shapes.forEach((text) => messages.push({ ...where(callback), text }));
        else unresolved.push({ ...where(callback), expression: callback.getText() });
      } else unresolved.push({ ...where(e), expression: e.getText() });
    } else unresolved.push({ ...where(e), expression: e.getText() });
  };

  const statusOf = (init: ts.ObjectLiteralExpression) => {
    const status = init.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'status');
    return status && ts.isNumericLiteral(status.initializer) ? Number(status.initializer.text) : undefined;
  };
  const handled = new Set<ts.Node | undefined>();
  for (const source of program.getSourceFiles()) {
    const file = source.fileName;
    const inApi = file.startsWith(join(ROOT, 'apps/api/src'));
    const inContract = file.startsWith(join(ROOT, 'packages/contract/src'));
    if ((!inApi && !inContract) || file.endsWith('/lib/errors.ts')) continue;
    const visit = (node: ts.Node) => {
      // `new AppError({…})`, or `super({…})` in a class that extends it (LoginThrottled, …).
      const isSuperOfAppError =
        ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword && ts.findAncestor(node, ts.isClassLike)?.heritageClauses?.some((h) => h.getText().includes('AppError'));
      if (inApi && ((ts.isNewExpression(node) && node.expression.getText() === 'AppError') || isSuperOfAppError)) {
        const init = (node as ts.NewExpression | ts.CallExpression).arguments?.[0];
        handled.add(init);
        if (init && ts.isObjectLiteralExpression(init)) {
          const status = statusOf(init);
          if (status === undefined || status < 500 || status === 503) {
            for (const property of init.properties) {
              if (ts.isPropertyAssignment(property) && property.name.getText() === 'message') record(property.initializer);
              if (ts.isShorthandPropertyAssignment(property) && property.name.text === 'message') record(property.name);
              if (ts.isPropertyAssignment(property) && property.name.getText() === 'errors') recordErrors(property.initializer);
              if (ts.isShorthandPropertyAssignment(property) && property.name.text === 'errors') recordErrors(property.name);
            }
          }
        } else if (init) unresolved.push({ ...where(init), expression: init.getText() });
      }
      // A `message` the API answers with on success (`{ data, message }`, `{ data: { message } }`).
      if (inApi && ts.isObjectLiteralExpression(node) && !handled.has(node) && !ANSWERS_ITSELF.some((path) => file.includes(path))) {
        for (const property of node.properties) {
          if (!SENTENCE_FIELDS.has(property.name?.getText() ?? '')) continue;
          if (ts.isPropertyAssignment(property) && property.initializer.kind !== ts.SyntaxKind.NullKeyword) record(property.initializer);
          if (ts.isShorthandPropertyAssignment(property)) record(property.name);
        }
      }
      if (inApi && ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in HELPERS) {
        const [messageAt, errorsAt] = HELPERS[node.expression.text]!;
        const message = node.arguments[messageAt];
        const errors = errorsAt === undefined ? undefined : node.arguments[errorsAt];
        if (message) record(message);
        if (errors) recordErrors(errors);
      }
      if (inContract && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ZOD_METHODS.has(node.expression.name.text)) {
        for (const argument of node.arguments) {
          if (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument) || ts.isTemplateExpression(argument)) {
            if (!['literal', 'startsWith', 'endsWith', 'includes', 'enum'].includes(node.expression.name.text) && !SHAPES.has(node.expression.name.text)) record(argument);
          } else if (ts.isObjectLiteralExpression(argument) && !SHAPES.has(node.expression.name.text)) {
            for (const property of argument.properties)
              if (ts.isPropertyAssignment(property) && ['error', 'message'].includes(property.name.getText()) && !ts.isFunctionLike(property.initializer)) record(property.initializer);
          }
        }
      }
      if (inContract && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['addIssue', 'push'].includes(node.expression.name.text)) {
        const issue = node.arguments[0];
        if (issue && ts.isObjectLiteralExpression(issue))
          for (const property of issue.properties)
            if (ts.isPropertyAssignment(property) && property.name.getText() === 'message') record(property.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages, unresolved };
};
