/**
 * Reads the SDK's JSDoc with the TypeScript compiler, so that the OpenAPI document describes
 * every schema, property and operation in the same words as the typed SDK.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The documentation of an exported constant (a zod schema, or a plain object). */
export interface ConstantDoc {
  description: string | undefined;
  /** The JSDoc of each property of its object literal, spreads (`...X.shape`) resolved. */
  properties: Map<string, string>;
}

/** The text of a node's JSDoc, tags left out, `{@link X}` (and `{@link "module"!X}`) written as `` `X` ``. */
function docOf(node: ts.Node): string | undefined {
  const texts = ts
    .getJSDocCommentsAndTags(node)
    .filter(ts.isJSDoc)
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .filter(Boolean);
  const text = texts
    .at(-1)
    ?.replace(/\{@link\s+(?:"[^"]+"!)?([^}\s]+)\s*\}/g, '`$1`')
    .trim();
  return text || undefined;
}

const sourceOf = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);

/**
 * The object literal a schema is built from, looking through `as` and parentheses: a function
 * call's first argument that is one (`z.looseObject({...})`) or names one (`z.looseObject(fields)`,
 * kept by name); the schema a method is called on (`looseObject({...}).check(...)`); a bare
 * identifier (`DocumentSchema as unknown as ...`), kept by name. A call of one of `builders`, a
 * function of the same file that returns an object literal (`adjustment(codes)`), stands for that
 * literal: its name is kept.
 */
function objectLiteralIn(node: ts.Node, builders: ReadonlySet<string>): ts.ObjectLiteralExpression | ts.Identifier | undefined {
  if (ts.isObjectLiteralExpression(node) || ts.isIdentifier(node)) return node;
  if (ts.isAsExpression(node) || ts.isParenthesizedExpression(node)) return objectLiteralIn(node.expression, builders);
  if (!ts.isCallExpression(node)) return undefined;
  const callee = node.expression;
  if (ts.isPropertyAccessExpression(callee) && !ts.isIdentifier(callee.expression)) return objectLiteralIn(callee.expression, builders);
  if (ts.isIdentifier(callee) && builders.has(callee.text)) return callee;
  for (const arg of node.arguments) {
    const found = objectLiteralIn(arg, builders);
    if (found) return found;
  }
  return undefined;
}

type Entry = { property: string; doc: string | undefined } | { spread: string };

/** The properties of an object literal; a spread (`...X.shape`, `...fields`) or a bare identifier is kept by name. */
function entriesOf(literal: ts.ObjectLiteralExpression | ts.Identifier | undefined): Entry[] {
  if (!literal) return [];
  if (ts.isIdentifier(literal)) return [{ spread: literal.text }];
  return literal.properties.flatMap((member): Entry[] => {
    if (ts.isSpreadAssignment(member)) {
      const target = ts.isPropertyAccessExpression(member.expression) ? member.expression.expression : member.expression;
      return ts.isIdentifier(target) ? [{ spread: target.text }] : [];
    }
    return member.name && ts.isIdentifier(member.name) ? [{ property: member.name.text, doc: docOf(member) }] : [];
  });
}

/** The expression a function returns: its first top-level `return`. */
function returned(fn: ts.FunctionDeclaration): ts.Expression | undefined {
  return fn.body?.statements.find(ts.isReturnStatement)?.expression;
}

/**
 * Whether a type alias takes over its schema's description. A model's type carries the full
 * description (it is what an editor's hover and TypeDoc show) and its schema a short one: an
 * object type inferred from a schema (`Closed<z.input<typeof X>>`), one derived from another
 * (`Omit<Document, 'signedXml'>`), a catálogo's codes (`DocumentType`). A union (`PaymentTerms`)
 * is described by its schema.
 */
function describesItsSchema(type: ts.TypeNode): boolean {
  return !ts.isUnionTypeNode(type) && !(ts.isTypeReferenceNode(type) && ts.isQualifiedName(type.typeName));
}

/**
 * The documentation of every `export const` in `files`: its JSDoc and its properties' JSDoc. The
 * models document each field once, on its schema's object literal; a spread of `X.shape` or of a
 * local object, a bare identifier and a call of a local builder take that object's property docs.
 * The description is the constant's, or its type's when the type describes it (`describesItsSchema`).
 */
export function constantDocs(files: string[]): Map<string, ConstantDoc> {
  /** Every top-level constant and builder by `file#name` (exported constants also by `name`), with its JSDoc and entries. */
  const constants = new Map<string, { file: string; description: string | undefined; entries: Entry[] }>();
  /** The description of each type alias that describes its schema, by name. */
  const typeDescriptions = new Map<string, string | undefined>();
  const exported: string[] = [];
  for (const file of files) {
    const statements = sourceOf(file).statements;
    const builders = new Set(
      statements.flatMap((statement) => {
        if (!ts.isFunctionDeclaration(statement) || !statement.name) return [];
        const value = returned(statement);
        return value && entriesOf(objectLiteralIn(value, new Set())).some((entry) => 'property' in entry) ? [statement.name.text] : [];
      }),
    );
    for (const statement of statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name && builders.has(statement.name.text)) {
        const value = returned(statement)!;
        constants.set(`${file}#${statement.name.text}`, { file, description: docOf(statement), entries: entriesOf(objectLiteralIn(value, new Set())) });
        continue;
      }
      if (ts.isTypeAliasDeclaration(statement)) {
        if (describesItsSchema(statement.type)) typeDescriptions.set(statement.name.text, docOf(statement));
        continue;
      }
      if (!ts.isVariableStatement(statement)) continue;
      const isExported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
        const name = declaration.name.text;
        const constant = { file, description: docOf(statement), entries: entriesOf(objectLiteralIn(declaration.initializer, builders)) };
        constants.set(`${file}#${name}`, constant);
        if (isExported) {
          constants.set(name, constant);
          exported.push(name);
        }
      }
    }
  }
  const resolved = new Map<string, Map<string, string>>();
  /** The property docs of a constant: a local one of `file` first, else an exported one. */
  const propertiesOf = (name: string, file?: string): Map<string, string> => {
    const key = constants.has(`${file}#${name}`) ? `${file}#${name}` : name;
    const cached = resolved.get(key);
    if (cached) return cached;
    const properties = new Map<string, string>();
    resolved.set(key, properties);
    const constant = constants.get(key);
    for (const entry of constant?.entries ?? []) {
      if ('spread' in entry) {
        for (const [property, doc] of propertiesOf(entry.spread, constant?.file)) if (!properties.has(property)) properties.set(property, doc);
      } else if (entry.doc) {
        properties.set(entry.property, entry.doc);
      }
    }
    return properties;
  };
  return new Map(
    exported.map((name) => {
      const description = typeDescriptions.has(name) ? typeDescriptions.get(name) : constants.get(name)!.description;
      return [name, { description, properties: propertiesOf(name) }];
    }),
  );
}

