/**
 * A document's details in SUNAT's elements: a line's GTIN (`cac:StandardItemIdentification`),
 * item attributes of catálogo 55 (`cac:AdditionalItemProperty`) and cargo trip (the line's
 * `cac:Delivery`), the delivery address
 * (`cac:Delivery`), the medios de pago of catálogo 59 besides the detracción's
 * (`cac:PaymentMeans`).
 *
 * @module
 */
import { exactCents, format } from '../decimal.js';
import type { CargoTransport, Delivery, ItemAttribute, PaymentMethod, TripPoint } from '../../models/document.js';
import { COUNTRY_LIST, ITEM_PROPERTY_LIST, LISTS, UBIGEO_SCHEME } from './lists.js';
import { decimal, type Element, node, text } from './xml.js';

/** The unit of a catch's species sold (3006): tonnes (3115). */
const TONNES = 'TNE';
/** SUNAT's referential values of a cargo trip are in soles (3208). */
const PEN = 'PEN';

/** The GS1 structure of a GTIN of each length SUNAT takes (3200): a 12-digit UPC-A is written as a GTIN-13. */
const GTIN_SCHEME: Readonly<Record<number, string>> = { 8: 'GTIN-8', 12: 'GTIN-13', 13: 'GTIN-13', 14: 'GTIN-14' };

/** `cac:StandardItemIdentification`: the GTIN with its structure in `schemeID`; 12 digits padded to 13 with a leading `0`, as GS1 pads them. */
export function standardItemIdentification(gtin: string): Element {
  const id = gtin.length === 12 ? `0${gtin}` : gtin;
  return node('cac:StandardItemIdentification', text('cbc:ID', id, { schemeID: GTIN_SCHEME[gtin.length] ?? 'GTIN-13' }));
}

/** `cac:AdditionalItemProperty`: name, catálogo 55 code, value, quantity in tonnes, and its period (dates, time, days) when it has one. */
export function itemAttribute(attribute: ItemAttribute): Element {
  const { startDate, startTime, endDate, duration } = attribute;
  const period = startDate !== undefined || startTime !== undefined || endDate !== undefined || duration !== undefined;
  return node(
    'cac:AdditionalItemProperty',
    text('cbc:Name', attribute.name),
    text('cbc:NameCode', attribute.code, ITEM_PROPERTY_LIST),
    attribute.value !== undefined && text('cbc:Value', attribute.value),
    attribute.quantity !== undefined && text('cbc:ValueQuantity', decimal(attribute.quantity, 'quantity'), { unitCode: TONNES }),
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

/** A point of a cargo trip: its ubigeo (INEI) and its address line. */
const tripPoint = (name: string, point: TripPoint): Element =>
  node(name, text('cbc:ID', point.ubigeo, UBIGEO_SCHEME), node('cac:AddressLine', text('cbc:Line', point.address)));

/**
 * A line's `cac:Delivery` of a cargo transport service (operation 1004): the destination
 * (`cac:DeliveryLocation/cac:Address`), the trip's detail and origin (`cac:Despatch`), and the three
 * referential values (`cac:DeliveryTerms` `01` service, `02` effective load, `03` nominal load), in PEN.
 */
export function cargoTrip(trip: CargoTransport): Element {
  const value = (id: string, amount: number, field: string) =>
    node('cac:DeliveryTerms', text('cbc:ID', id), text('cbc:Amount', format(exactCents(amount, `cargoTransport.${field}`)), { currencyID: PEN }));
  return node(
    'cac:Delivery',
    node('cac:DeliveryLocation', tripPoint('cac:Address', trip.destination)),
    node('cac:Despatch', text('cbc:Instructions', trip.description), tripPoint('cac:DespatchAddress', trip.origin)),
    value('01', trip.serviceReferenceValue, 'serviceReferenceValue'),
    value('02', trip.effectiveLoadReferenceValue, 'effectiveLoadReferenceValue'),
    value('03', trip.nominalLoadReferenceValue, 'nominalLoadReferenceValue'),
  );
}
