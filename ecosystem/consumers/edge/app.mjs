// Bundled into one script and evaluated in an EdgeVM: no `process`, no Node built-ins, only Web APIs.
// The runner passes the mock's address and key as globals, as an edge platform would pass secrets.
import * as yupana from 'yupana';
import { scenario } from './scenario.mjs';

globalThis.result = scenario(yupana, { apiKey: globalThis.YUPANA_API_KEY, baseURL: globalThis.YUPANA_BASE_URL });