/** A resource class: its JSDoc and its methods' JSDoc. */
export interface ResourceDoc {
  description: string | undefined;
  methods: Map<string, string>;
}

/** The JSDoc of each resource class and method, by the client getter that gives it (`customers`). */
export function resourceDocs(srcDir: string): Map<string, ResourceDoc> {
  const classes = new Map<string, ResourceDoc>();
  const resourcesDir = join(srcDir, 'resources');
  for (const file of readdirSync(resourcesDir)) {
    for (const statement of sourceOf(join(resourcesDir, file)).statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      const methods = new Map<string, string>();
      for (const member of statement.members) {
        if (ts.isMethodDeclaration(member) && ts.isIdentifier(member.name)) {
          const doc = docOf(member);
          if (doc) methods.set(member.name.text, doc);
        }
      }
      classes.set(statement.name.text, { description: docOf(statement), methods });
    }
  }
  const byGetter = new Map<string, ResourceDoc>();
  for (const statement of sourceOf(join(srcDir, 'client.ts')).statements) {
    if (!ts.isClassDeclaration(statement) || statement.name?.text !== 'Client') continue;
    for (const member of statement.members) {
      if (!ts.isGetAccessorDeclaration(member) || !ts.isIdentifier(member.name) || !member.type) continue;
      const resource = classes.get(member.type.getText());
      if (resource) byGetter.set(member.name.text, resource);
    }
  }
  return byGetter;
}
