import type * as z from 'zod/mini';
import { type FieldIssue, ValidationError } from './errors.js';

type Issue = z.core.$ZodIssue & { input?: unknown };

/** Words for a zod issue; zod/mini ships no locale, so its own message is only "Invalid input". */
function describe(issue: Issue): string {
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) return 'is required';
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? 'must be an integer' : `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      const word = issue.code === 'too_small' ? 'at least' : 'at most';
      if (issue.origin === 'array') return `must have ${word} ${bound} items`;
      if (issue.origin === 'string') return `must be ${word} ${bound} characters`;
      return `must be ${issue.inclusive ? word : issue.code === 'too_small' ? 'greater than' : 'less than'} ${bound}`;
    }
    default:
      return 'is invalid';
  }
}

/** zod issues as field issues: a dot-separated path, the issue code, and words for people. */
export function toFieldIssues(issues: readonly z.core.$ZodIssue[]): Required<FieldIssue>[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), code: issue.code, message: describe(issue as Issue) }));
}

/**
 * Checks `value` against `schema`: throws a {@link ValidationError} naming every failing path,
 * before anything is sent, or returns. Parsed with `reportInput`, for the inputs the words of its
 * issues read (`describe`). Every body, query and path parameter schema of a resource call comes here.
 */
export function validate(schema: z.ZodMiniType, value: unknown, operation: string): void {
  const { error } = schema.safeParse(value, { reportInput: true });
  if (error) throw new ValidationError(operation, toFieldIssues(error.issues));
}
