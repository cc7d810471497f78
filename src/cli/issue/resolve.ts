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
import { type Resolution, UsageError } from './args.js';
import { decodeLine, type RawLine } from './input.js';
import type { Journal, ResultRecord } from './journal.js';
import type { Scan } from './scan.js';

/** A line's body as far as it can be read: an in-doubt line was a JSON object when it was sent. */
function bodyOf(raw: RawLine): Partial<DocumentCreateParams> {
  const decoded = decodeLine(raw);
  try {
    return decoded.ok ? (JSON.parse(decoded.text) as Partial<DocumentCreateParams>) : {};
  } catch {
    return {};
  }
}

/**
 * The results that record `resolutions`, each checked against the journal, the input (`scan`
 * holds the text of their lines) and, for a document named, the API; `journal` is updated to
 * match, so the run goes on as if they had been recorded before it.
 *
 * @throws {@link UsageError} naming the first resolution that does not hold: nothing is recorded or sent.
 */
export async function resolveLines(client: Client, journal: Journal, scan: Scan, resolutions: readonly Resolution[]): Promise<ResultRecord[]> {
  const records: ResultRecord[] = [];
  for (const { line, document } of resolutions) {
    const found = [...journal.entries].find(([, entry]) => entry.line === line && entry.inDoubt);
    if (found === undefined) throw new UsageError(`--resolve ${line}: line ${line} is not a line in doubt in the results file: nothing to resolve`);
    const [key, entry] = found;
    const raw = scan.resolved.get(line);
    if (raw?.sha256 !== entry.sha256) {
      throw new UsageError(
        `--resolve ${line}: line ${line} of the file is not the line that was sent (lines were added or deleted since): give its number as the file has it now`,
      );
    }
    const identity = { line, key, sha256: entry.sha256, at: new Date().toISOString() };
    if (document === 'none') {
      const message = `resolved by the operator: the API holds no document for it (--resolve ${line}=none); sent again, as a new document if its key is forgotten`;
      records.push({ ...identity, ok: false, maybeIssued: false, error: { name: 'ResolvedNone', message } });
      journal.entries.set(key, { ...entry, inDoubt: false });
      continue;
    }
    const body = bodyOf(raw);
    let issued: Document;
    try {
      issued = await client.documents.retrieve(document);
    } catch (error) {
      throw new UsageError(`--resolve ${line}=${document}: the API did not give that document: ${(error as Error).message}`);
    }
    const { type, series, customer, fullNumber, status, id } = issued;
    if (type !== body.type || series !== body.series || customer.documentNumber !== body.customer?.documentNumber) {
      throw new UsageError(
        `--resolve ${line}=${document}: that document is ${fullNumber} (type ${type}) for customer ${customer.documentNumber}, not line ${line}'s ` +
          `(type ${String(body.type)}, series ${String(body.series)}, customer ${String(body.customer?.documentNumber)})`,
      );
    }
    records.push({ ...identity, ok: true, id, fullNumber, status, replayed: true, resolved: true });
    journal.entries.set(key, { ...entry, inDoubt: false, document: { id, fullNumber, status } });
  }
  return records;
}
