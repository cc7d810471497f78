/**
 * How `yupana issue` names itself in its messages, and its help.
 *
 * @module
 */
import { EXIT_FAILED, EXIT_INTERRUPTED, EXIT_TERMINATED, EXIT_USAGE } from '../io.js';
import type { SdkRules } from './sdk-rules.js';

/** The command, as its messages and summary start. */
export const ISSUE_COMMAND = 'yupana issue';

/** The help of `yupana issue` (`yupana issue --help`), its flags' bounds and choices from the SDK's `rules`. */
export function issueUsage(rules: SdkRules): string {
  return `Usage: yupana issue <file.csv|file.jsonl> [options]

Issues the documents of a CSV file (one row per line item; consecutive rows
with the same "document" value are one document) or of a JSON Lines file (one
documents.create body per line), and appends one result per document to the
results file, the batch's journal. Run the same command again after a crash,
a Ctrl-C or failed lines, within 24 hours: documents already issued are
skipped and the others are sent again with the same idempotency keys, which
the API answers for 24 hours, so no document is issued twice. A key comes
from the document's content, not its position: you may fix or delete lines
that were never issued, or add lines, between runs. What would be unsafe is
refused before anything is sent, with the command that does what it says.

CSV: UTF-8 (with or without BOM) or Windows-1252; ";" (numbers 1.234,56) or
"," (numbers 1234.56); dates YYYY-MM-DD or DD/MM/YYYY. Headers name the field
a column fills: document, type, series, currency, issueDate, dueDate,
operationType, purchaseOrder, exchangeRate, customer.documentType,
customer.documentNumber, customer.name, customer.address, customer.email,
item.description, item.quantity, item.unitPrice, item.igv, item.code,
item.sunatProductCode, item.unitCode, item.igvAffectation,
item.referenceValue, item.icbper, metadata.<key>.

Options:
  --out <file>           results file (JSON Lines), appended to
                         (default: <file>.results.jsonl, beside it)
  --columns <f>=<h>,...  the CSV header <h> fills field <f> (repeatable)
  --key-prefix <prefix>  idempotency keys are <prefix>-<hash of the document>
                         (default: batch-<hash of the file's content> at the
                         first run; then the one the results file records)
  --concurrency <n>      documents in flight at once, 1 to ${rules.maxConcurrency} (default: ${rules.defaultConcurrency})
  --environment <name>   ${rules.environments.join(' or ')} (default: production)
  --continue-batch       continue the batch of the results file although it
                         began on another day in Lima
  --resolve <line>=<id>  a line in doubt is issued as document <id> (doc_...),
  --resolve <line>=none  or has no document: it is sent again (repeatable)
  --repeats-are-new      lines that repeat lines already sent (a copy of a
                         line of this batch, a line another batch beside it
                         sent, or one the API answered with another run's
                         document) are new sales: issue them
  -h, --help             show this help

Environment:
  YUPANA_API_KEY     your API key (required)
  YUPANA_BASE_URL    another API address, e.g. the mock of npx yupana-mock;
                     it wins over --environment
  YUPANA_STOP_GRACE  seconds the documents in flight get after a SIGTERM
                     before they are aborted (default: 5)

Exit status: 0 every line issued, ${EXIT_FAILED} some lines failed, were rejected by SUNAT
or were another run's (the results file says which), ${EXIT_USAGE} refused (nothing sent),
${EXIT_INTERRUPTED} interrupted (Ctrl-C), ${EXIT_TERMINATED} terminated (SIGTERM): run it again to resume.`;
}
