/**
 * The registry of SUNAT's codes the rules report, each written once: the field it points at (a
 * path with `*` for an index; several when the code covers several fields), the rule in English
 * (`message`, worded with the values the rule passes), for an observation the note in Spanish as
 * the CDR words it (`note`), and the schema's refusals of a field the code covers (`schema`: the
 * service answers those with the code too, `sunatCodeOfField`). SUNAT's own Spanish description of
 * each code is in `sunat/return-codes.ts`, where `describeAuthorityCode` reads it as well.
 *
 * The codes are SUNAT's (its "Ajustes y validaciones CPE" workbook and validation stylesheets):
 * `ERR` below 4000 refuse a document, `OBS` from 4000 note one SUNAT accepts.
 *
 * @module
 */

/** A code's words: fixed, or worded with the values the rule passes. */
export type Words<D> = string | ((details: D) => string);

/** One code of the registry. */
export interface CodeEntry<D = void> {
  /** The field(s) the code points at, as paths with `*` for an index (`items.*.igv`). */
  readonly field: string | readonly string[];
  /** The rule (for an observation, what SUNAT observes) in English. */
  readonly message: Words<D>;
  /** An observation's note in Spanish, as SUNAT's answer (the CDR) carries it. */
  readonly note?: Words<D>;
  /** Fields whose shape the create body's schema checks and this code covers: the service reports their refusal with it. */
  readonly schema?: readonly string[];
  /** With `schema`: the code of the field missing (or empty, as SUNAT's stylesheets read it), or malformed; both when absent. */
  readonly when?: 'missing' | 'invalid';
}

const entry = <D = void>(code: CodeEntry<D>): CodeEntry<D> => code;

const join = (codes: readonly string[]) => codes.join(', ');

/** The words of 3136-3145: a line of an export of lodging (0202) or of a tour package (0205) without the guest's `what`. */
const guestData = (d: { code: string; operationType: string | undefined }, what: string) =>
  `a line of ${d.operationType === '0205' ? 'an export of a tour package (0205)' : 'an export of lodging to a non-resident (0202)'} carries ${what} as the item attribute of catálogo 55 code ${d.code}`;

/** The words of 3063 and 3130-3134: a line of a sale of hydrobiological resources (1002) without the catch's `what`. */
const catchData = (d: { code: string }, what: string) =>
  `a line of a sale of hydrobiological resources under detracción (1002) carries ${what} as the item attribute of catálogo 55 code ${d.code}`;

/** The words of 3150-3155: a line of a mortgage loan (SUNAT product 84121901) without the loan's `what`. */
const mortgage = (d: { code: string }, what: string) =>
  `a line of a mortgage loan (SUNAT product 84121901) carries ${what} as an item attribute of catálogo 55 (code ${d.code})`;

/** The words of 3146-3149: a line of a sale to the State with some of the four codes 5000-5003 but not `what`. */
const stateSupplier = (d: { code: string }, what: string) =>
  `a line of a sale to the State carries the four item attributes 5000 to 5003 or none: it lacks ${what} (code ${d.code})`;

/** A catálogo 53 adjustment's level, as the messages name it. */
type AdjustmentKind = 'line discount' | 'line charge' | 'global discount' | 'global charge';

/**
 * The code of an amount SUNAT's stylesheets read in the format `^[0-9]{1,12}(\.[0-9]{1,2})?$` (at
 * most 12 integer digits; the quantity and unit value take 10 decimals), past it: `what` of the field.
 */
const digits = (field: string, what: string) =>
  entry({ field, message: (d: { amount: string }) => `${what} (${d.amount}) has more than 12 integer digits: SUNAT's amounts are at most 999999999999.99` });

