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

/** The first object literal in `node`, looking through calls, `as` and parentheses. */
function objectLiteralIn(node: ts.Node): ts.ObjectLiteralExpression | ts.Identifier | undefined {
  if (ts.isObjectLiteralExpression(node)) return node;
  if (ts.isAsExpression(node) || ts.isParenthesizedExpression(node)) return objectLiteralIn(node.expression);
  if (ts.isCallExpression(node)) {
    for (const arg of node.arguments) {
      const found = ts.isIdentifier(arg) ? arg : objectLiteralIn(arg);
      if (found) return found;
    }
    return objectLiteralIn(node.expression);
  }
  if (ts.isPropertyAccessExpression(node)) return objectLiteralIn(node.expression);
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

/**
 * The members of a type: a type literal's properties with their JSDoc; an intersection's parts;
 * a reference to another type (`NoteReason`, `Adjustment<Code>`, the first argument of `Omit`
 * or `Pick`) kept by name, as a spread.
 */
function typeEntriesOf(node: ts.TypeNode): Entry[] {
  if (ts.isTypeLiteralNode(node)) {
    return node.members.flatMap((member): Entry[] =>
      ts.isPropertySignature(member) && ts.isIdentifier(member.name) ? [{ property: member.name.text, doc: docOf(member) }] : [],
    );
  }
  if (ts.isIntersectionTypeNode(node)) return node.types.flatMap(typeEntriesOf);
  if (ts.isParenthesizedTypeNode(node)) return typeEntriesOf(node.type);
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
    const name = node.typeName.text;
    const target = (name === 'Omit' || name === 'Pick') && node.typeArguments?.[0] ? node.typeArguments[0] : undefined;
    return target ? typeEntriesOf(target) : [{ spread: name }];
  }
  return [];
}

/**
 * The documentation of every `export const` in `files`: its JSDoc and its properties' JSDoc.
 * A spread of `X.shape` or of a local object takes that object's property docs. A constant
 * with a type of the same name (a schema and the hand-written type it is checked against)
 * takes the type's docs first: the models document their fields once, on their types.
 */
export function constantDocs(files: string[]): Map<string, ConstantDoc> {
  /** Every top-level constant by `file#name` (exported ones also by `name`), and every type alias as `type:name`, with its JSDoc and entries. */
  const constants = new Map<string, { file: string; description: string | undefined; entries: Entry[] }>();
  const exported: string[] = [];
  for (const file of files) {
    for (const statement of sourceOf(file).statements) {
      if (ts.isTypeAliasDeclaration(statement)) {
        // Only a hand-written type, not an alias such as `z.infer<typeof X>`.
        if (ts.isTypeReferenceNode(statement.type) && !ts.isIdentifier(statement.type.typeName)) continue;
        const constant = { file, description: docOf(statement), entries: typeEntriesOf(statement.type) };
        constants.set(`${file}#type:${statement.name.text}`, constant);
        constants.set(`type:${statement.name.text}`, constant);
        continue;
      }
      if (!ts.isVariableStatement(statement)) continue;
      const isExported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
        const name = declaration.name.text;
        const constant = { file, description: docOf(statement), entries: entriesOf(objectLiteralIn(declaration.initializer)) };
        constants.set(`${file}#${name}`, constant);
        if (isExported) {
          constants.set(name, constant);
          exported.push(name);
        }
      }
    }
  }
  const resolved = new Map<string, Map<string, string>>();
  /** The property docs of a constant (or, as `type:X`, a type): a local one of `file` first, else an exported one. */
  const propertiesOf = (name: string, file?: string): Map<string, string> => {
    const key = constants.has(`${file}#${name}`) ? `${file}#${name}` : name;
    const cached = resolved.get(key);
    if (cached) return cached;
    const properties = new Map<string, string>();
    resolved.set(key, properties);
    const constant = constants.get(key);
    for (const entry of constant?.entries ?? []) {
      if ('spread' in entry) {
        // A schema's fields are documented on its type of the same name, when it has one.
        const spreads = key.includes('type:') ? [`type:${entry.spread}`] : [`type:${entry.spread}`, entry.spread];
        for (const spread of spreads) {
          for (const [property, doc] of propertiesOf(spread, constant?.file)) if (!properties.has(property)) properties.set(property, doc);
        }
      } else if (entry.doc) {
        properties.set(entry.property, entry.doc);
      }
    }
    return properties;
  };
  return new Map(
    exported.map((name) => {
      const type = constants.get(`type:${name}`);
      const properties = new Map([...propertiesOf(name), ...(type ? propertiesOf(`type:${name}`) : [])]);
      const description = type?.entries.length ? type.description : constants.get(name)!.description;
      return [name, { description, properties }];
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
