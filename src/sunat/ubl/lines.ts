/**
 * One `cac:InvoiceLine` (`CreditNoteLine`, `DebitNoteLine`) in SUNAT's structure: quantity and
 * unit, LineExtensionAmount, PricingReference (`01` the price per unit with taxes; `02` the
 * valor referencial of a free line), a cargo trip's Delivery, the line's discounts and charges, its TaxTotal, the Item
 * (your code, its GTIN, SUNAT's product code, its catálogo 55 attributes) and the Price (valor
 * unitario; 0 on a free line).
 *
 * @module
 */
import { format } from '../decimal.js';
import { type LineAmounts, paidPerUnit } from '../document/compute.js';
import type { DraftLine } from '../document/draft.js';
import { allowanceCharge } from './adjustments.js';
import { cargoTrip, itemAttribute, standardItemIdentification } from './details.js';
import { LISTS, PRODUCT_CODE_LIST, unitCode } from './lists.js';
import { lineTaxTotal } from './taxes.js';
import { decimal, type Element, node, text } from './xml.js';

/** The element names of a line in each root: `InvoiceLine`/`InvoicedQuantity`... */
export type LineNames = { readonly line: string; readonly quantity: string };

/** What {@link renderLine} needs besides the line. */
export type LineContext = {
  names: LineNames;
  currency: string;
  /** The issuer's IGV rate scaled by 10^10. */
  taxRate: bigint;
};

/** One line of the document, with its amounts as the draft computed them. */
export function renderLine({ item, index, unitCode: unit }: DraftLine, amounts: LineAmounts, { names, currency, taxRate }: LineContext): Element {
  const price = amounts.free ? { value: decimal(item.referenceValue ?? 0, 'referenceValue'), type: '02' } : { value: decimal(paidPerUnit(item, amounts)), type: '01' };
  return node(
    `cac:${names.line}`,
    text('cbc:ID', String(index + 1)),
    text(`cbc:${names.quantity}`, decimal(item.quantity, 'quantity'), unitCode(unit)),
    text('cbc:LineExtensionAmount', format(amounts.base), { currencyID: currency }),
    node(
      'cac:PricingReference',
      node('cac:AlternativeConditionPrice', text('cbc:PriceAmount', price.value, { currencyID: currency }), text('cbc:PriceTypeCode', price.type, LISTS.priceType)),
    ),
    item.cargoTransport !== undefined && cargoTrip(item.cargoTransport),
    [...amounts.discounts, ...amounts.charges].map((adjustment) => allowanceCharge(adjustment, currency)),
    lineTaxTotal({ amounts, quantity: item.quantity, unitCode: unit, taxRate, currency }),
    node(
      'cac:Item',
      text('cbc:Description', item.description),
      item.code !== undefined && node('cac:SellersItemIdentification', text('cbc:ID', item.code)),
      item.gtin !== undefined && standardItemIdentification(item.gtin),
      item.sunatProductCode !== undefined && node('cac:CommodityClassification', text('cbc:ItemClassificationCode', item.sunatProductCode, PRODUCT_CODE_LIST)),
      item.attributes?.map(itemAttribute),
    ),
    node('cac:Price', text('cbc:PriceAmount', amounts.free ? '0' : decimal(item.unitPrice, 'unitPrice'), { currencyID: currency })),
  );
}
