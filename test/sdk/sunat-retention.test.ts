/**
 * `yupana/sunat` on comprobantes de retención (20) and de percepción (40): the amounts of the
 * contract's formulas worked out by hand (docs/contract.md §5: amount = round2(payment × TC × rate),
 * net = round2(payment × TC) ∓ amount, half up; totals without notas de crédito and the family's
 * own type), and SUNAT's rules, each refusal with its code, the field's path and SUNAT's words.
 */
import { describe, expect, it } from 'vitest';
import type { PerceptionCreateParams } from '../../src/models/perception.js';
import type { RetentionCreateParams } from '../../src/models/retention.js';
import { checkPerception, checkRetention, computePerception, computeRetention } from '../../src/sunat/index.js';
import { agentCents } from '../../src/sunat/retention/compute.js';
import { RETENTION } from '../../src/sunat/retention/families.js';
import { renderRetention } from '../../src/sunat/ubl/retention.js';

const ISSUER = '20123456789';
const TODAY = '2026-11-21';

const invoice = (over: Partial<RetentionCreateParams['documents'][number]> = {}): RetentionCreateParams['documents'][number] => ({
  type: '01',
  number: 'F001-100',
  issueDate: '2026-11-10',
  total: 1000,
  payment: { date: '2026-11-20', amount: 1000 },
  ...over,
});

const retention = (over: Partial<RetentionCreateParams> = {}): RetentionCreateParams => ({
  series: 'R001',
  issueDate: TODAY,
  supplier: { documentType: '6', documentNumber: '20100070970', name: 'PROVEEDOR S.A.' },
  regime: '01',
  documents: [invoice()],
  ...over,
});

