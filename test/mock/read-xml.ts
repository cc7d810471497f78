/** Reads a document's XML with a real parser and XPath, in the UBL namespaces (for the sandbox's tests). */
import { DOMParser } from '@xmldom/xmldom';
import { expect } from 'vitest';
import * as xpath from 'xpath';

const select = xpath.useNamespaces({
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  dn: 'urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2',
  da: 'urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2',
  ret: 'urn:sunat:names:specification:ubl:peru:schema:xsd:Retention-1',
  per: 'urn:sunat:names:specification:ubl:peru:schema:xsd:Perception-1',
  sac: 'urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  vd: 'urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1',
  sd: 'urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
});

/** A parsed XML (a parse error fails the test) with `texts(path)`, every match's text, and `one(path)`, the text of the one match. */
export function readXml(xml: string) {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => void (level !== 'warning' && errors.push(message)) }).parseFromString(xml, 'text/xml');
  expect(errors).toEqual([]);
  const texts = (path: string) => (select(path, doc as unknown as Node) as Node[]).map((n) => n.textContent ?? (n as Attr).value);
  const one = (path: string) => {
    const found = texts(path);
    expect(found, path).toHaveLength(1);
    return found[0]!;
  };
  return { texts, one };
}
