/**
 * `--resolve <line>=<doc_id>` and `--resolve <line>=none`: the operator's word on a line in doubt
 * that a run can no longer settle by sending it again (first sent more than 23 hours ago, or with
 * an API key that is gone), after looking for its document in the API. Checked before it is
 * recorded: the line must be in doubt, unchanged, and a document named must exist and be the
 * line's (its type, series and customer).
 *
 * @module
 */
import type { Client, Document, DocumentCreateParams } from '../../index.js';
import { Refusal, type Resolution } from './args.js';
import { documentsRecorded, type Journal, type ResultRecord } from './journal.js';
import type { Scan } from './scan.js';
import type { InputDocument } from './source.js';

/** A line's body as far as it can be read: an in-doubt line was a body when it was sent. */
function bodyOf(document: InputDocument): Partial<DocumentCreateParams> {
  const input = document.read();
  return input.kind === 'body' ? input.body : {};
}

/** Why `issued` (a document the API gave) is not the document of `body`, or `undefined` when it is: its type, series, customer and lines. */
function otherDocument(issued: Document, body: Partial<DocumentCreateParams>): string | undefined {
  const lines = (items: readonly { description?: unknown; quantity?: unknown }[] | undefined) => JSON.stringify((items ?? []).map((i) => [i.description, i.quantity]));
  if (
    issued.type === body.type &&
    issued.series === body.series &&
    issued.customer.documentNumber === body.customer?.documentNumber &&
    lines(issued.items) === lines(body.items)
  ) {
    return undefined;
  }
  return `that document is ${issued.fullNumber} (type ${issued.type}) for customer ${issued.customer.documentNumber} with ${issued.items.length} line(s), not the line's (type ${String(body.type)}, series ${String(body.series)}, customer ${String(body.customer?.documentNumber)}, ${body.items?.length ?? 0} line(s))`;
}

/** Whether the API's answer has what `otherDocument` reads: a gateway's or proxy's 200 may not. */
const isDocument = (value: unknown): value is Document => {
  const doc = value as Partial<Document> | null;
  return (
    typeof doc === 'object' && doc !== null && typeof doc.fullNumber === 'string' && typeof doc.customer === 'object' && doc.customer !== null && Array.isArray(doc.items)
  );
};

/**
 * The results that record `resolutions`, each checked against the journal, the input (`scan`
 * holds their lines as the file has them now, with their keys) and, for a document named, the
 * API: a document recorded for another line, or named twice, is refused. `journal` is updated to
 * match, so the run goes on as if they had been recorded before it.
 *
 * @throws {@link Refusal} naming the first resolution that does not hold: nothing is recorded or sent.
 */
export async function resolveLines(
  client: Client,
  journal: Journal,
  out: string,
  scan: Scan,
  resolutions: readonly Resolution[],
  now: () => number,
): Promise<ResultRecord[]> {
  const records: ResultRecord[] = [];
  const named = resolutions.flatMap(({ document }) => (document === 'none' ? [] : [document]));
  const recorded = named.length === 0 ? new Set<string>() : await documentsRecorded(out, new Set(named));
  for (const { line, document } of resolutions) {
    const found = scan.resolved.get(line);
    const entry = found && journal.entries.get(found.key);
    if (found === undefined || entry === undefined || !entry.inDoubt || !entry.holds(found.document.sha256)) {
      throw new Refusal(
        `--resolve ${line}: line ${line} of the file is not a line in doubt in the results file: nothing to resolve (give the line's number as the file has it now)`,
      );
    }
    const { key } = found;
    const { sha256 } = found.document;
    const identity = { line, key, sha256, at: new Date(now()).toISOString() };
    if (document === 'none') {
      const message = `resolved by the operator: the API holds no document for it (--resolve ${line}=none); sent again, as a new document if its key is forgotten`;
      records.push({ ...identity, ok: false, maybeIssued: false, error: { name: 'ResolvedNone', message } });
      journal.entries.set(key, { ...entry, sha256, inDoubt: false, firstSentAt: undefined });
      continue;
    }
    if (recorded.has(document)) throw new Refusal(`--resolve ${line}=${document}: the results file already records ${document} for another line, or it is named twice`);
    let issued: unknown;
    try {
      issued = await client.documents.retrieve(document);
    } catch (error) {
      throw new Refusal(`--resolve ${line}=${document}: the API did not give that document: ${(error as Error).message}`);
    }
    if (!isDocument(issued)) throw new Refusal(`--resolve ${line}=${document}: the API's answer is not a document (a proxy's?): nothing resolved`);
    const mismatch = otherDocument(issued, bodyOf(found.document));
    if (mismatch !== undefined) throw new Refusal(`--resolve ${line}=${document}: ${mismatch}`);
    const { id, fullNumber, status } = issued;
    recorded.add(id);
    records.push({ ...identity, ok: true, id, fullNumber, status, replayed: true, resolved: true });
    journal.entries.set(key, { ...entry, sha256, inDoubt: false, document: { id, fullNumber, status } });
  }
  return records;
}
