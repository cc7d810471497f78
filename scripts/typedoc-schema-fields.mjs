/**
 * A TypeDoc plugin (typedoc.json's `plugin`). The fields of a type inferred from a zod schema are
 * declared by the schema's object literal (`taxable: Amount`), and TypeDoc prints an initializer
 * as a default value (`taxable: number = Amount`). There it is the field's schema, not a default:
 * it is left out.
 */
import { Converter, ReflectionKind } from 'typedoc';
import ts from 'typescript';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Property) || reflection.defaultValue === undefined) return;
    const declaration = context.getSymbolFromReflection(reflection)?.getDeclarations()?.[0];
    if (declaration && ts.isPropertyAssignment(declaration)) reflection.defaultValue = undefined;
  });
}
