/**
 * A cargo transport service under detracción (operation `1004`): each line carries its trip, the
 * points of origin and destination, the trip's detail and SUNAT's three referential values
 * (3116; the schema checks their shapes, which the service reports as 3116-3120, 3122, 3123); with
 * the detracción code `027` SUNAT observes a detail (4270) or an address (4236) of fewer than 3
 * characters.
 *
 * @module
 */
import type { LineRule, ObservationRule } from './rule.js';
import { JAVA_BLANK } from './xpath.js';

/** Catálogo 51: the detracción of a cargo transport service. */
const CARGO_TRANSPORT = '1004';
/** Catálogo 54: transporte de bienes realizado por vía terrestre, whose trips SUNAT observes. */
const CARGO_CODE = '027';
/** White space at the start of a text, as Java's `\s` reads it. */
const LEADING_SPACE = /^[ \t\n\x0B\f\r]/;

/** 3116: a line of a cargo transport service (1004) without its trip. */
export const cargoTransportRule: LineRule = ({ item, index }, { filled }, find) => {
  if (filled.operationType === CARGO_TRANSPORT && item.cargoTransport === undefined) find.error('3116', ['items', index, 'cargoTransport']);
};

/** Whether `text` is what SUNAT's stylesheets take: `min` to `max` characters, not starting with white space. */
const fits = (text: string, min: number, max: number) => {
  const length = [...text].length;
  return !LEADING_SPACE.test(text) && !JAVA_BLANK.test(text) && length >= min && length <= max;
};

/** 4270 a trip's detail, 4236 a point's address, not of SUNAT's lengths, with the detracción code 027. */
export const cargoTransportObservations: ObservationRule = ({ body, lines }, find) => {
  if (body.detraction?.code !== CARGO_CODE) return;
  for (const { item, index } of lines) {
    const trip = item.cargoTransport;
    if (trip === undefined) continue;
    const path = ['items', index, 'cargoTransport'];
    if (typeof trip.origin?.address === 'string' && !fits(trip.origin.address, 3, 200)) find.observe('4236', [...path, 'origin', 'address'], { min: 3, max: 200 });
    if (typeof trip.description === 'string' && !fits(trip.description, 3, 500)) find.observe('4270', [...path, 'description']);
    if (typeof trip.destination?.address === 'string' && !fits(trip.destination.address, 3, 200)) {
      find.observe('4236', [...path, 'destination', 'address'], { min: 3, max: 200 });
    }
  }
};
