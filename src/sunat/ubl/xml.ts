/**
 * A tiny XML tree for the UBL: elements are built as values, then printed once, so every text and
 * attribute goes through one escape and the indentation follows the nesting. What it prints is
 * always well-formed XML 1.0: a character XML cannot carry is refused, never written.
 *
 * @module
 */
import { DIGITS, type Decimal, ONE, scale } from '../decimal.js';

/** One element: a name with its prefix (`cbc:ID`), its attributes and its text or children. */
export type Element = {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string | undefined>>;
  readonly content: string | readonly Element[];
};

/** A child that may be absent: `undefined`, `false` and nested lists are flattened away. */
export type Child = Element | undefined | false | readonly Child[];

/** The elements of `children`, nested lists flattened and absent ones left out, appended to `out`. */
function flatten(children: readonly Child[], out: Element[] = []): Element[] {
  for (const child of children) {
    if (child === undefined || child === false) continue;
    if (Array.isArray(child)) flatten(child as readonly Child[], out);
    else out.push(child as Element);
  }
  return out;
}

/** An element holding text (escaped when printed). */
export function text(name: string, value: string, attributes: Record<string, string | undefined> = {}): Element {
  return { name, attributes, content: value };
}

/** An element holding other elements, in the order given (UBL's sequences are ordered). */
export function node(name: string, attributes: Record<string, string | undefined>, ...children: Child[]): Element;
export function node(name: string, ...children: Child[]): Element;
export function node(name: string, ...rest: (Child | Record<string, string | undefined>)[]): Element {
  const [first] = rest;
  const hasAttributes = first !== undefined && first !== false && !Array.isArray(first) && !('attributes' in first && 'content' in first);
  const attributes = hasAttributes ? (first as Record<string, string | undefined>) : {};
  return { name, attributes, content: flatten((hasAttributes ? rest.slice(1) : rest) as Child[]) };
}

/**
 * The characters XML 1.0 cannot carry at all, not even as a character reference (its `Char`
 * production): the C0 controls but tab, line feed and carriage return, U+FFFE, U+FFFF, and a
 * surrogate that is not half of a pair (read by code point, a pair is one character above U+FFFF).
 */
const NOT_XML = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF\uD800-\uDFFF]/u;
/**
 * The characters a text escapes: the markup ones, and a carriage return, which a parser would read
 * back as a line feed; an attribute escapes tab and line feed too, which a parser would read back as spaces.
 */
const TEXT_SPECIAL = /[&<>"'\r]/;
const TEXT_SPECIALS = /[&<>"'\r]/g;
const ATTRIBUTE_SPECIAL = /[&<>"'\t\n\r]/;
const ATTRIBUTE_SPECIALS = /[&<>"'\t\n\r]/g;

/**
 * Escapes `value` with `special` as character references, refusing (a `RangeError` naming `where`)
 * a character XML cannot carry.
 */
function escaped(value: string, special: RegExp, specials: RegExp, where: string): string {
  const bad = NOT_XML.exec(value);
  if (bad !== null) {
    const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new RangeError(`${where} holds U+${code}, a character XML cannot carry: the document cannot be rendered with it`);
  }
  // Most texts have nothing to escape: a test is cheaper than a replace that builds a new string.
  return special.test(value) ? value.replace(specials, (c) => `&#${c.charCodeAt(0)};`) : value;
}

/**
 * Escapes text for an XML element: `& < > " '` and a carriage return as character references. A
 * character XML cannot carry (a C0 control but tab, line feed and carriage return, U+FFFE, U+FFFF, a
 * lone surrogate) is a `RangeError` naming `where`: the XML is never malformed.
 */
export function xmlEscape(value: string, where = 'a text'): string {
  return escaped(value, TEXT_SPECIAL, TEXT_SPECIALS, where);
}

/** The indentation of each depth, built once. */
const pads: string[] = [''];
const padOf = (depth: number) => (pads[depth] ??= '  '.repeat(depth));

/** Appends `element` as XML text to `out`, one line per element, two spaces per level. */
function write(element: Element, depth: number, out: string[]): void {
  const pad = padOf(depth);
  let open = `${pad}<${element.name}`;
  const { attributes } = element;
  for (const key in attributes) {
    const value = attributes[key];
    if (value !== undefined) open += ` ${key}="${escaped(value, ATTRIBUTE_SPECIAL, ATTRIBUTE_SPECIALS, `the attribute ${key} of ${element.name}`)}"`;
  }
  const { content } = element;
  if (typeof content === 'string') {
    out.push(`${open}>${xmlEscape(content, element.name)}</${element.name}>`);
  } else if (content.length === 0) {
    out.push(`${open}/>`);
  } else {
    out.push(`${open}>`);
    for (const child of content) write(child, depth + 1, out);
    out.push(`${pad}</${element.name}>`);
  }
}

/** The element as XML text, two spaces per level. */
export function print(element: Element, depth = 0): string {
  const out: string[] = [];
  write(element, depth, out);
  return out.join('\n');
}

/** A value of up to 10 decimals (a quantity, a unit value), printed exactly without trailing zeros: `2`, `1.102`. */
export function decimal(value: Decimal | bigint, field = 'value'): string {
  const scaled = typeof value === 'bigint' ? value : scale(value, field);
  const sign = scaled < 0n ? '-' : '';
  const abs = scaled < 0n ? -scaled : scaled;
  const fraction = (abs % ONE).toString().padStart(DIGITS, '0').replace(/0+$/, '');
  return `${sign}${abs / ONE}${fraction ? `.${fraction}` : ''}`;
}

/** A fraction (or one scaled by 10^10) as a percentage, exactly, with at least 2 decimals: `0.04` → `4.00`, `0.105` → `10.50`, `0.00125` → `0.125`. */
export function percent(rate: Decimal | bigint, field = 'rate'): string {
  const [whole, fraction = ''] = decimal((typeof rate === 'bigint' ? rate : scale(rate, field)) * 100n).split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** A fraction (`0.02`) as SUNAT's MultiplierFactorNumeric, 5 decimals (`0.02000`), rounded half up. */
export function factor(rate: Decimal, field: string): string {
  const unit = 10n ** BigInt(DIGITS - 5);
  const rounded = (scale(rate, field) * 2n + unit) / (2n * unit);
  const digits = rounded.toString().padStart(6, '0');
  return `${digits.slice(0, -5)}.${digits.slice(-5)}`;
}

/** The UBL 2.1 namespaces of the common aggregate (`cac:`) and basic (`cbc:`) components. */
export const NS_CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
export const NS_CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
