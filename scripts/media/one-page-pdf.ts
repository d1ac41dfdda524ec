// A one-page PDF with a title and lines of text, written by hand (PDF 1.4,
// the standard Helvetica font, a correct cross-reference table): the demo's
// technical rider, made on the machine like its audio and photos.

/** Text as a PDF string: the three characters it gives a meaning escaped, and only Latin-1. */
const pdfString = (text: string) => `(${text.replace(/[^\x20-\x7e]/g, "?").replace(/[\\()]/g, (c) => `\\${c}`)})`;

export function onePagePdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    "BT /F1 20 Tf 56 780 Td",
    `${pdfString(title)} Tj`,
    "/F1 11 Tf 0 -32 Td 15 TL",
    ...lines.map((line) => `${pdfString(line)} '`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    // A4, in points.
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (artist-site demo) >>`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
