/**
 * The sandbox's account: who issues its documents until `account.update` changes it.
 *
 * @module
 */
import type { Account, BoletaReporting } from '../../models/account.js';
import type { Issuer } from '../../sunat/ubl/types.js';

/**
 * The issuer of the sandbox's documents until `account.update` changes it: the sandbox account's
 * RUC (SUNAT's test RUC), razón social, trade name, fiscal address (establishment `0000`) and a
 * second establishment, `0001` in Arequipa.
 */
export const SANDBOX_ISSUER = {
  ruc: '20000000001',
  name: 'EMPRESA DE PRUEBAS S.A.C.',
  tradeName: 'YUPANA SANDBOX',
  address: 'AV. JAVIER PRADO ESTE NRO. 123, SAN ISIDRO, LIMA',
  establishments: [
    { code: '0000', address: 'AV. JAVIER PRADO ESTE NRO. 123, SAN ISIDRO, LIMA' },
    { code: '0001', address: 'CALLE MERCADERES 142, CERCADO, AREQUIPA' },
  ],
} satisfies Issuer;

/** The account a new (or reset) sandbox starts with, created at `now`: in SUNAT's padrón of restaurants and hotels when `igvReducedRate`, reporting its boletas as `boletaReporting` says. */
export const initialAccount = (now: string, igvReducedRate = false, boletaReporting: BoletaReporting = 'individual'): Account => ({
  id: 'acct_sandbox',
  object: 'account',
  ...SANDBOX_ISSUER,
  email: 'facturacion@example.pe',
  igvReducedRate,
  boletaReporting,
  environment: 'sandbox',
  createdAt: now,
  updatedAt: now,
});
