/**
 * A line's item attributes (catálogo 55, `cac:AdditionalItemProperty`) as SUNAT's stylesheets
 * check them: on a sale of hydrobiological resources (operation `1002`) the catch's data on every
 * line (3063, 3130-3134); on an export of lodging to a non-resident (`0202`) or of a tour package
 * (`0205`) the guest's (3136-3145); the four of a sale to the State (`5000`-`5003`) together
 * (3146-3149); a mortgage loan's (SUNAT product `84121901`, 3150-3155); and each code's value
 * (3064), date (3065, 3243), time (3172) or quantity (3135) where the code needs one.
 *
 * @module
 */
import type { ItemAttribute } from '../../../models/document.js';
import { ownValue } from '../../own.js';
import { isNote } from '../fill.js';
import type { Findings } from './findings.js';
import type { LineRule } from './rule.js';

/**
 * The codes whose value (`cbc:Value`) SUNAT requires (3064): a vehicle's plate (7000), a land
 * passenger's trip (3050-3058), a catch's vessel and species (3001-3004), a guest's passport,
 * residence, name and document (4000, 4001, 4007-4009), a sale to the State (5000-5003), a
 * mortgage loan's (7001-7013, 7015, 7016), an air waybill's (4030-4033), a rail ticket's
 * (4040-4046), a petroleum royalty's (4060, 4061).
 */
const VALUE_REQUIRED: ReadonlySet<string> = new Set([
  '7000',
  ...['3050', '3051', '3052', '3053', '3054', '3055', '3056', '3057', '3058'],
  ...['3001', '3002', '3003', '3004'],
  ...['4000', '4001', '4007', '4008', '4009'],
  ...['5000', '5001', '5002', '5003'],
  ...['7001', '7002', '7003', '7004', '7005', '7006', '7007', '7008', '7009', '7010', '7011', '7012', '7013', '7015', '7016'],
  ...['4030', '4031', '4032', '4033'],
  ...['4040', '4041', '4042', '4043', '4044', '4045', '4046'],
  ...['4060', '4061'],
]);
/** The codes that are a date (`cbc:StartDate`, 3065): a catch's unloading (3005), a trip's start (3059, 4048), a guest's arrival in the country, check-in, check-out and consumption (4002-4004, 4006), a royalty's period (4062). */
const START_DATE_REQUIRED: ReadonlySet<string> = new Set(['3005', '3059', '4002', '4003', '4004', '4006', '4048', '4062']);
/** The codes that are an end date (`cbc:EndDate`, 3065): a royalty's period (4063). */
const END_DATE_REQUIRED: ReadonlySet<string> = new Set(['4063']);
/** The codes that are a time (`cbc:StartTime`, 3172): a trip's scheduled start (3060, 4047). */
const START_TIME_REQUIRED: ReadonlySet<string> = new Set(['3060', '4047']);
/** The code whose period has both dates (3243): an insurance's coverage (7014). */
const PERIOD_REQUIRED = '7014';
/** The days of stay of a guest (4005): its `duration` (3135). */
const DAYS_OF_STAY = '4005';
/** The tonnes of the species sold (3006): its `quantity` (3135). */
const SPECIES_QUANTITY = '3006';

/** SUNAT's codes of a line without one of the attributes its operation, its product or a sale to the State needs. */
type Missing =
  | '3063'
  | '3130'
  | '3131'
  | '3132'
  | '3133'
  | '3134'
  | '3136'
  | '3137'
  | '3138'
  | '3139'
  | '3140'
  | '3141'
  | '3142'
  | '3143'
  | '3144'
  | '3145'
  | '3146'
  | '3147'
  | '3148'
  | '3149'
  | '3150'
  | '3151'
  | '3152'
  | '3153'
  | '3154'
  | '3155';
/** Catálogo 55 codes a line carries, each with SUNAT's code when it lacks it. */
type Required = readonly (readonly [string, Missing])[];

