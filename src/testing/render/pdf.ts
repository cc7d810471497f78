/**
 * The tiny PDF the mock serves for a document (`documents.pdf`): one page that names it. It looks
 * right; it is nobody's printed representation.
 *
 * @module
 */
import type { Document } from '../../models/document.js';

const money = (n: number) => n.toFixed(2);

/** A one-page PDF 1.4 (with a correct xref table) that names the document (or retention, perception: its total withheld or perceived) and the format. */
export function renderPdf(
  doc: Pick<Document, 'fullNumber' | 'currency'> & { totals: Pick<Document['totals'], 'total'> },
  format: 'a4' | 'ticket',
): Uint8Array<ArrayBuffer> {
  return pdfPage(`${doc.fullNumber} ${doc.currency} ${money(doc.totals.total)}`, format);
}

/** A one-page PDF 1.4 (with a correct xref table) whose one line is `line` and the format (a guía de remisión: its number and weight). */
export function pdfPage(line: string, format: 'a4' | 'ticket'): Uint8Array<ArrayBuffer> {
  const [width, height] = format === 'ticket' ? [227, 400] : [595, 842];
  const text = `${line} (${format})`.replace(/[()\\]/g, (c) => `\\${c}`);
  const content = `BT /F1 12 Tf 20 ${height - 40} Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Title (${text}) /Producer (yupana mock sandbox) >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Only ASCII above, so one char is one byte.
  return Uint8Array.from(pdf, (c) => c.charCodeAt(0) & 0xff);
}
