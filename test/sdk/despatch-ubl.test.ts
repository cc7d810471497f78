/**
 * The DespatchAdvice `renderDespatch` writes, element by element, against the minimal guías that
 * SUNAT's GRE stylesheets accept with no error and no observation (test/fixtures/gre, written for
 * issue 32 and judged there by the OSE's copy of SUNAT's stylesheets): a 09 private with its truck
 * and driver, a 09 public with its carrier, a 31 with its shipper. Every element outside the
 * signature, with its attributes and text, in document order, must be the reference's.
 */
import { readFileSync } from 'node:fs';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import type { DespatchCreateParams } from '../../src/models/despatch.js';
import { renderDespatch } from '../../src/sunat/ubl/despatch.js';

/** Every element but the signature's and the note, as `path [attributes] text`, in document order. */
function elements(xml: string): string[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const out: string[] = [];
  const walk = (node: Element, path: string) => {
    if (node.nodeName === 'ext:UBLExtensions' || node.nodeName === 'cac:Signature' || node.nodeName === 'cbc:Note') return;
    const here = `${path}/${node.nodeName}`;
    const attributes = Array.from(node.attributes)
      .filter((a) => !a.name.startsWith('xmlns'))
      .map((a) => `${a.name}=${a.value}`)
      .sort();
    const children = Array.from(node.childNodes).filter((c): c is Element => c.nodeType === 1);
    out.push(`${here} [${attributes.join(' ')}]${children.length === 0 ? ` ${node.textContent}` : ''}`);
    for (const child of children) walk(child, here);
  };
  walk(doc.documentElement as unknown as Element, '');
  return out;
}

const reference = (file: string) => elements(readFileSync(new URL(`../fixtures/gre/${file}`, import.meta.url), 'utf8'));
const remitente = { ruc: '20123456789', name: 'EMPRESA EMISORA S.A.C.' };
const driver = { documentType: '1', documentNumber: '45678912', firstName: 'JUAN CARLOS', lastName: 'PEREZ QUISPE', licence: 'Q45678912' };
const factura = { type: '01', number: 'F001-12', issuerRuc: '20123456789' };
const sale: DespatchCreateParams = {
  type: '09',
  series: 'T001',
  reason: '01',
  recipient: { documentType: '6', documentNumber: '20100070970', name: 'CLIENTE DESTINATARIO S.A.' },
  transport: { mode: '02', startDate: '2025-01-16', vehicles: [{ plate: 'ABC123' }], drivers: [driver] },
  departure: { ubigeo: '150101', address: 'AV. ABANCAY 123, LIMA' },
  arrival: { ubigeo: '040101', address: 'AV. EJERCITO 101, AREQUIPA' },
  grossWeight: 120.5,
  packages: 4,
  items: [{ description: 'COMPUTADORA DE ESCRITORIO', quantity: 10, code: 'PC-001', sunatProductCode: '43211507' }],
};
const at = { issueDate: '2025-01-15', issueTime: '10:30:00' };

describe('renderDespatch against the guías SUNAT’s stylesheets accept', () => {
  it('a 09 private: the reference, element by element', () => {
    const xml = renderDespatch(sale, { issuer: remitente, fullNumber: 'T001-1', ...at, related: [factura] });
    expect(elements(xml)).toEqual(reference('20123456789-09-T001-1.xml'));
  });

  it('a 09 public: the reference, element by element', () => {
    const body: DespatchCreateParams = {
      ...sale,
      transport: { mode: '01', startDate: '2025-01-16', carrier: { ruc: '20512345678', name: 'TRANSPORTES RAPIDOS S.A.C.', mtcRegistration: '1523456CNG' } },
    };
    const xml = renderDespatch(body, { issuer: remitente, fullNumber: 'T001-2', ...at, related: [factura] });
    const expected = reference('20123456789-09-T001-2.xml').map((line) =>
      // The reference writes the carrier's RUC with its schemeID alone; the renderer names the catálogo as for every party.
      line.startsWith('/DespatchAdvice/cac:Shipment/cac:ShipmentStage/cac:CarrierParty/cac:PartyIdentification/cbc:ID')
        ? '/DespatchAdvice/cac:Shipment/cac:ShipmentStage/cac:CarrierParty/cac:PartyIdentification/cbc:ID [schemeAgencyName=PE:SUNAT schemeID=6 schemeName=Documento de Identidad schemeURI=urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo06] 20512345678'
        : line,
    );
    expect(elements(xml)).toEqual(expected);
  });

  it('a 31: the reference, but what the contract does not carry (the TUCE, the pagador de flete) and the quantity it requires', () => {
    const body: DespatchCreateParams = {
      type: '31',
      series: 'V001',
      recipient: sale.recipient,
      shipper: { documentType: '6', documentNumber: '20123456789', name: 'EMPRESA EMISORA S.A.C.' },
      transport: { startDate: '2025-01-16', carrier: { mtcRegistration: '1523456CNG' }, vehicles: [{ plate: 'ABC123' }], drivers: [driver] },
      departure: sale.departure,
      arrival: sale.arrival,
      grossWeight: 120.5,
      items: [{ description: 'BIENES SEGUN GRE REMITENTE T001-1', quantity: 1 }],
    };
    const xml = renderDespatch(body, {
      issuer: { ruc: '20512345678', name: 'TRANSPORTES RAPIDOS S.A.C.' },
      fullNumber: 'V001-1',
      ...at,
      related: [{ type: '09', number: 'T001-1', issuerRuc: '20123456789' }],
    });
    const expected = reference('20512345678-31-V001-1.xml').filter((line) => !/SpecialInstructions|ApplicableTransportMeans|RegistrationNationalityID/.test(line));
    const line = expected.indexOf('/DespatchAdvice/cac:DespatchLine/cac:OrderLineReference []');
    expected.splice(line, 0, '/DespatchAdvice/cac:DespatchLine/cbc:DeliveredQuantity [unitCode=NIU] 1');
    expect(elements(xml)).toEqual(expected);
    // A reason, a modalidad, or a carrier's RUC and name sent on a 31 are not the transportista's to write.
    const sent = {
      ...body,
      reason: '01',
      transport: { ...body.transport, mode: '01', carrier: { ruc: '20512345678', name: 'OTRA S.A.', mtcRegistration: '1523456CNG' } },
    };
    expect(elements(renderDespatch(sent, { issuer: { ruc: '20512345678', name: 'TRANSPORTES RAPIDOS S.A.C.' }, fullNumber: 'V001-1', ...at, related: [] }))).toEqual(
      expected.filter((line) => !line.includes('cac:AdditionalDocumentReference')),
    );
  });

  it("a 09's motivo described (13, otros) and the issuer's establishments, named as SUNAT's list of them", () => {
    const body: DespatchCreateParams = {
      ...sale,
      reason: '13',
      reasonDescription: 'TRASLADO DE MUESTRAS',
      departure: { ...sale.departure, establishmentCode: '0000' },
    };
    const lines = elements(renderDespatch(body, { issuer: remitente, fullNumber: 'T001-1', ...at, related: [] }));
    expect(lines).toContain('/DespatchAdvice/cac:Shipment/cbc:HandlingInstructions [] TRASLADO DE MUESTRAS');
    expect(lines).toContain(
      '/DespatchAdvice/cac:Shipment/cac:Delivery/cac:Despatch/cac:DespatchAddress/cbc:AddressTypeCode [listAgencyName=PE:SUNAT listID=20123456789 listName=Establecimientos anexos] 0000',
    );
  });
});
