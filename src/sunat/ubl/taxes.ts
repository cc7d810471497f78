/**
 * `cac:TaxTotal`: the document's, with one `cac:TaxSubtotal` per tax scheme its lines use
 * (SUNAT's ERR 2638), and each line's, with its `cac:TaxCategory` (percent and catálogo 07
 * affectation), the ISC subtotal of a line with an ISC (its system in `TierRange`) and the
 * ICBPER subtotal of a line of plastic bags.
 *
 * @module
 */
import { format, scale } from '../decimal.js';
import { ownValue } from '../own.js';
import { FREE_TAXED_AFFECTATIONS, icbperPerUnit, isFree, IVAP_AFFECTATION, IVAP_SCALED, type LineAmounts, type TotalsAmounts } from '../document/compute.js';
import { LISTS, TAX_CATEGORY_ID, TAX_SCHEME_ID, TAX_SCHEMES, type TaxScheme } from './lists.js';
import { decimal, type Element, node, percent, text } from './xml.js';

/** What kind of line a catálogo 07 affectation makes, and under which tax scheme it is declared. */
export type LineKind = {
  /** The scheme of the line's `TaxSubtotal`. */
  readonly scheme: TaxScheme;
  /** The line carries IGV at the issuer's rate (10-16): its `Percent` is that rate; IVAP's (4) on `17`; else 0. */
  readonly taxed: boolean;
};

/** The onerous affectations and their schemes: gravado, IVAP, exonerado, inafecto, exportación. */
const ONEROUS: Readonly<Record<string, TaxScheme>> = {
  '10': TAX_SCHEMES.igv,
  [IVAP_AFFECTATION]: TAX_SCHEMES.ivap,
  '20': TAX_SCHEMES.exempt,
  '30': TAX_SCHEMES.unaffected,
  '40': TAX_SCHEMES.export,
};

/** The kind of line of a filled catálogo 07 affectation; a `RangeError` for a code catálogo 07 does not have. */
export function lineKind(affectation: string): LineKind {
  const taxed = affectation === '10' || FREE_TAXED_AFFECTATIONS.includes(affectation);
  if (isFree(affectation)) return { scheme: TAX_SCHEMES.free, taxed };
  const scheme = ownValue(ONEROUS, affectation);
  if (!scheme) throw new RangeError(`igvAffectation ${affectation} is not one the sandbox renders (catálogo 07: 10-17, 20, 21, 30-37, 40)`);
  return { scheme, taxed };
}

const taxScheme = (scheme: TaxScheme): Element =>
  node('cac:TaxScheme', text('cbc:ID', scheme.id, TAX_SCHEME_ID), text('cbc:Name', scheme.name), text('cbc:TaxTypeCode', scheme.typeCode));

const money = (name: string, value: bigint, currency: string) => text(name, format(value), { currencyID: currency });

/**
 * The document's `cac:TaxTotal`: TaxAmount = IGV + ISC + IVAP + ICBPER (3294; the IGV of free
 * lines is declared under 9996 but nobody pays it), then one `TaxSubtotal` per scheme of
 * `schemesUsed`, each with its base (TaxableAmount; none for ICBPER, a tax per bag) and its tax.
 */
export function documentTaxTotal(totals: TotalsAmounts, schemesUsed: ReadonlySet<string>, currency: string): Element {
  const rows: [TaxScheme, bigint | undefined, bigint][] = [
    [TAX_SCHEMES.igv, totals.taxable, totals.igv],
    [TAX_SCHEMES.ivap, totals.ivapBase, totals.ivap],
    [TAX_SCHEMES.isc, totals.iscBase, totals.isc],
    [TAX_SCHEMES.export, totals.export, 0n],
    [TAX_SCHEMES.exempt, totals.exempt, 0n],
    [TAX_SCHEMES.unaffected, totals.unaffected, 0n],
    [TAX_SCHEMES.free, totals.free, totals.freeIgv],
    [TAX_SCHEMES.icbper, undefined, totals.icbper],
  ];
  return node(
    'cac:TaxTotal',
    money('cbc:TaxAmount', totals.igv + totals.isc + totals.ivap + totals.icbper, currency),
    rows
      .filter(([scheme]) => schemesUsed.has(scheme.id))
      .map(([scheme, taxable, tax]) =>
        node(
          'cac:TaxSubtotal',
          taxable !== undefined && money('cbc:TaxableAmount', taxable, currency),
          money('cbc:TaxAmount', tax, currency),
          node('cac:TaxCategory', taxScheme(scheme)),
        ),
      ),
  );
}

/** What a line's `cac:TaxTotal` needs. */
export type LineTaxes = {
  /** The line's amounts: its affectation, LineExtensionAmount (on a free line, valor referencial × quantity), IGV and ICBPER. */
  amounts: LineAmounts;
  /** The line's quantity (the bags on an ICBPER line) and its catálogo 03 unit. */
  quantity: number;
  unitCode: string;
  /** The issuer's IGV rate scaled by 10^10. */
  taxRate: bigint;
  currency: string;
};

/**
 * A line's `cac:TaxTotal`: TaxAmount = its schemes 1000, 1016, 2000 and 7152 (3292: a free line's
 * IGV, under 9996, is not part of it); the ISC subtotal (`TierRange`, its catálogo 08 system);
 * the IGV (or IVAP) subtotal under the scheme of its affectation (`Percent`,
 * `TaxExemptionReasonCode`), its base the line's value plus its ISC (3272); for bags the ICBPER
 * subtotal with `BaseUnitMeasure` (the bags, 3236-3237) and `PerUnitAmount` (ICBPER / bags).
 */
export function lineTaxTotal({ amounts, quantity, unitCode, taxRate, currency }: LineTaxes): Element {
  const kind = lineKind(amounts.affectation);
  const { isc } = amounts;
  const iscSubtotal =
    isc !== undefined &&
    node(
      'cac:TaxSubtotal',
      money('cbc:TaxableAmount', isc.base, currency),
      money('cbc:TaxAmount', isc.amount, currency),
      node(
        'cac:TaxCategory',
        text('cbc:ID', TAX_SCHEMES.isc.category, TAX_CATEGORY_ID),
        text('cbc:Percent', percent(isc.rate)),
        text('cbc:TierRange', isc.system),
        taxScheme(TAX_SCHEMES.isc),
      ),
    );
  const rate = amounts.affectation === IVAP_AFFECTATION ? percent(IVAP_SCALED) : kind.taxed ? percent(taxRate) : '0.00';
  const igvSubtotal = node(
    'cac:TaxSubtotal',
    money('cbc:TaxableAmount', amounts.igvBase, currency),
    money('cbc:TaxAmount', amounts.igv, currency),
    node(
      'cac:TaxCategory',
      text('cbc:ID', kind.scheme.category, TAX_CATEGORY_ID),
      text('cbc:Percent', rate),
      text('cbc:TaxExemptionReasonCode', amounts.affectation, LISTS.affectation),
      taxScheme(kind.scheme),
    ),
  );
  const icbperSubtotal =
    amounts.icbper > 0n &&
    node(
      'cac:TaxSubtotal',
      money('cbc:TaxAmount', amounts.icbper, currency),
      text('cbc:BaseUnitMeasure', decimal(quantity, 'quantity'), { unitCode }),
      node('cac:TaxCategory', money('cbc:PerUnitAmount', icbperPerUnit(amounts.icbper, scale(quantity, 'quantity')), currency), taxScheme(TAX_SCHEMES.icbper)),
    );
  return node('cac:TaxTotal', money('cbc:TaxAmount', amounts.taxAmount, currency), iscSubtotal, igvSubtotal, icbperSubtotal);
}
