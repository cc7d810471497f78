/**
 * The delivery address (`cac:Delivery/cac:DeliveryLocation/cac:Address`): on an export of
 * services used abroad (operations `0201`, `0208`) the country where the service is used, not
 * Peru (3098, 3099); elsewhere SUNAT observes a country other than Peru (4041) and texts past
 * its lengths (4236, 4238-4241).
 *
 * @module
 */
import type { Delivery } from '../../../models/document.js';
import type { DocumentRule, ObservationRule } from './rule.js';
import { sunatText } from './xpath.js';

/** Exports of services whose delivery country is where the service is used (3098, 3099). */
const SERVICE_ABROAD: readonly string[] = ['0201', '0208'];
/** Peru, ISO 3166-1. */
const PERU = 'PE';

/** A text of `min` to `max` characters as SUNAT's stylesheets read one (`^(?!\s*$)[^\s].{min-1,max-1}$`), with its words' lengths. */
export const sunatLength = (min: number, max: number) => ({ shape: sunatText(min - 1, max - 1), min, max });

/** Each text of the address with SUNAT's lengths and the observation past them: the address itself takes 3 to 200. */
const TEXTS: readonly (readonly [keyof Delivery, ReturnType<typeof sunatLength>, '4236' | '4238' | '4239' | '4240' | '4241'])[] = [
  ['address', sunatLength(3, 200), '4236'],
  ['urbanization', sunatLength(1, 25), '4238'],
  ['province', sunatLength(1, 30), '4239'],
  ['department', sunatLength(1, 30), '4240'],
  ['district', sunatLength(1, 30), '4241'],
];

/** 3098: a delivery on an export of services used abroad without its country; 3099: with Peru as that country. */
export const deliveryRule: DocumentRule = ({ body, filled }, find) => {
  const { delivery } = body;
  if (delivery === undefined || !SERVICE_ABROAD.includes(filled.operationType ?? '')) return;
  if (delivery.country === undefined) find.error('3098', ['delivery', 'country'], { operationType: filled.operationType! });
  else if (delivery.country === PERU) find.error('3099', ['delivery', 'country'], { operationType: filled.operationType! });
};

/** 4236, 4238-4241: a text of the address past SUNAT's length, or starting with white space; 4041 a country other than Peru, but on an export of services used abroad. */
export const deliveryObservations: ObservationRule = ({ body, filled }, find) => {
  const { delivery } = body;
  if (delivery === undefined) return;
  for (const [field, { shape, min, max }, code] of TEXTS) {
    const value = delivery[field];
    if (typeof value === 'string' && !shape.test(value)) find.observe(code, ['delivery', field], { min, max });
  }
  if (filled.deliveryCountry !== PERU && !SERVICE_ABROAD.includes(filled.operationType ?? '')) {
    find.observe('4041', ['delivery', 'country'], { country: filled.deliveryCountry! });
  }
};
