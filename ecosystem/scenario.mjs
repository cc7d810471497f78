/**
 * What every consumer does with the installed `yupana`, whatever its runtime: issue a factura,
 * find it again with `for await`, get a typed error, and have bad input rejected before sending.
 * It takes the package's exports as an argument, so each consumer imports `yupana` its own way
 * (ESM, `require`, a bundle). Throws on anything unexpected; returns a one-line summary.
 */
export function factura() {
  return {
    type: '01',
    series: 'F001',
    customer: { documentType: '6', documentNumber: '20131312955', name: 'ACME S.A.C.' },
    items: [{ description: 'Servicio', quantity: 2, unitPrice: 100, igv: 36 }],
  };
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

export async function scenario(yupana, clientOptions = {}) {
  const { APIError, Client, NotFoundError, ValidationError } = yupana;
  const client = new Client(clientOptions);

  const { data: doc, requestId } = await client.documents.create(factura()).withResponse();
  check(/^doc_/.test(doc.id) && doc.status === 'accepted' && doc.totals.total === 236, `unexpected document ${JSON.stringify(doc)}`);
  check(/^req_/.test(requestId ?? ''), 'the create response carried no readable Request-Id');
  const second = await client.documents.create(factura());

  // One document per page: `for await` must fetch the next page by itself.
  const listed = [];
  for await (const listedDoc of client.documents.list({ limit: 1 })) listed.push(listedDoc.id);
  check(listed.includes(doc.id) && listed.includes(second.id), `for await over documents.list() saw only ${listed.join(', ')}`);

  let notFound;
  try {
    await client.documents.retrieve('doc_does_not_exist');
  } catch (error) {
    notFound = error;
  }
  check(
    notFound instanceof NotFoundError && notFound instanceof APIError && notFound.status === 404 && notFound.code === 'not_found',
    `expected a NotFoundError, got ${notFound}`,
  );

  // Bad input rejects the returned promise (never a synchronous throw), and nothing is sent.
  let pending;
  try {
    pending = client.documents.create({ ...factura(), series: 'F1' });
  } catch (error) {
    throw new Error(`documents.create threw synchronously: ${error}`);
  }
  const invalid = await pending.then(
    () => undefined,
    (error) => error,
  );
  check(invalid instanceof ValidationError && invalid.issues[0]?.path === 'series', `expected a ValidationError on series, got ${invalid}`);

  return `issued ${doc.fullNumber} ${doc.status}; for await listed ${listed.length} pages of 1; ${notFound.name} ${notFound.code}; ${invalid.name} on ${invalid.issues[0].path}`;
}
