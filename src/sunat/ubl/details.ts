/**
 * A document's details in SUNAT's elements: a line's GTIN (`cac:StandardItemIdentification`) and
 * item attributes of catálogo 55 (`cac:AdditionalItemProperty`), the delivery address
 * (`cac:Delivery`), the medios de pago of catálogo 59 besides the detracción's
 * (`cac:PaymentMeans`).
 *
 * @module
 */
import type { Delivery, ItemAttribute, PaymentMethod } from '../../models/document.js';
import { COUNTRY_LIST, ITEM_PROPERTY_LIST, LISTS, UBIGEO_SCHEME } from './lists.js';
import { type Element, node, text } from './xml.js';

/** The GS1 structure of a GTIN of each length SUNAT takes (3200): a 12-digit UPC-A is written as a GTIN-13. */
const GTIN_SCHEME: Readonly<Record<number, string>> = { 8: 'GTIN-8', 12: 'GTIN-13', 13: 'GTIN-13', 14: 'GTIN-14' };

/** `cac:StandardItemIdentification`: the GTIN with its structure in `schemeID`; 12 digits padded to 13 with a leading `0`, as GS1 pads them. */
export function standardItemIdentification(gtin: string): Element {
  const id = gtin.length === 12 ? `0${gtin}` : gtin;
  return node('cac:StandardItemIdentification', text('cbc:ID', id, { schemeID: GTIN_SCHEME[gtin.length] ?? 'GTIN-13' }));
}

/** `cac:AdditionalItemProperty`: name, catálogo 55 code, value, and its period (dates, time, days) when it has one. */
export function itemAttribute(attribute: ItemAttribute): Element {
  const { startDate, startTime, endDate, duration } = attribute;
  const period = startDate !== undefined || startTime !== undefined || endDate !== undefined || duration !== undefined;
  return node(
    'cac:AdditionalItemProperty',
    text('cbc:Name', attribute.name),
    text('cbc:NameCode', attribute.code, ITEM_PROPERTY_LIST),
    attribute.value !== undefined && text('cbc:Value', attribute.value),
    period &&
      node(
        'cac:UsabilityPeriod',
        startDate !== undefined && text('cbc:StartDate', startDate),
        startTime !== undefined && text('cbc:StartTime', startTime),
        endDate !== undefined && text('cbc:EndDate', endDate),
        duration !== undefined && text('cbc:DurationMeasure', String(duration), { unitCode: 'DAY' }),
      ),
  );
}

/** `cac:Delivery` with the address where the goods are delivered: ubigeo, urbanización, provincia, departamento, distrito, the address, the country (filled: `PE`). */
export function delivery(address: Delivery | undefined, country: string | undefined): Element | undefined {
  if (address === undefined) return undefined;
  return node(
    'cac:Delivery',
    node(
      'cac:DeliveryLocation',
      node(
        'cac:Address',
        address.ubigeo !== undefined && text('cbc:ID', address.ubigeo, UBIGEO_SCHEME),
        address.urbanization !== undefined && text('cbc:CitySubdivisionName', address.urbanization),
        address.province !== undefined && text('cbc:CityName', address.province),
        address.department !== undefined && text('cbc:CountrySubentity', address.department),
        address.district !== undefined && text('cbc:District', address.district),
        node('cac:AddressLine', text('cbc:Line', address.address)),
        node('cac:Country', text('cbc:IdentificationCode', country!, COUNTRY_LIST)),
      ),
    ),
  );
}

/** A medio de pago as `cac:PaymentMeans`: the catálogo 59 code, its own number (`cbc:PaymentID`) and the account paid into. */
export function paymentMethod(method: PaymentMethod): Element {
  return node(
    'cac:PaymentMeans',
    text('cbc:PaymentMeansCode', method.code, LISTS.paymentMeans),
    method.reference !== undefined && text('cbc:PaymentID', method.reference),
    method.account !== undefined && node('cac:PayeeFinancialAccount', text('cbc:ID', method.account)),
  );
}
