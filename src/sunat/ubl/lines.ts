/**
 * One `cac:InvoiceLine` (`CreditNoteLine`, `DebitNoteLine`) in SUNAT's structure: quantity and
 * unit, LineExtensionAmount, PricingReference (`01` the price per unit with taxes; `02` the
 * valor referencial of a free line), the line's discounts and charges, its TaxTotal, the Item
 * (your code, SUNAT's product code) and the Price (valor unitario; 0 on a free line).
 *
 * @module
 */
import { format } from '../../sunat/decimal.js';
import type { Item } from '../../models/document.js';
import { type LineAmounts, paidPerUnit } from '../../sunat/document/compute.js';
import { unitCodeOf } from '../../sunat/document/fill.js';
import { allowanceCharge } from './adjustments.js';
import { LISTS, PRODUCT_CODE_LIST, unitCode } from './lists.js';
import { lineTaxTotal } from './taxes.js';
import { decimal, type Element, node, text } from './xml.js';

/** The element names of a line in each root: `InvoiceLine`/`InvoicedQuantity`... */
export type LineNames = { readonly line: string; readonly quantity: string };

/** What {@link renderLine} needs besides the item and its amounts. */
export type LineContext = {
  /** 1-based position. */
  position: number;
  names: LineNames;
  currency: string;
  /** The issuer's IGV rate, a fraction. */
  igvRate: number;
};

/** One line of the document: `amounts` are the line's as `yupana/sunat` computes them. */
export function renderLine(item: Item, amounts: LineAmounts, { position, names, currency, igvRate }: LineContext): Element {
  const unit = unitCodeOf(item);
  const price = amounts.free ? { value: decimal(item.referenceValue ?? 0, 'referenceValue'), type: '02' } : { value: decimal(paidPerUnit(item, amounts)), type: '01' };
  return node(
    `cac:${names.line}`,
    text('cbc:ID', String(position)),
    text(`cbc:${names.quantity}`, decimal(item.quantity, 'quantity'), unitCode(unit)),
    text('cbc:LineExtensionAmount', format(amounts.base), { currencyID: currency }),
    node(
      'cac:PricingReference',
      node('cac:AlternativeConditionPrice', text('cbc:PriceAmount', price.value, { currencyID: currency }), text('cbc:PriceTypeCode', price.type, LISTS.priceType)),
    ),
    [...amounts.discounts, ...amounts.charges].map((adjustment) => allowanceCharge(adjustment, currency)),
    lineTaxTotal({
      affectation: amounts.affectation,
      base: amounts.base,
      igv: amounts.igv,
      icbper: amounts.icbper,
      quantity: item.quantity,
      unitCode: unit,
      igvRate,
      currency,
    }),
    node(
      'cac:Item',
      text('cbc:Description', item.description),
      item.code !== undefined && node('cac:SellersItemIdentification', text('cbc:ID', item.code)),
      item.sunatProductCode !== undefined && node('cac:CommodityClassification', text('cbc:ItemClassificationCode', item.sunatProductCode, PRODUCT_CODE_LIST)),
    ),
    node('cac:Price', text('cbc:PriceAmount', amounts.free ? '0' : decimal(item.unitPrice, 'unitPrice'), { currencyID: currency })),
  );
}
