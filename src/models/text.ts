/**
 * The characters a text field of a request may hold (docs/contract.md §5, "Text fields"): no
 * control character of C0 (NUL, line breaks, escape...) but tab, which SUNAT's text patterns let
 * through (`.` in its stylesheets matches a tab, never a line break); neither U+FFFE nor U+FFFF,
 * which XML 1.0 does not allow; and no unpaired surrogate, which is not Unicode (UTF-8 cannot
 * carry it: JSON would keep it, the XML would not). Some texts may also break lines (LF, CR): an
 * item's description, a legend, and free text that never reaches SUNAT's XML (`shared.ts`' `text`
 * says which and why).
 *
 * Plain patterns, no zod: the schemas (`shared.ts`) check with them, and so does the predicate of
 * metadata keys (`predicates.ts`). Each is anchored at both ends with one quantifier over a
 * character class, so it runs in time linear in the text, whatever the text (in `u` mode a
 * surrogate pair is one character, outside the class; a lone surrogate is in it).
 *
 * @module
 */

/** Text on one line: any character but C0 controls other than tab, U+FFFE, U+FFFF and lone surrogates. */
export const SINGLE_LINE_TEXT = /^[^\x00-\x08\x0a-\x1f\ud800-\udfff\ufffe\uffff]*$/u;

/** Text that may break lines: {@link SINGLE_LINE_TEXT}, and LF and CR too. */
export const MULTI_LINE_TEXT = /^[^\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]*$/u;

/** What a text refused by {@link SINGLE_LINE_TEXT} is told. */
export const SINGLE_LINE_MESSAGE = 'must not contain control characters (line breaks included; tab is allowed), U+FFFE, U+FFFF or unpaired surrogates';

/** What a text refused by {@link MULTI_LINE_TEXT} is told. */
export const MULTI_LINE_MESSAGE = 'must not contain control characters other than tab and line breaks, U+FFFE, U+FFFF or unpaired surrogates';
