/**
 * The UBL 2.0 XML of a comprobante de retención (`Retention`, catálogo 01 `20`) and of a
 * comprobante de percepción (`Perception`, `40`), CustomizationID 1.0, in the order of SUNAT's
 * schema: the signature placeholder, the agent (the issuer, `cac:AgentParty`), the other party
 * (`cac:ReceiverParty`), the regime and its rate as a percentage, the totals in PEN, and one
 * document reference per related document with its payment and the amounts withheld or
 * perceived. Pure: it prints the amounts `agentCents` computed, none of its own.
 *
 * @module
 */
import { exactCents, format } from '../decimal.js';
import type { PerceptionCreateParams } from '../../models/perception.js';
import type { AgentCounterparty, RetentionCreateParams } from '../../models/retention.js';
import type { AgentCents } from '../retention/compute.js';
import { currencyOf } from '../retention/compute.js';
import { signatureExtension, signatureReference } from './parties.js';
import type { Issuer } from './types.js';
import { type Element, decimal, NS_CAC, NS_CBC, node, percent, print, text } from './xml.js';

/** What the renderer reads besides the body and its amounts. */
export interface AgentReceiptContext {
  /** The issuer: the agente de retención or de percepción. */
  issuer: Issuer;
  /** The series and number the service gave it: `R001-1`. */
  fullNumber: string;
  /** Its issue date, `YYYY-MM-DD` (the body's, or the day it was issued). */
  issueDate: string;
}

/** The element names that tell the two families apart. */
interface Names {
  root: 'Retention' | 'Perception';
  word: 'Retention' | 'Perception';
  total: 'sac:SUNATTotalPaid' | 'sac:SUNATTotalCashed';
  net: 'sac:SUNATNetTotalPaid' | 'sac:SUNATNetTotalCashed';
}

const RETENTION_NAMES: Names = { root: 'Retention', word: 'Retention', total: 'sac:SUNATTotalPaid', net: 'sac:SUNATNetTotalPaid' };
const PERCEPTION_NAMES: Names = { root: 'Perception', word: 'Perception', total: 'sac:SUNATTotalCashed', net: 'sac:SUNATNetTotalCashed' };

const RUC = { schemeID: '6' };
const PEN = { currencyID: 'PEN' };

/** A party of the comprobante: its RUC, name, address (street line, in Peru) and registered name. */
function party(name: 'cac:AgentParty' | 'cac:ReceiverParty', ruc: string, tradeName: string, address: string | undefined, registrationName: string): Element {
  return node(
    name,
    node('cac:PartyIdentification', text('cbc:ID', ruc, RUC)),
    node('cac:PartyName', text('cbc:Name', tradeName)),
    address !== undefined && node('cac:PostalAddress', text('cbc:StreetName', address), node('cac:Country', text('cbc:IdentificationCode', 'PE'))),
    node('cac:PartyLegalEntity', text('cbc:RegistrationName', registrationName)),
  );
}

/** The whole XML of one comprobante of either family. */
function render(
  names: Names,
  body: Omit<RetentionCreateParams, 'supplier'> | Omit<PerceptionCreateParams, 'customer'>,
  counterparty: AgentCounterparty,
  amounts: AgentCents,
  { issuer, fullNumber, issueDate }: AgentReceiptContext,
): string {
  const { word } = names;
  const references = body.documents.map((document, index) => {
    const line = amounts.lines[index]!;
    const currency = { currencyID: currencyOf(document) };
    const exchange = currencyOf(document) !== 'PEN' && document.exchangeRate;
    return node(
      `sac:SUNAT${word}DocumentReference`,
      text('cbc:ID', document.number, { schemeID: document.type }),
      text('cbc:IssueDate', document.issueDate),
      text('cbc:TotalInvoiceAmount', format(exactCents(document.total, `documents[${index}].total`)), currency),
      node(
        'cac:Payment',
        text('cbc:ID', String(document.payment.number ?? 1)),
        text('cbc:PaidAmount', format(exactCents(document.payment.amount, `documents[${index}].payment.amount`)), currency),
        text('cbc:PaidDate', document.payment.date),
      ),
      node(
        `sac:SUNAT${word}Information`,
        text(`sac:SUNAT${word}Amount`, format(line.amount), PEN),
        text(`sac:SUNAT${word}Date`, document.payment.date),
        text(names.net, format(line.net), PEN),
        exchange &&
          node(
            'cac:ExchangeRate',
            text('cbc:SourceCurrencyCode', currencyOf(document)),
            text('cbc:TargetCurrencyCode', 'PEN'),
            text('cbc:CalculationRate', decimal(exchange.rate, `documents[${index}].exchangeRate.rate`)),
            text('cbc:Date', exchange.date),
          ),
      ),
    );
  });
  const root = node(
    names.root,
    {
      xmlns: `urn:sunat:names:specification:ubl:peru:schema:xsd:${names.root}-1`,
      'xmlns:cac': NS_CAC,
      'xmlns:cbc': NS_CBC,
      'xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
      'xmlns:ext': 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
      'xmlns:sac': 'urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1',
    },
    signatureExtension(),
    text('cbc:UBLVersionID', '2.0'),
    text('cbc:CustomizationID', '1.0'),
    signatureReference(issuer),
    text('cbc:ID', fullNumber),
    text('cbc:IssueDate', issueDate),
    party('cac:AgentParty', issuer.ruc, issuer.tradeName ?? issuer.name, issuer.address, issuer.name),
    party('cac:ReceiverParty', counterparty.documentNumber, counterparty.name, counterparty.address, counterparty.name),
    text(`sac:SUNAT${word}SystemCode`, body.regime),
    text(`sac:SUNAT${word}Percent`, percent(amounts.rate)),
    body.note !== undefined && text('cbc:Note', body.note),
    text('cbc:TotalInvoiceAmount', format(amounts.amount), PEN),
    text(names.total, format(amounts.net), PEN),
    references,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${print(root)}\n`;
}

/**
 * The UBL 2.0 XML of a comprobante de retención (`20`), from its body and the amounts
 * `agentCents(RETENTION, body)` computed. A `RangeError` names a text XML cannot carry.
 */
export function renderRetention(body: RetentionCreateParams, amounts: AgentCents, context: AgentReceiptContext): string {
  return render(RETENTION_NAMES, body, body.supplier, amounts, context);
}

/**
 * The UBL 2.0 XML of a comprobante de percepción (`40`), from its body and the amounts
 * `agentCents(PERCEPTION, body)` computed. A `RangeError` names a text XML cannot carry.
 */
export function renderPerception(body: PerceptionCreateParams, amounts: AgentCents, context: AgentReceiptContext): string {
  return render(PERCEPTION_NAMES, body, body.customer, amounts, context);
}
