/**
 * The UBL 2.1 XML of a guía de remisión electrónica (`DespatchAdvice`, CustomizationID 2.0),
 * remitente `09` or transportista `31`, in the order of SUNAT's schema: the signature placeholder,
 * the number, date and time, the related documents, the issuer (`cac:DespatchSupplierParty`), the
 * recipient (`cac:DeliveryCustomerParty`), the shipment (reason and modalidad on a `09`, weight,
 * start date, carrier, drivers, arrival and departure, on a `31` the shipper, vehicles) and one
 * line per item. Pure, no I/O: the shape SUNAT's GRE stylesheets accept (RULES of issue 32, §2.1).
 *
 * @module
 */
import type { DespatchCreateParams, DespatchDriver, DespatchParty } from '../../models/despatch.js';
import { signatureExtension, signatureReference } from './parties.js';
import type { Issuer } from './types.js';
import { type Element, NS_CAC, NS_CBC, node, print, text } from './xml.js';

/** A related document as the XML names it: its catálogo 61 type, its number, and who issued it. */
export interface DespatchRelatedReference {
  type: string;
  number: string;
  issuerRuc?: string | undefined;
}

/** What the renderer reads besides the body. */
export interface DespatchContext {
  /** The issuer: the remitente of a `09`, the carrier of a `31`. */
  issuer: Issuer;
  /** The series and number the service gave it: `T001-1`. */
  fullNumber: string;
  /** Its issue date, `YYYY-MM-DD`. */
  issueDate: string;
  /** Its issue time in Lima, `hh:mm:ss` (SUNAT's 3437). */
  issueTime: string;
  /** The related documents, each by type and number (those given by `documentId` resolved). */
  related: readonly DespatchRelatedReference[];
}

const SUNAT = 'PE:SUNAT';
const catalog = (n: string) => `urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo${n}`;
/** The attributes of an identity document's number, of type `schemeID` (catálogo 06). */
const identity = (schemeID: string) => ({ schemeID, schemeName: 'Documento de Identidad', schemeAgencyName: SUNAT, schemeURI: catalog('06') });
const UBIGEO = { schemeAgencyName: 'PE:INEI', schemeName: 'Ubigeos' };

/** Catálogo 61's names of the documents a guía relates most (SUNAT observes a type without its name, 4371). */
const RELATED_NAMES: Readonly<Record<string, string>> = {
  '01': 'Factura',
  '03': 'Boleta de Venta',
  '04': 'Liquidación de Compra',
  '09': 'Guía de Remisión Remitente',
  '12': 'Ticket o cinta emitido por máquina registradora',
  '31': 'Guía de Remisión Transportista',
  '48': 'Comprobante de Operaciones - Ley N° 29972',
  '49': 'Constancia de Depósito - IVAP (Ley 28211)',
  '50': 'Declaración Aduanera de Mercancías',
  '52': 'Declaración Simplificada (DS)',
  '80': 'Constancia de Depósito - Detracción',
};

/** A number as SUNAT's decimals: no exponent, no trailing zeros, up to `digits` decimals. */
const plain = (value: number, digits: number) => value.toFixed(digits).replace(/\.?0+$/, '');

/** What names a party: its identity document and registered name. */
const partyParts = (who: DespatchParty) => [
  node('cac:PartyIdentification', text('cbc:ID', who.documentNumber, identity(who.documentType))),
  node('cac:PartyLegalEntity', text('cbc:RegistrationName', who.name)),
];

/** A point of the move: its ubigeo, the issuer's establishment code (owned by `ruc`), and its street line. */
function address(name: string, point: DespatchCreateParams['departure'], ruc: string): Element {
  return node(
    name,
    text('cbc:ID', point.ubigeo, UBIGEO),
    point.establishmentCode !== undefined &&
      text('cbc:AddressTypeCode', point.establishmentCode, { listID: ruc, listAgencyName: SUNAT, listName: 'Establecimientos anexos' }),
    node('cac:AddressLine', text('cbc:Line', point.address)),
  );
}

/** A driver: the first is the principal (`Principal`), the others `Secundario`. */
const driver = (person: DespatchDriver, index: number) =>
  node(
    'cac:DriverPerson',
    text('cbc:ID', person.documentNumber, identity(person.documentType)),
    text('cbc:FirstName', person.firstName),
    text('cbc:FamilyName', person.lastName),
    text('cbc:JobTitle', index === 0 ? 'Principal' : 'Secundario'),
    person.licence !== undefined && node('cac:IdentityDocumentReference', text('cbc:ID', person.licence)),
  );

/** The carrier: on a `09` the company named (RUC, name, MTC registration), on a `31` the issuer's MTC registration alone. */
function carrier(body: DespatchCreateParams): Element | undefined {
  const { carrier: named } = body.transport;
  if (named === undefined) return undefined;
  const mtc = named.mtcRegistration !== undefined && text('cbc:CompanyID', named.mtcRegistration);
  if (body.type === '31') return mtc ? node('cac:CarrierParty', node('cac:PartyLegalEntity', mtc)) : undefined;
  return node(
    'cac:CarrierParty',
    named.ruc !== undefined && node('cac:PartyIdentification', text('cbc:ID', named.ruc, identity('6'))),
    node('cac:PartyLegalEntity', named.name !== undefined && text('cbc:RegistrationName', named.name), mtc),
  );
}

