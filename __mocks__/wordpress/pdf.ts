import { Buffer } from 'node:buffer';

/** Deterministic one-page PDF documents for the fake's uploads (white-paper downloads). */

function pdfText(value: string): string {
  // Helvetica in a Type1 font with the standard encoding: keep printable ASCII, escape the delimiters.
  return value.replace(/[^\x20-\x7e]/g, '-').replace(/[\\()]/g, (c) => `\\${c}`);
}

const cache = new Map<string, Buffer>();

/** A valid PDF (US Letter) showing `title` and the lines below it. Cached by content. */
export function createPdf(title: string, lines: readonly string[] = []): Buffer {
  const key = JSON.stringify([title, lines]);
  const cached = cache.get(key);
  if (cached) return cached;

  const text = [
    'BT /F1 22 Tf 72 700 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 12 Tf',
    ...lines.map((line) => `0 -22 Td (${pdfText(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];

  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;

  const pdf = Buffer.from(body, 'latin1');
  cache.set(key, pdf);
  return pdf;
}
