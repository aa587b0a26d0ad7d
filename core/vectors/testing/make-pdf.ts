import PDFDocument from 'pdfkit';

/** A PDF with one page per string (pdfkit's built-in Helvetica), for tests and the benchmark. */
export function makePdf(pages: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: true, info: { Title: 'Sample', CreationDate: new Date(0) } });
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    for (const text of pages) {
      doc.addPage({ size: 'LETTER', margin: 54 });
      doc.font('Helvetica').fontSize(10).text(text, { width: 504, height: 680, ellipsis: true });
    }
    doc.end();
  });
}
