// A CommonJS module (.cts): `import` compiles to require() and resolves yupana's "require" types.
import { Client, type DocumentListItem } from 'yupana';
import { describeAuthorityCode, type AuthorityOutcome } from 'yupana/sunat';

const client = new Client({ environment: 'sandbox' });

export async function first(): Promise<DocumentListItem | undefined> {
  const page = await client.documents.list({ limit: 1 });
  return page.data[0];
}

export function outcome(doc: DocumentListItem): AuthorityOutcome | undefined {
  return doc.taxAuthority.code === null ? undefined : describeAuthorityCode(doc.taxAuthority.code).outcome;
}