/** Every code the rules report, by SUNAT's code. */
export const CODES = {
  '1001': entry({
    field: 'series',
    message: (d: { type: string }) => `does not fit document type ${d.type}: facturas take an F series, boletas a B, notes the letter of the document they modify`,
  }),
  '1079': entry({
    field: 'issueDate',
    message: (d: { days: number; today: string; deadline: number }) =>
      `is ${d.days} days before today in Lima (${d.today}): SUNAT takes a boleta or a nota of one within ${d.deadline} calendar days of its issue date; issue it with today's date`,
  }),
  '2022': entry({
    field: 'customer.name',
    message: (d: { document: 'factura' | 'boleta' | 'nota' }) =>
      d.document === 'nota'
        ? 'a nota names its customer in 3 to 1000 characters on one line, not starting with a space'
        : `a ${d.document} names its customer in 3 to 1500 characters on one line, not starting with a space`,
    note: 'El nombre del cliente no tiene de 3 a 1000 caracteres en una línea, sin espacio al inicio',
  }),
  '2025': digits('items.*.quantity', "a line's quantity"),
  '2027': entry({ field: 'items.*.description', message: (d: { max: number }) => `a line's description is 1 to ${d.max} characters, not only spaces` }),
  '2031': digits('items', "the document's value of sale"),
  '2033': digits('items.*.igv', "a line's IGV"),
  '2041': entry({
    field: 'items.*.isc.system',
    schema: ['items.*.isc.system'],
    when: 'invalid',
    message: (d: { system?: string }) =>
      `an ISC's system is a catálogo 08 code: 01 (al valor), 02 (específico) or 03 (al precio de venta al público)${d.system === undefined ? '' : `, got ${d.system}`}`,
  }),
  '2048': digits('items', "the document's IGV"),
  '2062': digits('items', "the document's total"),
  '2064': digits('charges', "the document's charges"),
  '2105': entry({
    field: '',
    message: (d: { fullNumber: string; status: string }) => `${d.fullNumber} is ${d.status}: SUNAT has not registered it, so there is nothing to void yet`,
  }),
  '2108': entry({
    field: 'issueDate',
    message: (d: { days: number; today: string; deadline: number }) =>
      `is ${d.days} days before today in Lima (${d.today}): SUNAT takes a factura or a nota of one within ${d.deadline} calendar days of its issue date; issue it with today's date`,
  }),
  '2117': entry({
    field: 'reference.fullNumber',
    schema: ['reference.fullNumber'],
    message: (d: { type: string | undefined }) =>
      `the number of a ${d.type === '03' ? 'boleta is B' : 'factura is F'} + 3 letters or digits (or a 4-digit contingency series), a dash, and 1 to 8 digits`,
  }),
  '2135': entry({ field: 'reference.description', message: "a nota's sustento is 2 to 500 characters on one line, not starting with a space" }),
  '2139': digits('items.*.quantity', "a nota line's quantity"),
  '2172': entry({
    field: 'reference.reason',
    schema: ['reference.reason'],
    message: (d: { type: string; reasons: readonly string[] }) =>
      `a nota de ${d.type === '07' ? 'crédito takes a catálogo 09' : 'débito takes a catálogo 10'} reason: ${join(d.reasons)}`,
  }),
  '2323': entry({
    field: '',
    message: (d: { fullNumber: string; status: string }) => `${d.fullNumber} is already ${d.status}: a document is voided once`,
  }),
  '2329': entry({
    field: 'issueDate',
    message: (d: { days: number; today: string; most: number }) =>
      `is ${d.days} days after today in Lima (${d.today}): SUNAT takes an issue date at most ${d.most} days ahead`,
  }),
  '2364': entry({ field: 'despatches.*', message: 'a guía de remisión is listed once' }),
  '2365': entry({ field: 'relatedDocuments.*', message: 'a related document is listed once' }),
  '2367': digits('items.*', "a line's price per unit with taxes"),
  '2369': digits('items.*.unitPrice', "a line's unit value"),
  '2373': entry({
    field: 'items.*.isc.system',
    schema: ['items.*.isc.system'],
    when: 'missing',
    message: "a line's ISC names its catálogo 08 system: 01, 02 or 03",
  }),
  '2398': entry({ field: '', message: (d: { fullNumber: string }) => `${d.fullNumber} was rejected by SUNAT: its number is used up, and there is nothing to void` }),
  '2416': entry({ field: 'legends.*.code', message: 'legend 1002 (transferencia gratuita) needs free lines' }),
  '2514': entry({
    field: 'customer.documentType',
    message: (d: { limit: string; total?: string; rate?: string }) =>
      `a boleta above S/ ${d.limit} names its customer: not varios (-)${d.total === undefined ? '' : `; this one is S/ ${d.total} at the exchange rate ${d.rate}`}`,
  }),
  '2521': entry({
    field: 'advances.*.fullNumber',
    message: (d: { number: string; type: '02' | '03' }) =>
      `an advance's ${d.type === '02' ? 'factura (02) is an F series' : 'boleta (03) is a B series'} + 3 letters or digits (or a contingency series of digits), a dash and 1 to 8 digits, not ${d.number}`,
    note: (d: { number: string; type: '02' | '03' }) =>
      `El documento del anticipo (${d.number}) no es una serie ${d.type === '02' ? 'F' : 'B'} de 4 caracteres y un correlativo de 1 a 8 dígitos`,
  }),
  '2524': entry({ field: 'reference', schema: ['reference'], message: 'a nota names the document it modifies' }),
  '2635': entry({ field: 'relatedDocuments', message: 'a nota de crédito of reason 10 (otros conceptos) relates one document of type 99 at most' }),
  '2637': entry({ field: 'relatedDocuments.*.type', message: 'a nota de crédito of reason 10 (otros conceptos) relates documents of type 99 (otros) only' }),
  '2640': entry({ field: 'items.*.unitPrice', message: 'a free line (gratuita) has a unit price of 0: its value goes in referenceValue' }),
  '2641': entry({ field: 'items.*', message: 'a free line (gratuita) of a nota is worth more than 0.00: quantity × valor referencial, to the cent' }),
  '2642': entry({
    field: 'items.*.igvAffectation',
    message: (d: { operationType: string } | { reason: string }) =>
      'reason' in d
        ? `every line of a nota of reason ${d.reason} (ajustes de operaciones de exportación) is of affectation 40`
        : `every paid line of an export (${d.operationType}) is an export line (40); a free line (gratuita) may go with them`,
  }),
  '2644': entry({
    field: 'items.*.igvAffectation',
    message: (d: { reason?: string }) =>
      d.reason === undefined
        ? 'every line of a document with IVAP lines (17, milled rice) is an IVAP line: IGV and IVAP are not charged on one document'
        : `every line of a nota of reason ${d.reason} (ajustes afectos al IVAP) is of affectation 17`,
  }),
  '2650': entry({ field: 'items.*.isc', message: 'a document with IVAP lines (17, milled rice) carries no ISC' }),
  '2750': entry({
    field: '',
    message: (d: { fullNumber: string; status: string }) => `${d.fullNumber} is ${d.status}: SUNAT has no accepted comprobante to revert`,
  }),
  '2751': entry({ field: '', message: (d: { fullNumber: string; status: string }) => `${d.fullNumber} is already ${d.status}: a comprobante is reverted once` }),
  '2797': entry({
    field: ['exchangeRate', 'perception.base'],
    message: (d: { totalPen?: string }) =>
      d.totalPen === undefined
        ? 'a USD document with a percepción gives its exchange rate: the percepción is in PEN'
        : `the base of a percepción is at most the total in PEN (${d.totalPen})`,
  }),
  '2798': entry({
    field: ['perception.rate', 'perception.amount'],
    message: (d: { expected?: string }) =>
      d.expected === undefined ? 'must be a fraction above 0 and below 1 (0.02 is 2%)' : `the percepción is base × rate within 1.00 (${d.expected})`,
  }),
  '2800': entry({
    field: 'customer.documentType',
    message: (
      d: { case: 'varios' } | { case: 'allowed'; operationType: string; allowed: readonly string[] } | { case: 'abroad' | 'ruc'; operationType: string | undefined },
    ) => {
      switch (d.case) {
        case 'varios':
          return 'a factura (01) names its customer: varios (-) is for boletas';
        case 'allowed':
          return `operation type ${d.operationType} takes a customer of type ${join(d.allowed)}`;
        case 'abroad':
          return `an export (${d.operationType}) goes to a customer abroad, without a RUC (6)`;
        case 'ruc':
          return `a factura of operation type ${d.operationType} goes to a RUC customer (6)`;
      }
    },
  }),
  '2957': entry({
    field: '',
    message: (d: { fullNumber: string; issueDate: string; days: number }) =>
      `${d.fullNumber} was issued on ${d.issueDate}, more than ${d.days} calendar days ago: void it with a nota de crédito of reason 01`,
  }),
  '2999': digits('items', "the document's base of a tax"),
  '3006': entry({ field: 'legends.*.text', message: 'a legend is 1 to 200 characters on one line, not starting with a space' }),
  '3014': entry({ field: 'legends.*.code', message: (d: { code: string }) => `legend ${d.code} appears once` }),
  '3019': digits('items', "the document's total with taxes"),
  '3021': digits('items.*', "a line's taxes"),
  '3027': entry({
    field: 'legends.*.code',
    schema: ['legends.*.code'],
    message: (d: { codes: readonly string[] }) => `must be a catálogo 52 legend code: ${join(d.codes)}`,
  }),
  '3031': digits('items.*', "a line's taxable base"),
  '3033': entry({ field: 'detraction.code', schema: ['detraction.code'], message: 'must be a catálogo 54 code of a good or service under detracción, such as 037' }),
  '3034': entry({
    field: ['detraction.account', 'paymentMethods.*.account'],
    schema: ['detraction.account'],
    message: (d: { of: 'detraction' | 'paymentMethod' }) =>
      d.of === 'detraction'
        ? "a detracción names the issuer's account at the Banco de la Nación"
        : 'on a document with a detracción, each medio de pago names the account it is paid into (SUNAT asks every cac:PaymentMeans for one)',
  }),
  '3035': entry({
    field: ['detraction.amount', 'detraction.rate'],
    schema: ['detraction.amount'],
    message: (d: { given: 'amount' | 'rate' }) =>
      d.given === 'amount'
        ? 'a detracción carries its amount in PEN, greater than 0 with at most 2 decimals'
        : 'a detracción without its amount needs its rate, a fraction above 0 and below 1 (0.12 is 12%)',
  }),
  '3063': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => catchData(d, "the vessel's registration") }),
  '3064': entry({
    field: 'items.*.attributes.*.value',
    message: (d: { code: string }) => `an item attribute of catálogo 55 code ${d.code} carries its value`,
  }),
  '3065': entry({
    field: ['items.*.attributes.*.startDate', 'items.*.attributes.*.endDate'],
    message: (d: { code: string }) => `an item attribute of catálogo 55 code ${d.code} is a date: it carries it (${d.code === '4063' ? 'endDate' : 'startDate'})`,
  }),
  '3093': entry({
    field: ['perception', 'perception.code'],
    message: (d: { codes?: readonly string[] }) =>
      d.codes === undefined
        ? 'operation type 2001 is a sale under percepción: a factura in cash (Contado), or a boleta, carries its perception'
        : `must be a percepción regime: ${join(d.codes)}`,
  }),
  '3098': entry({
    field: 'delivery.country',
    message: (d: { operationType: string }) => `on an export of services of operation type ${d.operationType}, the delivery names the country where the service is used`,
  }),
  '3099': entry({
    field: 'delivery.country',
    message: (d: { operationType: string }) => `on an export of services of operation type ${d.operationType}, the country where the service is used is not PE`,
  }),
  '3103': entry({
    field: 'items.*.igv',
    message: (d: { expected: string; rate: string; tax?: 'IVAP'; lineRate?: string | undefined; general?: boolean }) =>
      `should be ${d.expected} at an ${d.tax ?? 'IGV'} rate of ${d.rate}${
        d.lineRate === undefined
          ? ''
          : d.general
            ? `, the issuer's on the issue date, not ${d.lineRate}: a reduced rate (Ley 31556) is for an account in SUNAT's padrón of restaurants and hotels (account.igvReducedRate), on the dates it is in force`
            : `, the reduced rate of SUNAT's padrón on the issue date, not ${d.lineRate}`
      }`,
  }),
  '3104': entry({
    field: ['items.*.isc.rate', 'items.*.isc.amountPerUnit'],
    message: (d: { system: string; field: 'rate' | 'amountPerUnit' }) =>
      d.field === 'rate'
        ? `an ISC of system ${d.system} has its rate, a fraction above 0 and below 1 (0.3 is 30%), and no amountPerUnit`
        : 'an ISC of system 02 (específico) has its amountPerUnit, the ISC of one unit above 0, and no rate',
  }),
  '3105': entry({
    field: 'items.*',
    message: (d: { free: boolean }) =>
      `a line's value (quantity × ${d.free ? 'valor referencial' : 'unit price'}, less its discounts) is above 0.00: a line given without charge is a free line (gratuita, 11-16, 21, 31-37) with its valor referencial`,
  }),
  '3107': entry({ field: ['charges', 'items.*.isc'], message: 'an export carries no taxed amounts: no ISC, no global discounts 02 or charges 49' }),
  '3108': entry({
    field: 'items.*.isc.amount',
    message: (d: { expected: string }) => `a line's ISC is its base × its rate (or its quantity × its amount per unit) within 1.00: ${d.expected}`,
  }),
  '3110': entry({ field: 'items.*.igv', message: (d: { affectation: string }) => `a line of affectation ${d.affectation} carries no IGV: it should be 0.00` }),
  '3111': entry({
    field: 'items.*.igv',
    message: (d: { affectation: string; expected: string; rate: string }) =>
      d.affectation === '17'
        ? `an IVAP line (17) above 0.06 carries its IVAP: it should be ${d.expected} at an IVAP rate of ${d.rate}`
        : `${d.affectation === '10' ? 'a taxed line (10) above 0.06 carries its IGV' : `a free taxed line (${d.affectation}) reports its IGV`}: it should be ${d.expected} at an IGV rate of ${d.rate}`,
  }),
  '3114': entry({
    field: ['items.*.discounts.*.code', 'items.*.charges.*.code', 'discounts.*.code', 'charges.*.code'],
    schema: ['items.*.discounts.*.code', 'items.*.charges.*.code', 'discounts.*.code', 'charges.*.code'],
    message: (d: { level: 'line' | 'document'; list: 'discounts' | 'charges'; codes: readonly string[] }) =>
      `a ${d.level === 'line' ? "line's" : "document's"} ${d.list} take catálogo 53 codes ${join(d.codes)}`,
  }),
  '3116': entry({
    field: ['items.*.cargoTransport', 'items.*.cargoTransport.origin.ubigeo'],
    schema: ['items.*.cargoTransport.origin.ubigeo'],
    when: 'missing',
    message: 'a line of a cargo transport service under detracción (1004) carries its trip: origin, destination, detail and referential values',
  }),
  '3117': entry({
    field: 'items.*.cargoTransport.origin.address',
    schema: ['items.*.cargoTransport.origin.address'],
    when: 'missing',
    message: "a cargo trip's origin carries its address",
  }),
  '3118': entry({
    field: 'items.*.cargoTransport.destination.ubigeo',
    schema: ['items.*.cargoTransport.destination.ubigeo'],
    when: 'missing',
    message: "a cargo trip's destination carries its ubigeo",
  }),
  '3119': entry({
    field: 'items.*.cargoTransport.destination.address',
    schema: ['items.*.cargoTransport.destination.address'],
    when: 'missing',
    message: "a cargo trip's destination carries its address",
  }),
  '3120': entry({
    field: 'items.*.cargoTransport.description',
    schema: ['items.*.cargoTransport.description'],
    when: 'missing',
    message: 'a cargo trip carries its detail (detalle del viaje)',
  }),
  '3122': entry({
    field: ['items.*.cargoTransport.serviceReferenceValue', 'items.*.cargoTransport.effectiveLoadReferenceValue', 'items.*.cargoTransport.nominalLoadReferenceValue'],
    schema: ['items.*.cargoTransport.serviceReferenceValue', 'items.*.cargoTransport.effectiveLoadReferenceValue', 'items.*.cargoTransport.nominalLoadReferenceValue'],
    when: 'missing',
    message: 'a cargo trip carries its three referential values (service, effective load, nominal load), in PEN',
  }),
  '3123': entry({
    field: ['items.*.cargoTransport.serviceReferenceValue', 'items.*.cargoTransport.effectiveLoadReferenceValue', 'items.*.cargoTransport.nominalLoadReferenceValue'],
    schema: ['items.*.cargoTransport.serviceReferenceValue', 'items.*.cargoTransport.effectiveLoadReferenceValue', 'items.*.cargoTransport.nominalLoadReferenceValue'],
    when: 'invalid',
    message: 'a referential value of a cargo trip is an amount of up to 12 digits and 2 decimals',
  }),
  '3127': entry({
    field: 'detraction',
    message: (d: { operationType: string }) => `operation type ${d.operationType} is a sale under detracción: it carries its detraction`,
  }),
  '3128': entry({
    field: 'operationType',
    message: (d: { operations: readonly string[]; operationType: string | undefined }) =>
      `only operation types ${join(d.operations)} carry a detracción, not ${d.operationType ?? 'a nota'}`,
  }),
  '3129': entry({
    field: 'detraction.code',
    message: (d: { operationType: string; code: string }) => `operation type ${d.operationType} takes the detracción code ${d.code}`,
  }),
  '3130': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => catchData(d, "the vessel's name") }),
  '3131': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => catchData(d, 'the species sold') }),
  '3132': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => catchData(d, 'where it was unloaded') }),
  '3133': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => catchData(d, 'the tonnes sold') }),
  '3134': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => catchData(d, 'the date it was unloaded') }),
  '3135': entry({
    field: ['items.*.attributes.*.duration', 'items.*.attributes.*.quantity'],
    message: (d: { code: string }) =>
      d.code === '4005'
        ? 'the days of stay (catálogo 55 code 4005) carry their number as duration'
        : 'the species sold (catálogo 55 code 3006) carries its tonnes as quantity',
  }),
  '3136': entry({
    field: 'items.*.attributes',
    message: (d: { code: string; operationType: string | undefined }) => guestData(d, "the guest's identity document number"),
  }),
  '3137': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => guestData(d, "the guest's identity document type") }),
  '3138': entry({
    field: 'items.*.attributes',
    message: (d: { code: string; operationType: string | undefined }) => guestData(d, "the country that issued the guest's passport"),
  }),
  '3139': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => guestData(d, "the guest's name") }),
  '3140': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => guestData(d, "the guest's country of residence") }),
  '3141': entry({
    field: 'items.*.attributes',
    message: (d: { code: string; operationType: string | undefined }) => guestData(d, "the guest's date of entry into the country"),
  }),
  '3142': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => guestData(d, 'the check-in date') }),
  '3143': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => guestData(d, 'the check-out date') }),
  '3144': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => guestData(d, 'the date of consumption') }),
  '3145': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => guestData(d, 'the days of stay') }),
  '3146': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => stateSupplier(d, 'the file number (expediente)') }),
  '3147': entry({
    field: 'items.*.attributes',
    message: (d: { code: string; operationType: string | undefined }) => stateSupplier(d, 'the executing unit (unidad ejecutora)'),
  }),
  '3148': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => stateSupplier(d, 'the selection process') }),
  '3149': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => stateSupplier(d, 'the contract number') }),
  '3150': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => mortgage(d, 'its type (7001)') }),
  '3151': entry({
    field: 'items.*.attributes',
    message: (d: { code: string; operationType: string | undefined }) => mortgage(d, "the property's registry entry (7003)"),
  }),
  '3152': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => mortgage(d, 'the contract number (7004)') }),
  '3153': entry({
    field: 'items.*.attributes',
    message: (d: { code: string; operationType: string | undefined }) => mortgage(d, 'the date the loan was granted (7005)'),
  }),
  '3154': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => mortgage(d, "the property's ubigeo (7006)") }),
  '3155': entry({ field: 'items.*.attributes', message: (d: { code: string; operationType: string | undefined }) => mortgage(d, "the property's address (7007)") }),
  '3172': entry({
    field: 'items.*.attributes.*.startTime',
    message: (d: { code: string }) => `an item attribute of catálogo 55 code ${d.code} is a time: it carries it as startTime (HH:MM:SS)`,
  }),
  '3174': entry({
    field: ['detraction.paymentMethod', 'paymentMethods.*.code'],
    schema: ['detraction.paymentMethod', 'paymentMethods.*.code'],
    message: 'must be a catálogo 59 means of payment such as 001 (depósito en cuenta)',
  }),
  '3181': entry({
    field: 'items.*.sunatProductCode',
    message: (d: { products: readonly string[] }) => `a line of gastos deducibles (0112) is of SUNAT product ${d.products.join(' or ')}, or has none`,
  }),
  '3201': entry({
    field: 'items.*.gtin',
    message: (d: { gtin: string }) => `a GTIN is 8, 12, 13 or 14 digits (GTIN-8, UPC-A, EAN-13, GTIN-14), not ${JSON.stringify(d.gtin)}`,
  }),
  '3205': entry({
    field: 'operationType',
    schema: ['operationType'],
    when: 'missing',
    message: 'a factura or boleta names its operation type (catálogo 51), or leaves it out for the default',
  }),
  '3206': entry({
    field: 'operationType',
    schema: ['operationType'],
    when: 'invalid',
    message: (d: { operationType?: string }) =>
      d.operationType === undefined
        ? 'a nota carries no operation type: it follows the document it modifies'
        : `must be a catálogo 51 operation type such as 0101, got ${d.operationType}`,
  }),
  '3208': entry({ field: 'exchangeRate', message: 'a USD document with a detracción gives its exchange rate: the detracción is in PEN' }),
  '3212': entry({
    field: 'advances.*.amount',
    message: (d: { amount: string }) =>
      `two advances of the same amount (${d.amount}): SUNAT tells the payments deducted apart by their amounts, so it refuses a second one (and the same advance deducted twice)`,
  }),
  '3216': entry({
    field: 'relatedDocuments.*.type',
    message: (d: { type: string }) =>
      `a related document of type ${d.type} is an advance (anticipo): SUNAT refuses it without its payment; list it in advances, with the amount it paid, and the service deducts it (allowance 04, PrepaidPayment)`,
  }),
  '3218': entry({
    field: 'advances.*.fullNumber',
    message: (d: { fullNumber: string }) => `the advance's document ${d.fullNumber} was not issued: its series has not reached that number`,
  }),
  '3219': entry({
    field: 'advances.*.fullNumber',
    message: (d: { fullNumber: string; status: string }) => `the advance's document ${d.fullNumber} is ${d.status}: SUNAT deducts an advance whose document it accepted`,
  }),
  '3224': entry({
    field: 'items.*.referenceValue',
    message: (d: { affectation: string }) => `a valor referencial is for free lines (11-16, 21, 31-37), not affectation ${d.affectation}`,
  }),
  '3233': entry({ field: 'perception.base', schema: ['perception.base'], message: 'the base of a percepción is greater than 0, with at most 2 decimals' }),
  '3234': entry({ field: 'items.*.referenceValue', message: 'a free line (gratuita) gives its valor referencial per unit, greater than 0' }),
  '3237': entry({
    field: 'items.*.quantity',
    message: (d: { most: number }) => `a line with ICBPER counts its bags in whole numbers, up to ${d.most}`,
  }),
  '3238': entry({
    field: 'items.*.icbper',
    message: (d: { icbper?: string; bags?: string }) =>
      d.icbper === undefined
        ? 'the ICBPER of a line is greater than 0: bags × the amount per bag'
        : `the ICBPER per bag (${d.icbper} ÷ ${d.bags} bags, to the cent) is greater than 0`,
  }),
  '3239': entry({
    field: 'establishmentCode',
    schema: ['establishmentCode'],
    message: (d: { code: string; establishments: readonly string[] | undefined }) =>
      d.establishments === undefined || !/^\d{4}$/.test(d.code)
        ? `an establishment is SUNAT's code of 4 digits, such as 0000 (the fiscal address), not ${JSON.stringify(d.code)}`
        : `${d.code} is not an establishment of the account: it has ${d.establishments.length === 0 ? 'none' : join(d.establishments)}`,
  }),
  '3243': entry({
    field: ['items.*.attributes.*.startDate', 'items.*.attributes.*.endDate'],
    message: (d: { code: string }) => `an item attribute of catálogo 55 code ${d.code} is a period: it carries its startDate and endDate`,
  }),
  '3244': entry({
    field: 'paymentTerms',
    message: (d: { type: string }) =>
      d.type === '08'
        ? 'a nota de débito carries no forma de pago'
        : 'a nota de crédito carries a forma de pago only with reason 13 (ajustes de montos y/o fechas de pago)',
  }),
  '3245': entry({
    field: 'paymentTerms.type',
    schema: ['paymentTerms.type'],
    when: 'missing',
    message: 'a forma de pago names its type: cash (Contado) or credit (Crédito)',
  }),
  '3246': entry({
    field: ['paymentTerms.type', 'paymentTerms.installments'],
    schema: ['paymentTerms.type'],
    when: 'invalid',
    message: (d: { most?: number }) =>
      d.most === undefined
        ? 'the forma de pago is cash (Contado) or credit (Crédito)'
        : `a sale on credit has at most ${d.most} installments (Cuota001 to Cuota${d.most})`,
  }),
  '3247': entry({ field: 'paymentTerms.installments', message: 'a cash sale (Contado) has no installments: it is paid in full' }),
  '3249': entry({
    field: 'paymentTerms.installments',
    schema: ['paymentTerms.installments'],
    message: 'a sale on credit lists at least one installment (cuota)',
  }),
  '3253': entry({
    field: 'paymentTerms.installments.*.amount',
    schema: ['paymentTerms.installments.*.amount'],
    when: 'invalid',
    message: 'each installment is an amount greater than 0 with at most 2 decimals',
  }),
  '3254': entry({
    field: 'paymentTerms.installments.*.amount',
    schema: ['paymentTerms.installments.*.amount'],
    when: 'missing',
    message: 'each installment has its amount',
  }),
  '3255': entry({
    field: 'paymentTerms.installments.*.dueDate',
    schema: ['paymentTerms.installments.*.dueDate'],
    when: 'invalid',
    message: 'an installment is due on a calendar date YYYY-MM-DD',
  }),
  '3256': entry({
    field: 'paymentTerms.installments.*.dueDate',
    schema: ['paymentTerms.installments.*.dueDate'],
    when: 'missing',
    message: 'each installment has its due date',
  }),
  '3257': entry({
    field: 'paymentTerms',
    message: 'a nota de crédito of reason 13 (ajustes de montos y/o fechas de pago) carries the new forma de pago: credit with its installments',
  }),
  '3259': entry({
    field: ['reference.type', 'reference.documentId'],
    message: (d: { byId?: boolean }) =>
      d.byId
        ? 'a nota de crédito of reason 13 modifies a factura (01)'
        : 'a nota de crédito of reason 13 modifies a factura (01) sold on credit: a boleta has no forma de pago',
  }),
  '3260': entry({
    field: 'reference.documentId',
    message: (d: { fullNumber: string }) => `a nota de crédito of reason 13 modifies a factura sold on credit; ${d.fullNumber} was paid in cash`,
  }),
  '3262': entry({ field: 'customer.documentType', message: 'a retención is informed to a customer with a RUC (6), an agente de retención' }),
  '3263': entry({
    field: ['retention.rate', 'retention.amount'],
    message: (d: { expected?: string }) =>
      d.expected === undefined ? 'the retención del IGV is at 0.03 or 0.06 (catálogo 23)' : `the retención is base × rate within 1.00 (${d.expected})`,
  }),
  '3264': entry({ field: 'retention.base', message: (d: { total: string }) => `the base of a retención is an amount above 0 and at most the total (${d.total})` }),
  '3265': entry({ field: 'paymentTerms.installments', message: (d: { total: string }) => `the installments add up to at most the total ${d.total}` }),
  '3266': entry({ field: 'paymentTerms.installments.*.amount', message: (d: { total: string }) => `an installment is at most the total ${d.total}` }),
  '3267': entry({ field: 'paymentTerms.installments.*.dueDate', message: (d: { issueDate: string }) => `an installment is due after the issue date ${d.issueDate}` }),
  '3270': entry({
    field: 'items.*',
    message: "a nota de débito's price per unit is its value and taxes ÷ quantity, within 1.00: it takes no line discounts 01 nor charges 48",
  }),
  '3271': entry({ field: 'items.*', message: "a nota's line is worth its unit value × quantity, within 1.00: it takes no line discounts 00 nor charges 47" }),
  '3272': entry({
    field: 'items.*.isc',
    message: (d: { affectation: string }) =>
      `an ISC raises the line's IGV base (its value plus its ISC): it goes on a taxed line (10-16), not on one of affectation ${d.affectation}`,
  }),
  '3274': entry({
    field: 'advances',
    message: 'the advances of unaffected sales deducted (allowance 06) do not exceed the unaffected lines (30) they are deducted from',
  }),
  '3275': entry({
    field: 'advances',
    message: 'the advances of exonerated sales deducted (allowance 05) do not exceed the exonerated lines (20) they are deducted from',
  }),
  '3277': entry({
    field: ['discounts', 'advances'],
    message: (d: { nota: boolean; advances?: boolean }) =>
      d.nota
        ? "a nota's taxed total is its lines' values, within 1.00: it takes no global discounts 02 nor charges 49"
        : d.advances
          ? 'global discounts of code 02 and the advances deducted (allowance 04: their value without IGV) do not exceed the taxed base'
          : 'global discounts of code 02 do not exceed the taxed base',
  }),
  '3280': entry({
    field: 'discounts',
    message: (d: { nota: boolean }) =>
      d.nota ? "a nota's total is its values, taxes and charges, within 1.00: it takes no discounts 01 nor 03" : 'the discounts do not exceed the total',
  }),
  '3286': entry({
    field: 'items',
    message: (d: { fullNumber: string; charged: string; credited: string; left: string; total: string }) =>
      `${d.fullNumber} charged ${d.charged} and its notas de crédito already credit ${d.credited}: this one may credit at most ${d.left}, not ${d.total}`,
  }),
  '3290': entry({
    field: ['items.*.discounts', 'items.*.discounts.*.amount', 'items.*.discounts.*.base', 'items.*.charges.*.amount', 'items.*.charges.*.base'],
    message: (d: { case: 'base' } | { case: 'exceeds' } | FactorDetails) => adjustmentWords(d, "a line's discounts (00) do not exceed its value"),
  }),
  '3291': entry({
    field: 'items',
    message: (d: { igv: string; expected: string }) => `the IGV total (${d.igv}) must be within 1.00 of taxable × rate (${d.expected})`,
  }),
  '3295': entry({
    field: 'items',
    message: (d: { ivap: string; expected: string }) => `the IVAP total (${d.ivap}) must be within 1.00 of the IVAP base × 4% (${d.expected})`,
  }),
  '3303': entry({ field: 'rounding', message: 'rounding is from -1.00 to 1.00' }),
  '3307': entry({
    field: ['discounts.*.amount', 'discounts.*.base', 'charges.*.amount', 'charges.*.base'],
    message: (d: { case: 'base' } | FactorDetails) => adjustmentWords(d, ''),
  }),
  '3308': entry({
    field: 'operationType',
    message: (d: { operationType: string | undefined }) => `only operation type 2001 carries a percepción, not ${d.operationType ?? 'a nota'}`,
  }),
  '3315': entry({ field: 'items', message: 'a nota de crédito of reason 13 only changes the payment terms: its total is 0.00' }),
  '3320': entry({
    field: 'paymentTerms.installments',
    message: (d: { fullNumber: string; total: string }) => `the installments add up to at most the total of ${d.fullNumber} (${d.total})`,
  }),
  '3330': entry({ field: 'paymentTerms', message: 'a percepción is charged on cash sales (Contado) only' }),
  '3462': entry({
    field: 'items.*.igv',
    message: (d: { lineRate: string; rate: string; expected: string }) =>
      `every IGV line of a document is at one rate: this line is at ${d.lineRate}, the others at ${d.rate} (it should be ${d.expected})`,
  }),
  '4006': entry({
    field: 'despatches.*.fullNumber',
    message: (d: { number: string }) => `the guía de remisión's number (${d.number}) is not a series and a number, such as T001-123`,
    note: (d: { number: string }) => `El número de la guía de remisión relacionada (${d.number}) no es una serie y un número, como T001-123`,
  }),
  '4009': entry({
    field: 'relatedDocuments.*.type',
    message: (d: { type: string; types: readonly string[] }) =>
      `the related document's type (${d.type}) is not one of the catálogo 12 types this document takes: ${join(d.types)}`,
    note: (d: { type: string; types: readonly string[] }) =>
      `El tipo de documento relacionado (${d.type}) no es uno de los del catálogo 12 que admite este comprobante: ${join(d.types)}`,
  }),
  '4010': entry({
    field: 'relatedDocuments.*.number',
    message: (d: { number: string; min: number; max: number }) =>
      `the related document's number (${d.number}) is not of the shape SUNAT takes: no spaces, ${d.min} to ${d.max} characters`,
    note: (d: { number: string; min: number; max: number }) =>
      `El número del documento relacionado (${d.number}) no tiene la forma que SUNAT admite: sin espacios y de ${d.min} a ${d.max} caracteres`,
  }),
  '4041': entry({
    field: 'delivery.country',
    message: (d: { country: string }) => `SUNAT observes a delivery country other than PE (${d.country}) but on an export of services used abroad (0201, 0208)`,
    note: (d: { country: string }) => `El país de entrega (${d.country}) no es PE`,
  }),
  '4084': entry({
    field: 'items.*.description',
    message: "a nota's line is described in fewer than 3 characters",
    note: 'La descripción de la línea de la nota tiene menos de 3 caracteres',
  }),
  '4208': entry({
    field: 'customer.documentNumber',
    message: (d: { number: string }) => `the customer's identity document number (${d.number}) is not 1 to 15 letters and digits only`,
    note: (d: { number: string }) => `El número del documento de identidad del cliente (${d.number}) no tiene solo letras y dígitos, de 1 a 15`,
  }),
  '4233': entry({
    field: 'purchaseOrder',
    message: (d: { order: string }) => `the orden de compra's number (${d.order}) has characters other than letters and digits`,
    note: (d: { order: string }) => `El número de la orden de compra (${d.order}) tiene caracteres que no son letras ni dígitos`,
  }),
  '4236': entry({
    field: ['delivery.address', 'items.*.cargoTransport.origin.address', 'items.*.cargoTransport.destination.address'],
    message: (d: { min: number; max: number }) => `an address (dirección completa y detallada) is ${d.min} to ${d.max} characters on one line, not starting with a space`,
    note: (d: { min: number; max: number }) => `La dirección no tiene de ${d.min} a ${d.max} caracteres en una línea, sin espacio al inicio`,
  }),
  '4238': entry({
    field: 'delivery.urbanization',
    message: (d: { min: number; max: number }) => `the delivery's urbanization is ${d.min} to ${d.max} characters on one line, not starting with a space`,
    note: (d: { min: number; max: number }) => `La urbanización de entrega no tiene de ${d.min} a ${d.max} caracteres en una línea, sin espacio al inicio`,
  }),
  '4239': entry({
    field: 'delivery.province',
    message: (d: { min: number; max: number }) => `the delivery's province is ${d.min} to ${d.max} characters on one line, not starting with a space`,
    note: (d: { min: number; max: number }) => `La provincia de entrega no tiene de ${d.min} a ${d.max} caracteres en una línea, sin espacio al inicio`,
  }),
  '4240': entry({
    field: 'delivery.department',
    message: (d: { min: number; max: number }) => `the delivery's department is ${d.min} to ${d.max} characters on one line, not starting with a space`,
    note: (d: { min: number; max: number }) => `El departamento de entrega no tiene de ${d.min} a ${d.max} caracteres en una línea, sin espacio al inicio`,
  }),
  '4241': entry({
    field: 'delivery.district',
    message: (d: { min: number; max: number }) => `the delivery's district is ${d.min} to ${d.max} characters on one line, not starting with a space`,
    note: (d: { min: number; max: number }) => `El distrito de entrega no tiene de ${d.min} a ${d.max} caracteres en una línea, sin espacio al inicio`,
  }),
  '4237': entry({
    field: 'items.*.icbper',
    message: (d: { perBag: string; yearly: string }) => `the ICBPER per bag (${d.perBag}) is not the one in force on the issue date (${d.yearly})`,
    note: (d: { perBag: string; yearly: string }) => `El monto por bolsa (${d.perBag}) no es el del ICBPER vigente en la fecha de emisión (${d.yearly})`,
  }),
  '4270': entry({
    field: 'items.*.cargoTransport.description',
    message: "the cargo trip's detail is 3 to 500 characters on one line, not starting with a space",
    note: 'El detalle del viaje no tiene de 3 a 500 caracteres en una línea, sin espacio al inicio',
  }),
  '4287': entry({
    field: 'items.*',
    message: "the line's price per unit is more than 1.00 from its value and taxes ÷ quantity",
    note: 'El precio unitario de la línea difiere en más de 1.00 de su valor de venta más sus tributos entre la cantidad',
  }),
  '4288': entry({
    field: 'items.*',
    message: "the line's value is more than 1.00 from its unit value × quantity",
    note: 'El valor de venta de la línea difiere en más de 1.00 del valor unitario por la cantidad',
  }),
  '4289': entry({
    field: ['items.*.discounts.*', 'items.*.charges.*'],
    message: (d: { list: 'discounts' | 'charges' }) => `the line's ${d.list === 'discounts' ? 'discount' : 'charge'} is more than 1.00 from its base × its factor`,
    note: (d: { list: 'discounts' | 'charges' }) =>
      `El monto del ${d.list === 'discounts' ? 'descuento' : 'cargo'} de la línea difiere en más de 1.00 de su base por su factor`,
  }),
  '4290': entry({
    field: 'items',
    message: (d: { igv: string }) => `the IGV total (${d.igv}) is more than 1.00 from the taxed base × the IGV rate`,
    note: (d: { igv: string }) => `El IGV total (${d.igv}) difiere en más de 1.00 de la base gravada por la tasa del IGV`,
  }),
  '4299': entry({
    field: 'discounts',
    message: "the taxed total is more than 1.00 from the sum of the taxed lines' values",
    note: 'El total de las operaciones gravadas difiere en más de 1.00 de la suma de los valores de venta gravados de las líneas',
  }),
  '4310': entry({
    field: 'items',
    message: (d: { taxInclusive: string }) => `the total with taxes (${d.taxInclusive}) is more than 1.00 from the value of sale plus the taxes computed`,
    note: (d: { taxInclusive: string }) => `El total con impuestos (${d.taxInclusive}) difiere en más de 1.00 del valor de venta más los tributos calculados`,
  }),
  '4312': entry({
    field: 'discounts',
    message: 'the total is more than 1.00 from the values of sale plus the taxes and charges',
    note: 'El importe total difiere en más de 1.00 de los valores de venta más los tributos y los cargos',
  }),
  '4318': entry({
    field: 'items.*.icbper',
    message: (d: { icbper: string; bags: string; perBag: string }) => `the line's ICBPER (${d.icbper}) is not the bags (${d.bags}) × the amount per bag (${d.perBag})`,
    note: (d: { icbper: string; bags: string; perBag: string }) =>
      `El ICBPER de la línea (${d.icbper}) no es la cantidad de bolsas (${d.bags}) por el monto por bolsa (${d.perBag})`,
  }),
  '4320': entry({
    field: 'items.*.unitCode',
    message: (d: { unit: string }) => `plastic bags are counted in units (NIU), not in ${d.unit}`,
    note: (d: { unit: string }) => `Las bolsas plásticas se cuentan en unidades (NIU), no en ${d.unit}`,
  }),
  '4322': entry({
    field: ['discounts.*', 'charges.*'],
    message: (d: { list: 'discounts' | 'charges' }) => `the global ${d.list === 'discounts' ? 'discount' : 'charge'} is more than 1.00 from its base × its factor`,
    note: (d: { list: 'discounts' | 'charges' }) =>
      `El monto del ${d.list === 'discounts' ? 'descuento' : 'cargo'} global difiere en más de 1.00 de su base por su factor`,
  }),
  '4367': entry({
    field: 'reference.reason',
    message: (d: { reason: string }) =>
      `SUNAT observes a nota de crédito of a boleta of reason ${d.reason} (catálogo 09: a global discount, a discount per line or a bonus)`,
    note: (d: { reason: string }) =>
      `SUNAT observa una nota de crédito de una boleta con el motivo ${d.reason} (catálogo 09: descuento global, descuento por ítem o bonificación)`,
  }),
  '4439': entry({
    field: 'items.*.igv',
    message: (d: { rate: string; inForce: readonly string[] }) =>
      `the line's IGV rate (${d.rate}) is not one in force on the issue date (${join(d.inForce)}: the general rate, or the reduced one of SUNAT's padrón of restaurants and hotels)`,
    note: (d: { rate: string; inForce: readonly string[] }) =>
      `La tasa del IGV de la línea (${d.rate}) no es una vigente en la fecha de emisión (${join(d.inForce)}: la general, o la reducida del padrón de restaurantes y hoteles)`,
  }),
};