const perception = (over: Partial<PerceptionCreateParams> = {}): PerceptionCreateParams => ({
  series: 'P001',
  issueDate: TODAY,
  customer: { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE S.A.' },
  regime: '01',
  documents: [invoice()],
  ...over,
});

/** The code and path of each issue. */
const found = (issues: { code: string; path: (string | number)[] }[]) => issues.map(({ code, path }) => [code, path.join('.')]);

describe('computeRetention', () => {
  it('1,000.00 PEN paid at 3 %: 30.00 withheld, 970.00 paid', () => {
    expect(computeRetention(retention())).toEqual({
      rate: '0.03',
      documents: [{ retainedAmount: '30.00', netPaid: '970.00' }],
      totals: { retained: '30.00', paid: '970.00' },
    });
  });

  it('a USD document at its exchange rate, rounded half up to the cent where a float rounds down', () => {
    // 75.00 × 3.7 = 277.50 PEN; × 3 % = 8.325 exactly → 8.33 (75 * 3.7 * 0.03 is 8.324999… as a float); net 277.50 − 8.33.
    const computed = computeRetention(
      retention({ documents: [invoice({ currency: 'USD', total: 75, payment: { date: '2026-11-20', amount: 75 }, exchangeRate: { rate: 3.7, date: '2026-11-20' } })] }),
    );
    expect(computed.documents).toEqual([{ retainedAmount: '8.33', netPaid: '269.17' }]);
    // 100.00 × 3.755 = 375.50; × 3 % = 11.265 → 11.27; net 364.23.
    const other = computeRetention(
      retention({
        documents: [invoice({ currency: 'USD', total: 100, payment: { date: '2026-11-20', amount: 100 }, exchangeRate: { rate: 3.755, date: '2026-11-20' } })],
      }),
    );
    expect(other.totals).toEqual({ retained: '11.27', paid: '364.23' });
  });

  it('the withheld amount is round2(payment × TC × rate), not the rate of the rounded PEN payment', () => {
    // 0.35 USD × 3.333 = 1.16655 → 1.17 PEN; 1.16655 × 3 % = 0.0349965 → 0.03 (3 % of 1.17 would be 0.0351 → 0.04).
    const { documents } = computeRetention(
      retention({
        documents: [invoice({ currency: 'USD', total: 0.35, payment: { date: '2026-11-20', amount: 0.35 }, exchangeRate: { rate: 3.333, date: '2026-11-20' } })],
      }),
    );
    expect(documents).toEqual([{ retainedAmount: '0.03', netPaid: '1.14' }]);
  });

  it('totals leave out notas de crédito (07) and retentions (20), which still get their own amounts', () => {
    const computed = computeRetention(
      retention({
        documents: [
          invoice(),
          invoice({ type: '07', number: 'F001-7', total: 100, payment: { date: '2026-11-20', amount: 100 } }),
          invoice({ type: '20', number: 'R001-3', total: 200, payment: { date: '2026-11-20', amount: 200 } }),
          invoice({ type: '08', number: 'F001-8', total: 50.5, payment: { date: '2026-11-20', amount: 50.5 } }),
        ],
      }),
    );
    expect(computed.documents).toEqual([
      { retainedAmount: '30.00', netPaid: '970.00' },
      { retainedAmount: '3.00', netPaid: '97.00' },
      { retainedAmount: '6.00', netPaid: '194.00' },
      // 50.50 × 3 % = 1.515 → 1.52.
      { retainedAmount: '1.52', netPaid: '48.98' },
    ]);
    expect(computed.totals).toEqual({ retained: '31.52', paid: '1018.98' });
  });

  it('names what it cannot compute from with a RangeError: a regime that does not exist, a USD document without its rate', () => {
    expect(() => computeRetention(retention({ regime: '09' }))).toThrow(new RangeError('regime 09 is not one of catálogo 23: 01, 02'));
    expect(() => computeRetention(retention({ regime: 'toString' }))).toThrow(RangeError);
    expect(() => computeRetention(retention({ documents: [invoice({ currency: 'USD' })] }))).toThrow(/documents\[0\]\.exchangeRate is required/);
    expect(() => computeRetention(retention({ documents: [invoice({ payment: { date: '2026-11-20', amount: 10.005 } })] }))).toThrow(
      'documents[0].payment.amount must have at most 2 decimals',
    );
  });
});

describe('computePerception', () => {
  it.each([
    ['01', '0.02', '20.00', '1020.00'],
    ['02', '0.01', '10.00', '1010.00'],
    ['03', '0.005', '5.00', '1005.00'],
  ])('regime %s charges %s: 1,000.00 PEN collected → %s perceived, %s cashed', (regime, rate, perceived, cashed) => {
    expect(computePerception(perception({ regime }))).toEqual({
      rate,
      documents: [{ perceivedAmount: perceived, netCashed: cashed }],
      totals: { perceived, cashed },
    });
  });

  it('rounds half up: 333.33 at 0.5 % is 1.66665 → 1.67, a USD collection at its rate, and leaves out 07 and 40 from the totals', () => {
    const computed = computePerception(
      perception({
        regime: '03',
        documents: [
          invoice({ total: 333.33, payment: { date: '2026-11-20', amount: 333.33 } }),
          // 100.00 USD × 3.755 = 375.50; × 0.5 % = 1.8775 → 1.88; cashed 377.38.
          invoice({
            type: '03',
            number: 'B001-9',
            currency: 'USD',
            total: 100,
            payment: { date: '2026-11-19', amount: 100 },
            exchangeRate: { rate: 3.755, date: '2026-11-19' },
          }),
          invoice({ type: '07', number: 'F001-7', total: 100, payment: { date: '2026-11-20', amount: 100 } }),
          invoice({ type: '40', number: 'P001-2', total: 100, payment: { date: '2026-11-20', amount: 100 } }),
        ],
      }),
    );
    expect(computed.documents.map((d) => d.perceivedAmount)).toEqual(['1.67', '1.88', '0.50', '0.50']);
    expect(computed.documents.map((d) => d.netCashed)).toEqual(['335.00', '377.38', '100.50', '100.50']);
    expect(computed.totals).toEqual({ perceived: '3.55', cashed: '712.38' });
  });

  it('refuses a regime of catálogo 23 it does not have', () => {
    expect(() => computePerception(perception({ regime: '04' }))).toThrow(new RangeError('regime 04 is not one of catálogo 22: 01, 02, 03'));
  });
});

describe('checkRetention', () => {
  const check = (body: RetentionCreateParams) => checkRetention(body, { issuerRuc: ISSUER, today: TODAY });

  it('finds nothing in a valid retention, a ticket (12) or a retention (20) among its documents', () => {
    expect(
      check(
        retention({
          documents: [
            invoice(),
            invoice({ type: '12', number: '-MAQ001-4512', issueDate: '2026-10-28', payment: { date: '2026-11-01', amount: 100 } }),
            invoice({ type: '20', number: 'R001-2', issueDate: '2026-10-30' }),
            invoice({ number: '0001-77', payment: { number: 2, date: '2026-11-21', amount: 5 } }),
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('a regime that does not exist is 2618 at regime, with SUNAT’s words', () => {
    expect(check(retention({ regime: '03' }))).toEqual([
      {
        code: 'sunat_2618',
        path: ['regime'],
        message: 'regime 03 is not a régimen de retención of catálogo 23: use 01 (3 %)',
        sunatDescription: 'El régimen retención enviado no corresponde con su condición de Agente de retención.',
      },
    ]);
  });

  it('regime 02 (6 %) only for documents issued up to 2014-02-28 (2985)', () => {
    const old = invoice({ issueDate: '2014-02-28' });
    expect(check(retention({ regime: '02', documents: [old] }))).toEqual([]);
    expect(found(check(retention({ regime: '02', documents: [old, invoice({ number: 'F001-101', issueDate: '2014-03-01' })] })))).toEqual([
      ['sunat_2985', 'documents.1.issueDate'],
    ]);
  });

  it('a rate other than the regime’s is 2619; the regime’s own, however written, passes', () => {
    expect(found(check(retention({ rate: 0.06 })))).toEqual([['sunat_2619', 'rate']]);
    expect(check(retention({ rate: 0.06 }))[0]?.message).toBe('the rate of retención regime 01 is 0.03: leave rate out or send 0.03');
    expect(check(retention({ rate: 0.03 }))).toEqual([]);
    expect(check(retention({ regime: '02', rate: 0.06, documents: [invoice({ issueDate: '2014-01-02' })] }))).toEqual([]);
  });

  it('the supplier being the issuer is 2620 at supplier.documentNumber', () => {
    const issues = check(retention({ supplier: { documentType: '6', documentNumber: ISSUER, name: 'YO MISMO S.A.' } }));
    expect(found(issues)).toEqual([['sunat_2620', 'supplier.documentNumber']]);
    expect(issues[0]?.sunatDescription).toBe('El Proveedor no puede ser el mismo que el Emisor del comprobante de retención.');
    // Without the issuer's RUC, the rule cannot be run.
    expect(checkRetention(retention({ supplier: { documentType: '6', documentNumber: ISSUER, name: 'X' } }), { today: TODAY })).toEqual([]);
  });

  it('a payment outside the month of the issue date is 2661', () => {
    const issues = check(retention({ documents: [invoice({ issueDate: '2026-10-10', payment: { date: '2026-10-31', amount: 1000 } })] }));
    expect(found(issues)).toEqual([['sunat_2661', 'documents.0.payment.date']]);
    expect(issues[0]?.message).toBe('every payment is dated in the month of the issue date (2026-11): 2026-10-31 is not');
  });

  it('a payment before the document’s own date, or after the issue date, is 2625', () => {
    expect(found(check(retention({ documents: [invoice({ issueDate: '2026-11-15', payment: { date: '2026-11-14', amount: 1000 } })] })))).toEqual([
      ['sunat_2625', 'documents.0.payment.date'],
    ]);
    expect(found(check(retention({ issueDate: '2026-11-19' })))).toEqual([['sunat_2625', 'documents.0.payment.date']]);
    // On the document's own date and on the issue date itself, it passes.
    expect(check(retention({ documents: [invoice({ issueDate: '2026-11-21', payment: { date: '2026-11-21', amount: 1000 } })] }))).toEqual([]);
  });

  it('a USD document without its exchange rate is 2749 at its exchangeRate', () => {
    expect(found(check(retention({ documents: [invoice(), invoice({ number: 'F001-101', currency: 'USD' })] })))).toEqual([['sunat_2749', 'documents.1.exchangeRate']]);
  });

  it('a related type the family does not take is 2692, a number SUNAT does not take 2694, a payment number given twice 2626', () => {
    expect(found(check(retention({ documents: [invoice({ type: '03', number: 'B001-1' })] })))).toEqual([
      ['sunat_2692', 'documents.0.type'],
      ['sunat_2694', 'documents.0.number'],
    ]);
    expect(found(check(retention({ documents: [invoice({ number: 'F001-0' })] })))).toEqual([['sunat_2694', 'documents.0.number']]);
    expect(found(check(retention({ documents: [invoice(), invoice({ payment: { number: 1, date: '2026-11-20', amount: 5 } })] })))).toEqual([
      ['sunat_2626', 'documents.1.payment.number'],
    ]);
  });

  it('an issue date more than 7 days before today is 2600; 7 days is not', () => {
    expect(found(check(retention({ issueDate: '2026-11-13', documents: [invoice({ payment: { date: '2026-11-13', amount: 1000 } })] })))).toEqual([
      ['sunat_2600', 'issueDate'],
    ]);
    expect(check(retention({ issueDate: '2026-11-14', documents: [invoice({ payment: { date: '2026-11-14', amount: 1000 } })] }))).toEqual([]);
  });

  it('without an issue date, today is the issue date', () => {
    const { issueDate: _, ...undated } = retention();
    expect(checkRetention(undated, { today: '2026-12-01' }).map((i) => i.code)).toEqual(['sunat_2661']);
    expect(checkRetention(undated, { today: '2026-11-20' })).toEqual([]);
  });
});

describe('checkPerception', () => {
  const check = (body: PerceptionCreateParams) => checkPerception(body, { issuerRuc: ISSUER, today: TODAY });

  it('finds nothing in a valid perception, whose documents may be boletas (03) and perceptions (40)', () => {
    expect(
      check(
        perception({
          regime: '03',
          documents: [invoice(), invoice({ type: '03', number: 'B001-5' }), invoice({ type: '40', number: 'P001-1', issueDate: '2026-10-01' })],
        }),
      ),
    ).toEqual([]);
  });

  it('its own codes: regime 2602, rate 2603, customer 2604, month 2659, day 2612', () => {
    expect(found(check(perception({ regime: '04' })))).toEqual([['sunat_2602', 'regime']]);
    expect(found(check(perception({ regime: '02', rate: 0.02 })))).toEqual([['sunat_2603', 'rate']]);
    expect(check(perception({ regime: '03', rate: 0.005 }))).toEqual([]);
    expect(found(check(perception({ customer: { documentType: '6', documentNumber: ISSUER, name: 'YO' } })))).toEqual([['sunat_2604', 'customer.documentNumber']]);
    expect(found(check(perception({ documents: [invoice({ issueDate: '2026-10-01', payment: { date: '2026-10-30', amount: 1 } })] })))).toEqual([
      ['sunat_2659', 'documents.0.payment.date'],
    ]);
    const issues = check(perception({ documents: [invoice({ issueDate: '2026-11-20', payment: { date: '2026-11-19', amount: 1 } })] }));
    expect(found(issues)).toEqual([['sunat_2612', 'documents.0.payment.date']]);
    expect(issues[0]?.sunatDescription).toMatch(/^La fecha de cobro debe estar entre el primer día calendario del mes/);
  });

  it('a retention (20) is not a document a perception is about (2692), nor an R series one of its numbers (2694)', () => {
    expect(found(check(perception({ documents: [invoice({ type: '20', number: 'R001-1' })] })))).toEqual([
      ['sunat_2692', 'documents.0.type'],
      ['sunat_2694', 'documents.0.number'],
    ]);
  });
});

describe('the words of each refusal', () => {
  const r = (body: RetentionCreateParams) => checkRetention(body, { issuerRuc: ISSUER, today: TODAY });
  const p = (body: PerceptionCreateParams) => checkPerception(body, { issuerRuc: ISSUER, today: TODAY });
  const before = invoice({ issueDate: '2026-11-20', payment: { date: '2026-11-19', amount: 1 } });
  const lastMonth = invoice({ issueDate: '2026-10-01', payment: { date: '2026-10-30', amount: 1 } });
  // Each row checks its body inside its test: a table computed when the file loads would check nothing a test can see.
  it.each([
    [
      '2600',
      () => r(retention({ issueDate: '2026-11-01', documents: [invoice({ issueDate: '2026-11-01', payment: { date: '2026-11-01', amount: 1 } })] })),
      'SUNAT takes a comprobante de retención or percepción at most 7 days after its issue date: 2026-11-01 is more than 7 days before 2026-11-21',
    ],
    ['2602', () => p(perception({ regime: '09' })), 'regime 09 is not a régimen de percepción of catálogo 22: use 01 (2 %), 02 (1 %, combustible) or 03 (0.5 %)'],
    ['2603', () => p(perception({ regime: '03', rate: 0.02 })), 'the rate of percepción regime 03 is 0.005: leave rate out or send 0.005'],
    [
      '2604',
      () => p(perception({ customer: { documentType: '6', documentNumber: ISSUER, name: 'YO' } })),
      'the customer (20123456789) is the issuer itself: a comprobante de percepción is issued to another taxpayer',
    ],
    [
      '2612',
      () => p(perception({ documents: [before] })),
      "a collection is dated from the related document's date (2026-11-20) to the issue date (2026-11-21): 2026-11-19 is not",
    ],
    ['2618', () => r(retention({ regime: '9' })), 'regime 9 is not a régimen de retención of catálogo 23: use 01 (3 %)'],
    [
      '2620',
      () => r(retention({ supplier: { documentType: '6', documentNumber: ISSUER, name: 'YO' } })),
      'the supplier (20123456789) is the issuer itself: a comprobante de retención is issued to another taxpayer',
    ],
    [
      '2625',
      () => r(retention({ documents: [before] })),
      "a payment is dated from the related document's date (2026-11-20) to the issue date (2026-11-21): 2026-11-19 is not",
    ],
    ['2626', () => r(retention({ documents: [invoice(), invoice()] })), 'document F001-100 has payment number 1 twice: number each payment of a document apart'],
    ['2659', () => p(perception({ documents: [lastMonth] })), 'every collection is dated in the month of the issue date (2026-11): 2026-10-30 is not'],
    [
      '2692',
      () => p(perception({ documents: [invoice({ type: '20', number: 'F001-3' })] })),
      'a related document of type 20 is not allowed here: use 01, 03, 12, 07, 08, 40',
    ],
    [
      '2694',
      () => r(retention({ documents: [invoice({ number: 'F1-1' })] })),
      "F1-1 is not a related document's number SUNAT takes: a series (F001, 4 digits, E001...) and a number of up to 8 digits, F001-12",
    ],
    [
      '2749',
      () => r(retention({ documents: [invoice({ currency: 'USD' })] })),
      'a document in USD carries its exchangeRate ({ rate, date }: PEN per USD), which converts its payment to PEN',
    ],
    [
      '2985',
      () => r(retention({ regime: '02', documents: [invoice({ issueDate: '2015-01-05' })] })),
      'a retention at 6 % (regime 02) is only for documents issued up to 2014-02-28: this one is of 2015-01-05; use regime 01 (3 %)',
    ],
  ])('%s says what is wrong with the values it is about', (code, check, message) => {
    const issues = check();
    expect(issues.map((issue) => [issue.code, issue.message])).toEqual([[`sunat_${code}`, message]]);
    expect(issues[0]?.sunatDescription).toEqual(expect.any(String));
  });

  it('a rate that is no decimal at all is not the regime’s (2619)', () => {
    expect(found(checkRetention(retention({ rate: Number.NaN }), { today: TODAY }))).toEqual([['sunat_2619', 'rate']]);
    expect(found(checkRetention(retention({ rate: Number.POSITIVE_INFINITY }), { today: TODAY }))).toEqual([['sunat_2619', 'rate']]);
  });

  it('computing names the exchange rate it cannot read', () => {
    expect(() => computeRetention(retention({ documents: [invoice({ currency: 'USD', exchangeRate: { rate: Number.NaN, date: TODAY } })] }))).toThrow(
      /^documents\[0\]\.exchangeRate\.rate must be a finite decimal/,
    );
  });
});

describe('renderRetention', () => {
  const context = { issuer: { ruc: ISSUER, name: 'AGENTE S.A.' }, fullNumber: 'R001-1', issueDate: TODAY };
  it('writes the issuer’s registered name as its trade name when it has none, and no address when it has none', () => {
    const xml = renderRetention(retention(), agentCents(RETENTION, retention()), context);
    expect(xml).toContain('<cac:PartyName>\n      <cbc:Name>AGENTE S.A.</cbc:Name>');
    expect(xml.match(/<cac:PostalAddress>/g)).toBeNull();
  });

  it('refuses, naming the field, an amount it cannot write to the cent', () => {
    const amounts = agentCents(RETENTION, retention());
    expect(() => renderRetention(retention({ documents: [invoice({ total: 10.005 })] }), amounts, context)).toThrow('documents[0].total must have at most 2 decimals');
    expect(() => renderRetention(retention({ documents: [invoice({ payment: { date: '2026-11-20', amount: 1.001 } })] }), amounts, context)).toThrow(
      'documents[0].payment.amount must have at most 2 decimals',
    );
    const usd = invoice({ currency: 'USD', exchangeRate: { rate: Number.NaN, date: TODAY } });
    expect(() => renderRetention(retention({ documents: [usd] }), amounts, context)).toThrow(/^documents\[0\]\.exchangeRate\.rate must be a finite decimal/);
  });
});
