import { useEffect, useState } from 'react';
import type * as QRCodeTypes from 'qrcode';
import { css } from '@emotion/react';
import { useShell } from '@tunehouse/area-kit';
import { Button, colors, radius } from '@tunehouse/ui';
import { saveBlob } from './save-file.js';

/** Types only: erased from the bundle, so qrcode stays out of the first load. */
type QrModule = typeof QRCodeTypes;
let loading: Promise<QrModule> | undefined;

/**
 * qrcode is imported on first use, so it is a chunk of its own and not in the area's first load. It is a CommonJS
 * package: depending on the bundler its functions are on the namespace or on its `default`.
 */
function loadQr(): Promise<QrModule> {
  loading ??= import('qrcode').then((mod) => (mod as unknown as { default?: QrModule }).default ?? mod);
  return loading;
}

const box = css`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  flex-wrap: wrap;
`;
const image = css`
  width: 6rem;
  height: 6rem;
  flex: none;
  border: 1px solid ${colors.border};
  border-radius: ${radius.small};
  background: #fff;
  svg {
    display: block;
    width: 100%;
    height: 100%;
  }
`;

/** A data: URL's bytes as a Blob (qrcode draws PNGs as data URLs). */
function blobOfDataUrl(dataUrl: string): Blob {
  const [head = '', data = ''] = dataUrl.split(',');
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}

/**
 * A store link's QR code, drawn as SVG, with downloads as SVG (scales for print) and as a 1024 px PNG (for
 * posts and tools that take no SVG). `fileBase` names the files.
 */
export function StoreLinkQr({ url, name, fileBase }: { url: string; name: string; fileBase: string }) {
  const shell = useShell();
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadQr()
      .then((qr) => qr.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((text) => live && setSvg(text))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [url]);

  const downloadPng = async () => {
    try {
      const qr = await loadQr();
      const dataUrl = await qr.toDataURL(url, { type: 'image/png', width: 1024, margin: 2 });
      saveBlob(blobOfDataUrl(dataUrl), `${fileBase}-qr.png`);
    } catch {
      shell.toasts.push(`The QR code of the ${name} link could not be made as a PNG.`, 'ERROR');
    }
  };

  if (failed) return <small css={{ color: colors.muted }}>QR code unavailable</small>;
  return (
    <div css={box}>
      <div
        css={image}
        role="img"
        aria-label={`QR code of the ${name} link`}
        aria-busy={svg === null}
        data-qr=""
        // The SVG is qrcode's output for the link: paths and rectangles only, the URL is not in it as text.
        dangerouslySetInnerHTML={svg === null ? undefined : { __html: svg }}
      />
      <Button
        variant="ghost"
        disabled={svg === null}
        aria-label={`Download the ${name} QR code as SVG`}
        onClick={() => svg && saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `${fileBase}-qr.svg`)}
      >
        SVG
      </Button>
      <Button
        variant="ghost"
        disabled={svg === null}
        aria-label={`Download the ${name} QR code as PNG`}
        onClick={() => void downloadPng()}
      >
        PNG
      </Button>
    </div>
  );
}