/** A discount's or charge's amount past 1.00 from its base × its factor (3290, 3307), worded with the values. */
type FactorDetails = { case: 'factor'; kind: AdjustmentKind; code: string; base: string; factor: string; product: string; amount: string };

/** The words of 3290 and 3307: a base not above 0, an amount not base × factor, or (3290) `exceeds`. */
function adjustmentWords(d: { case: 'base' } | { case: 'exceeds' } | FactorDetails, exceeds: string): string {
  switch (d.case) {
    case 'base':
      return 'a discount or charge applies to a base greater than 0: its factor is amount / base';
    case 'exceeds':
      return exceeds;
    case 'factor':
      return `a ${d.kind} (${d.code}) is base × factor within 1.00, the factor (amount ÷ base) rounded to 5 decimals: ${d.base} × ${d.factor} = ${d.product}, not ${d.amount}; give an amount such as ${d.product}, or a base for which amount ÷ base has at most 5 decimals`;
  }
}

/** A code the rules report. */
export type Code = keyof typeof CODES;

/** The values a code's words take (`void` for fixed words). */
export type DetailsOf<C extends Code> = (typeof CODES)[C] extends CodeEntry<infer D> ? D : never;

/** The codes that cover a field's shape, by the field's path with `*` for an index, and whether the field is missing or malformed. */
const SCHEMA_CODES = new Map<string, { missing?: Code; invalid?: Code }>();
for (const [code, rule] of Object.entries(CODES) as [Code, CodeEntry<unknown>][]) {
  for (const field of rule.schema ?? []) {
    const codes = SCHEMA_CODES.get(field) ?? {};
    if (rule.when !== 'invalid') codes.missing = code;
    if (rule.when !== 'missing') codes.invalid = code;
    SCHEMA_CODES.set(field, codes);
  }
}

/**
 * The `sunat_<code>` of the SUNAT rule that covers the field at `path` (`'detraction.account'`,
 * `'items.0.discounts.1.code'`) whose shape a create body's schema refused, or `undefined` when no
 * rule of SUNAT's speaks of its shape. `missing`: the field is absent or empty (SUNAT's stylesheets
 * read an empty value as none), which some rules tell apart from a malformed value (an installment
 * without its due date is 3256, one with a date that is not a date 3255).
 */
export function sunatCodeOfField(path: string, { missing = false }: { missing?: boolean } = {}): `sunat_${string}` | undefined {
  const code = SCHEMA_CODES.get(path.replace(/\.\d+(?=\.|$)/g, '.*'))?.[missing ? 'missing' : 'invalid'];
  return code === undefined ? undefined : `sunat_${code}`;
}
