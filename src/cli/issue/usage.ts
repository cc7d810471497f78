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
  return `Usage: yupana issue <file.jsonl> [options]

Issues one document per line of <file.jsonl>, each line a documents.create body
in JSON (UTF-8), and appends one result per line to the results file, the
batch's journal. Blank lines are skipped. Run the same command again after a
crash, a Ctrl-C or failed lines, within 24 hours: lines already issued are
skipped and the others are sent again with the same idempotency keys, which
the API answers for 24 hours, so no document is issued twice. A line's key
comes from its text, not its position: you may fix or delete lines that were
never issued, or add lines, between runs. A results file of a batch begun on
another day in Lima is refused (a new batch needs a new results file: --out);
a line whose answer is still unknown after 23 hours is listed, not sent:
look for its document in the API and say what you found with --resolve.

Options:
  --out <file>           results file (JSON Lines), appended to
                         (default: <file> with .results.jsonl for its extension)
  --key-prefix <prefix>  idempotency keys are <prefix>-<hash of the line>
                         (default: batch-<hash of the file's content> at the
                         first run; then the one the results file records)
  --concurrency <n>      documents in flight at once, 1 to ${rules.maxConcurrency} (default: ${rules.defaultConcurrency})
  --environment <name>   ${rules.environments.join(' or ')} (default: production)
  --continue-batch       continue the batch of the results file although it
                         began on another day in Lima
  --resolve <line>=<id>  a line in doubt is issued as document <id> (doc_...),
  --resolve <line>=none  or has no document: it is sent again (repeatable)
  --repeats-are-new      lines that repeat lines already sent (a copy of a
                         line of this batch, or a line another batch beside
                         it sent in the last 24 hours) are new sales: issue
                         them
  -h, --help             show this help

Environment:
  YUPANA_API_KEY   your API key (required)
  YUPANA_BASE_URL  another API address, e.g. the mock of npx yupana-mock;
                   it wins over --environment

Exit status: 0 every line issued, ${EXIT_FAILED} some lines failed or were rejected by SUNAT
(the results file says which), ${EXIT_USAGE} usage error (nothing sent), ${EXIT_INTERRUPTED} interrupted
(Ctrl-C), ${EXIT_TERMINATED} terminated (SIGTERM): run it again to resume.`;
}