/**
 * The UBL 2.1 XML (DespatchAdvice) of a guía de remisión from its body and `context`. A
 * `RangeError` names a text XML cannot carry.
 */
export function renderDespatch(body: DespatchCreateParams, { issuer, fullNumber, issueDate, issueTime, related }: DespatchContext): string {
  const { transport } = body;
  const remitente = body.type === '09';
  const [principal, ...secondary] = transport.vehicles ?? [];
  const shipment = node(
    'cac:Shipment',
    text('cbc:ID', 'SUNAT_Envio'),
    remitente && body.reason !== undefined && text('cbc:HandlingCode', body.reason, { listAgencyName: SUNAT, listName: 'Motivo de traslado', listURI: catalog('20') }),
    remitente && body.reasonDescription !== undefined && text('cbc:HandlingInstructions', body.reasonDescription),
    text('cbc:GrossWeightMeasure', body.grossWeight.toFixed(3), { unitCode: body.weightUnit ?? 'KGM' }),
    body.packages !== undefined && text('cbc:TotalTransportHandlingUnitQuantity', String(body.packages)),
    transport.m1l === true && text('cbc:SpecialInstructions', 'SUNAT_Envio_IndicadorTrasladoVehiculoM1L'),
    node(
      'cac:ShipmentStage',
      remitente &&
        transport.mode !== undefined &&
        text('cbc:TransportModeCode', transport.mode, { listName: 'Modalidad de traslado', listAgencyName: SUNAT, listURI: catalog('18') }),
      transport.startDate !== undefined && node('cac:TransitPeriod', text('cbc:StartDate', transport.startDate)),
      carrier(body),
      (transport.drivers ?? []).map(driver),
    ),
    node(
      'cac:Delivery',
      address('cac:DeliveryAddress', body.arrival, issuer.ruc),
      node('cac:Despatch', address('cac:DespatchAddress', body.departure, issuer.ruc), body.shipper !== undefined && node('cac:DespatchParty', partyParts(body.shipper))),
    ),
    principal !== undefined &&
      node(
        'cac:TransportHandlingUnit',
        node(
          'cac:TransportEquipment',
          text('cbc:ID', principal.plate),
          secondary.map((vehicle) => node('cac:AttachedTransportEquipment', text('cbc:ID', vehicle.plate))),
        ),
      ),
  );
  const lines = body.items.map((item, index) =>
    node(
      'cac:DespatchLine',
      text('cbc:ID', String(index + 1)),
      text('cbc:DeliveredQuantity', plain(item.quantity, 10), { unitCode: item.unitCode ?? 'NIU' }),
      node('cac:OrderLineReference', text('cbc:LineID', String(index + 1))),
      node(
        'cac:Item',
        text('cbc:Description', item.description),
        item.code !== undefined && node('cac:SellersItemIdentification', text('cbc:ID', item.code)),
        item.sunatProductCode !== undefined &&
          node(
            'cac:CommodityClassification',
            text('cbc:ItemClassificationCode', item.sunatProductCode, { listID: 'UNSPSC', listAgencyName: 'GS1 US', listName: 'Item Classification' }),
          ),
      ),
    ),
  );
  const root = node(
    'DespatchAdvice',
    {
      xmlns: 'urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2',
      'xmlns:cac': NS_CAC,
      'xmlns:cbc': NS_CBC,
      'xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
      'xmlns:ext': 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
    },
    signatureExtension(),
    text('cbc:UBLVersionID', '2.1'),
    text('cbc:CustomizationID', '2.0'),
    text('cbc:ID', fullNumber),
    text('cbc:IssueDate', issueDate),
    text('cbc:IssueTime', issueTime),
    text('cbc:DespatchAdviceTypeCode', body.type, { listAgencyName: SUNAT, listName: 'Tipo de Documento', listURI: catalog('01') }),
    related.map((reference) =>
      node(
        'cac:AdditionalDocumentReference',
        text('cbc:ID', reference.number),
        text('cbc:DocumentTypeCode', reference.type, { listAgencyName: SUNAT, listName: 'Documento relacionado al transporte', listURI: catalog('61') }),
        text('cbc:DocumentType', RELATED_NAMES[reference.type] ?? 'Documento relacionado al transporte'),
        reference.issuerRuc !== undefined && node('cac:IssuerParty', node('cac:PartyIdentification', text('cbc:ID', reference.issuerRuc, identity('6')))),
      ),
    ),
    signatureReference(issuer),
    node('cac:DespatchSupplierParty', node('cac:Party', partyParts({ documentType: '6', documentNumber: issuer.ruc, name: issuer.name }))),
    node('cac:DeliveryCustomerParty', node('cac:Party', partyParts(body.recipient))),
    shipment,
    lines,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${print(root)}\n`;
}
