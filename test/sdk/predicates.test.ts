/**
 * The rules the request schemas refine with (`src/models/predicates.ts`). Each rule's verdicts
 * are written out here, as users meet them.
 */
import { describe, expect, it } from 'vitest';
import {
  debitNoteHasDebitReason,
  dniHas8Digits,
  dueDateNotBeforeIssueDate,
  hasAtMost20Keys,
  hasAtMostDecimals,
  hasDecimals,
  isFacturaOrBoleta,
  isSecureURLText,
  noteHasReference,
  rucHas11Digits,
} from '../../src/models/predicates.js';

describe('the rules the request schemas refine with', () => {
  it('hasDecimals counts the decimals a number prints with, exponents included', () => {
    const cases: [number, number, boolean][] = [
      [100, 0, true],
      [1830.18, 2, true],
      [1830.185, 2, false],
      [9.180000000000001, 2, false],
      [0.1 + 0.2, 10, false],
      [1.5e-7, 8, true],
      [1.5e-7, 7, false],
      [1e-7, 7, true],
      [1e21, 0, true],
      [-2.5, 1, true],
      [-2.55, 1, false],
    ];
    expect(cases.map(([value, digits]) => hasDecimals(value, digits))).toEqual(cases.map(([, , expected]) => expected));
    expect([hasAtMostDecimals[2](10.25), hasAtMostDecimals[2](10.255), hasAtMostDecimals[3](3.751), hasAtMostDecimals[3](3.7515)]).toEqual([true, false, true, false]);
    expect([hasAtMostDecimals[10](21.186440678), hasAtMostDecimals[10](0.12345678901)]).toEqual([true, false]);
  });

  it('a RUC has 11 digits and a DNI 8, checked only when both fields are there', () => {
    expect(
      ['20131312955', '2013131295', '201313129551', 'x20131312955', '2013131295x'].map((documentNumber) => rucHas11Digits({ documentType: '6', documentNumber })),
    ).toEqual([true, false, false, false, false]);
    expect(['46027896', '4602789', '460278961', 'x46027896', '4602789x'].map((documentNumber) => dniHas8Digits({ documentType: '1', documentNumber }))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    // Another type, or a partial update without the number, is not theirs to judge.
    expect([
      rucHas11Digits({ documentType: '1', documentNumber: '46027896' }),
      rucHas11Digits({ documentType: '6' }),
      dniHas8Digits({ documentType: '6', documentNumber: '20131312955' }),
      dniHas8Digits({ documentType: '1' }),
    ]).toEqual([true, true, true, true]);
  });

  it('metadata has at most 20 keys, counted as zod counts those of its copy', () => {
    const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 'v']));
    expect([hasAtMost20Keys(keys(0)), hasAtMost20Keys(keys(20)), hasAtMost20Keys(keys(21))]).toEqual([true, true, false]);
    // As zod counts the keys of the copy it refines: an own `__proto__` (JSON.parse makes one) is not copied, an inherited key is.
    const ownProto = JSON.parse(JSON.stringify({ ...keys(20), ['__proto__']: 'v' })) as object;
    expect([Object.keys(ownProto).length, hasAtMost20Keys(ownProto), hasAtMost20Keys(Object.assign(Object.create({ inherited: 'v' }) as object, keys(20)))]).toEqual([
      21,
      true,
      false,
    ]);
  });

  it('a document issued elsewhere that a nota modifies is a factura or a boleta', () => {
    expect(['01', '03', '07', '08', '', '1'].map(isFacturaOrBoleta)).toEqual([true, true, false, false, false, false]);
  });

  it('a nota (07, 08) names the document it modifies; a factura or boleta needs not', () => {
    const reference = { documentId: 'doc_1', reason: '01' };
    expect(['07', '08', '01', '03'].map((type) => noteHasReference({ type }))).toEqual([false, false, true, true]);
    expect(['07', '08'].map((type) => noteHasReference({ type, reference }))).toEqual([true, true]);
  });

  it('a nota de débito gives a catálogo 10 reason, never one of catálogo 09 alone', () => {
    const debit = (reason: string) => debitNoteHasDebitReason({ type: '08', reference: { reason } });
    expect(['01', '02', '03', '11', '12'].map(debit)).toEqual([true, true, true, true, true]);
    expect(['04', '05', '06', '07', '13'].map(debit)).toEqual([false, false, false, false, false]);
    expect([debitNoteHasDebitReason({ type: '07', reference: { reason: '13' } }), debitNoteHasDebitReason({ type: '08' })]).toEqual([true, true]);
  });

  it('a due date is not before the issue date; either alone passes', () => {
    expect([
      dueDateNotBeforeIssueDate({ type: '01', issueDate: '2026-05-04', dueDate: '2026-05-03' }),
      dueDateNotBeforeIssueDate({ type: '01', issueDate: '2026-05-04', dueDate: '2026-05-04' }),
      dueDateNotBeforeIssueDate({ type: '01', issueDate: '2026-05-04' }),
      dueDateNotBeforeIssueDate({ type: '01', dueDate: '2026-05-03' }),
    ]).toEqual([false, true, true, true]);
  });

  it('a webhook URL is https://, or http:// on a loopback host, and parses', () => {
    expect(
      ['https://erp.example.pe/hooks', 'http://localhost:3000/x', 'http://127.0.0.1/x', 'http://example.pe/x', 'ftp://example.pe', 'not a url', ''].map(isSecureURLText),
    ).toEqual([true, true, true, false, false, false, false]);
  });
});
