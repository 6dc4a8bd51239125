import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows: pdfkit writes Helvetica text as hex strings in TJ arrays (`[<4e6f72> 30 <7468>] TJ`), in
 * page streams deflated by default. Each stream is inflated when it is compressed, each TJ array decoded as
 * Windows-1252 (Latin-1 for what the tests use) and joined, one line per text object.
 */
export function textOfPdf(pdf: Buffer): string {
  const lines: string[] = [];
  const source = pdf.toString('latin1');
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(match[1]!)) {
      try {
        body = inflateSync(body);
      } catch {
        continue;
      }
    }
    for (const array of body.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
