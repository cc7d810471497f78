// Run with: deno run --allow-net --allow-env --allow-read main.ts
import * as yupana from 'yupana';
import type { Document } from 'yupana';
import { scenario } from './scenario.mjs';

const summary: string = await scenario(yupana);
const typed: Pick<Document, 'id'> = { id: 'doc_typed' };
console.log(`${summary} (${typed.id}, Deno ${Deno.version.deno})`);