/** A sale of hydrobiological resources under detracción (`1002`): the vessel's registration and name, the species, where and when it was unloaded, the tonnes sold. */
const CATCH: Required = [
  ['3001', '3063'],
  ['3002', '3130'],
  ['3003', '3131'],
  ['3004', '3132'],
  ['3005', '3134'],
  ['3006', '3133'],
];
/** Catálogo 55 codes a line of an export of lodging (`0202`) carries, in its stylesheet's order. */
const LODGING: Required = [
  ['4009', '3136'],
  ['4008', '3137'],
  ['4000', '3138'],
  ['4007', '3139'],
  ['4001', '3140'],
  ['4002', '3141'],
  ['4003', '3142'],
  ['4004', '3143'],
  ['4006', '3144'],
  ['4005', '3145'],
];
/** Catálogo 55 codes a line of an export of a tour package (`0205`) carries: the tourist's passport country, name and document. */
const TOUR_PACKAGE: Required = [
  ['4000', '3138'],
  ['4007', '3139'],
  ['4008', '3137'],
  ['4009', '3136'],
];
/** The operation types whose lines carry attributes: a catch's (`1002`), a guest's (`0202`, `0205`). */
const REQUIRED_OF: Readonly<Record<string, Required>> = { '1002': CATCH, '0202': LODGING, '0205': TOUR_PACKAGE };
/** A sale to the State (Proveedores del Estado): the file number, the executing unit, the selection process and the contract, all four or none (3146-3149). */
const STATE_SUPPLIER: Required = [
  ['5000', '3146'],
  ['5001', '3147'],
  ['5002', '3148'],
  ['5003', '3149'],
];
/** SUNAT's product of a mortgage loan (catálogo 25), whose lines carry the loan's attributes (3150-3155). */
const MORTGAGE_PRODUCT = '84121901';
/** A mortgage loan's attributes: its type (7001), the contract (7004) and the date granted (7005); with a type `3` also the property's registry entry (7003), ubigeo (7006) and address (7007). */
const MORTGAGE: Required = [
  ['7001', '3150'],
  ['7004', '3152'],
  ['7005', '3153'],
];
const MORTGAGE_OF_TYPE_3: Required = [
  ['7003', '3151'],
  ['7006', '3154'],
  ['7007', '3155'],
];

/** Each code of `required` the line lacks, at its attributes, worded with `operationType`. */
function lacking(required: Required, codes: ReadonlySet<string>, index: number, operationType: string | undefined, find: Findings): void {
  for (const [code, error] of required) if (!codes.has(code)) find.error(error, ['items', index, 'attributes'], { code, operationType });
}

/** 3064, 3065, 3172, 3243, 3135: one attribute without the value, date, time or quantity its code needs. */
function attributeRule(attribute: ItemAttribute, path: (string | number)[], find: Findings): void {
  const { code } = attribute;
  if (VALUE_REQUIRED.has(code) && (attribute.value === undefined || attribute.value === '')) find.error('3064', [...path, 'value'], { code });
  if (START_DATE_REQUIRED.has(code) && attribute.startDate === undefined) find.error('3065', [...path, 'startDate'], { code });
  if (END_DATE_REQUIRED.has(code) && attribute.endDate === undefined) find.error('3065', [...path, 'endDate'], { code });
  if (START_TIME_REQUIRED.has(code) && attribute.startTime === undefined) find.error('3172', [...path, 'startTime'], { code });
  if (code === PERIOD_REQUIRED && (attribute.startDate === undefined || attribute.endDate === undefined)) {
    find.error('3243', [...path, attribute.startDate === undefined ? 'startDate' : 'endDate'], { code });
  }
  if (code === DAYS_OF_STAY && attribute.duration === undefined) find.error('3135', [...path, 'duration'], { code });
  if (code === SPECIES_QUANTITY && attribute.quantity === undefined) find.error('3135', [...path, 'quantity'], { code });
}

/**
 * The attributes its operation needs (a catch's of `1002`, a guest's of `0202` and `0205`), the four
 * of a sale to the State together, a mortgage loan's on a factura or a nota (a nota's stylesheets
 * check them on a line with attributes only), then each attribute's own data: in the order of
 * SUNAT's stylesheets.
 */
export const itemAttributesRule: LineRule = ({ item, index }, { body, filled }, find) => {
  const attributes = item.attributes ?? [];
  const codes = new Set(attributes.map((attribute) => attribute.code));
  const { operationType } = filled;
  const required = ownValue(REQUIRED_OF, operationType ?? '');
  if (required !== undefined) lacking(required, codes, index, operationType, find);
  if (STATE_SUPPLIER.some(([code]) => codes.has(code))) lacking(STATE_SUPPLIER, codes, index, undefined, find);
  if (item.sunatProductCode === MORTGAGE_PRODUCT && (body.type === '01' || (isNote(body.type) && attributes.length > 0))) {
    lacking(MORTGAGE, codes, index, undefined, find);
    if (attributes.some((attribute) => attribute.code === '7002' && attribute.value === '3')) lacking(MORTGAGE_OF_TYPE_3, codes, index, undefined, find);
  }
  attributes.forEach((attribute, i) => attributeRule(attribute, ['items', index, 'attributes', i], find));
};
