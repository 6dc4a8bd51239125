import PDFDocument from 'pdfkit';

/**
 * A pdfkit document collected into one buffer: `done` resolves once the caller has written the pages and called
 * `doc.end()`. The documents are one to a few pages, so holding them in memory is cheaper than streaming.
 */
export function pdfDocument(options: PDFKit.PDFDocumentOptions): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
