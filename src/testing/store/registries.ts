/**
 * Deterministic fake national registries for the mock: RUC and DNI lookups and SUNAT's daily
 * exchange rate. The same number or day always gives the same answer; none of it is real data.
 *
 * @module
 */
import type { ExchangeRate } from '../../models/exchange-rate.js';
import type { DniLookup, RucLookup } from '../../models/lookup.js';
import { MockAPIError } from '../middleware/problem.js';
import { limaDate } from '../../sunat/dates.js';
import { isValidRuc } from '../../sunat/identity.js';

const GIVEN = ['ANA', 'LUIS', 'ROSA', 'JORGE', 'CARMEN', 'JOSE', 'MARIA', 'CARLOS', 'ELENA', 'VICTOR'];
const FAMILY = ['QUISPE', 'FLORES', 'SANCHEZ', 'RAMIREZ', 'TORRES', 'MAMANI', 'ROJAS', 'HUAMAN', 'CHAVEZ', 'MENDOZA'];
const TRADE = ['ANDINA', 'PACIFICO', 'INKA', 'SOL', 'AMAZONICA', 'MISTI', 'COLCA', 'NAZCA', 'CHAVIN', 'PARACAS'];
const LINE = ['COMERCIAL', 'SERVICIOS', 'INVERSIONES', 'DISTRIBUIDORA', 'CONSTRUCTORA', 'TEXTIL', 'AGROINDUSTRIAL', 'LOGISTICA', 'FARMACEUTICA', 'MINERA'];
const DISTRICTS = ['MIRAFLORES', 'SAN ISIDRO', 'SURCO', 'LINCE', 'BARRANCO', 'JESUS MARIA', 'BREÑA', 'ATE', 'LA MOLINA', 'SAN BORJA'];

/** Registry answers that are not generated: SUNAT's own RUC, as the test vectors use it. */
const KNOWN_RUCS: Record<string, RucLookup> = {
  '20131312955': {
    ruc: '20131312955',
    name: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT',
    tradeName: 'SUNAT',
    status: 'ACTIVO',
    condition: 'HABIDO',
    address: 'AV. GARCILASO DE LA VEGA NRO. 1472, LIMA, LIMA',
  },
};

const digit = (text: string, i: number) => Number(text[i % text.length]);

/**
 * The holder of a DNI (8 digits). A DNI of one repeated digit (`00000000`, `11111111`...) is
 * unknown: a 404.
 */
export function lookupDni(dni: string): DniLookup {
  if (/^(\d)\1{7}$/.test(dni)) throw new MockAPIError(404, 'not_found', `No person with DNI ${dni}`);
  return { dni, name: `${GIVEN[digit(dni, 7)]} ${FAMILY[digit(dni, 3)]} ${FAMILY[digit(dni, 5)]}` };
}

/**
 * A taxpayer by RUC (11 digits). Unknown (a 404) unless the prefix is one in use (10, 15, 16,
 * 17, 20) and the check digit is right. A `10` RUC is a person: `10` + DNI + check digit, named
 * like that DNI. A RUC whose tenth digit is 9 is `BAJA DE OFICIO`; whose ninth is 9, `NO HABIDO`.
 */
export function lookupRuc(ruc: string): RucLookup {
  const known = KNOWN_RUCS[ruc];
  if (known) return known;
  if (!isValidRuc(ruc)) {
    throw new MockAPIError(404, 'not_found', `No taxpayer with RUC ${ruc}`);
  }
  const person = ruc.startsWith('10');
  const trade = TRADE[digit(ruc, 4)]!;
  return {
    ruc,
    name: person ? lookupDni(ruc.slice(2, 10)).name : `${LINE[digit(ruc, 5)]} ${trade} S.A.C.`,
    tradeName: person ? null : trade,
    status: digit(ruc, 9) === 9 ? 'BAJA DE OFICIO' : 'ACTIVO',
    condition: digit(ruc, 8) === 9 ? 'NO HABIDO' : 'HABIDO',
    address: `AV. ${FAMILY[digit(ruc, 6)]} NRO. ${100 + digit(ruc, 7) * 37}, ${DISTRICTS[digit(ruc, 3)]}, LIMA`,
  };
}

/** FNV-1a: a stable number from a text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * SUNAT's USD rate of a day (`YYYY-MM-DD`): buy 3.650 to 3.849, sell 0.003 to 0.007 above it,
 * the same for the same day. A day that does not exist is a 422; a day after today (in Lima) is
 * not published yet: a 404.
 */
export function exchangeRateOf(date: string): ExchangeRate {
  const day = new Date(`${date}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) {
    throw new MockAPIError(422, 'validation_error', `date: ${date} is not a day YYYY-MM-DD`, [
      { path: 'date', code: 'invalid_format', message: 'must be a day YYYY-MM-DD' },
    ]);
  }
  if (date > limaDate()) throw new MockAPIError(404, 'not_found', `SUNAT has not published the exchange rate of ${date} yet`);
  const h = hash(date);
  const buy = 3650 + (h % 200);
  return { date, currency: 'USD', buy: buy / 1000, sell: (buy + 3 + ((h >>> 8) % 5)) / 1000 };
}

/** SUNAT's exchange rate (sell) of `date` in the fake registry (of `today` for a date ahead, not published yet), or `undefined` for a day it cannot read (the issue date's rules refuse it). */
export function sellRateOf(date: string, today: string): number | undefined {
  if (date > today) return sellRateOf(today, today);
  try {
    return exchangeRateOf(date).sell;
  } catch {
    return undefined;
  }
}
