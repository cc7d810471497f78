/**
 * A cargo transport service under detracción (operation `1004`): each line carries its trip, the
 * points of origin and destination, the trip's detail and SUNAT's three referential values
 * (3116; the schema checks their shapes, which the service reports as 3116-3120, 3122, 3123); with
 * the detracción code `027` SUNAT observes a detail (4270) or an address (4236) of fewer than 3
 * characters.
 *
 * @module
 */
import { sunatLength } from './delivery.js';
import type { LineRule, ObservationRule } from './rule.js';

/** Catálogo 51: the detracción of a cargo transport service. */
const CARGO_TRANSPORT = '1004';
/** Catálogo 54: transporte de bienes realizado por vía terrestre, whose trips SUNAT observes. */
const CARGO_CODE = '027';
/** A trip's address (4236) and detail (4270) as SUNAT's stylesheets take them. */
const ADDRESS = sunatLength(3, 200);
const DETAIL = sunatLength(3, 500);

/** 3116: a line of a cargo transport service (1004) without its trip. */
export const cargoTransportRule: LineRule = ({ item, index }, { filled }, find) => {
  if (filled.operationType === CARGO_TRANSPORT && item.cargoTransport === undefined) find.error('3116', ['items', index, 'cargoTransport']);
};

/** 4270 a trip's detail, 4236 a point's address, not of SUNAT's lengths, with the detracción code 027. */
export const cargoTransportObservations: ObservationRule = ({ body, lines }, find) => {
  if (body.detraction?.code !== CARGO_CODE) return;
  for (const { item, index } of lines) {
    const trip = item.cargoTransport;
    if (trip === undefined) continue;
    const path = ['items', index, 'cargoTransport'];
    const { min, max } = ADDRESS;
    if (typeof trip.origin?.address === 'string' && !ADDRESS.shape.test(trip.origin.address)) find.observe('4236', [...path, 'origin', 'address'], { min, max });
    if (typeof trip.description === 'string' && !DETAIL.shape.test(trip.description)) find.observe('4270', [...path, 'description']);
    if (typeof trip.destination?.address === 'string' && !ADDRESS.shape.test(trip.destination.address)) {
      find.observe('4236', [...path, 'destination', 'address'], { min, max });
    }
  }
};
