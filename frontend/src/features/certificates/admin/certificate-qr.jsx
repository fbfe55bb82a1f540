// A certificate's printable QR view: the club's name and logo, holder, number, event, date, the QR code of its verify
// link with "Scan to verify" and the link in text, with Print and the code as SVG and PNG files.
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal.jsx';
import { useContent } from '../../../lib/content.js';
import { fetchCertificateQr } from '../api.js';
import './certificate-qr.css';

/** The "QR code" button of a table row, and the view it opens. */
export function CertificateQrButton({ certificate }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-small" onClick={() => setOpen(true)}>
        QR code<span className="visually-hidden"> of certificate {certificate.certinumber}</span>
      </button>
      <Modal open={open} title={`Certificate ${certificate.certinumber}`} onClose={() => setOpen(false)}>
        <QrView certificate={certificate} onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
}

function QrView({ certificate, onClose }) {
  const [qr, setQr] = useState({ loading: true });

  useEffect(() => {
    let href = null;
    let current = true;
    fetchCertificateQr(certificate._id).then((response) => {
      if (!current) return;
      if (response.ok) {
        href = URL.createObjectURL(response.data);
        setQr({ href, link: response.link });
      } else {
        setQr({ error: response.data?.message ?? 'The QR code could not be made. Try again.' });
      }
    });
    return () => {
      current = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [certificate._id]);

  const { settings } = useContent();
  const file = `certificate-${certificate.certinumber}-qr`;
  return (
    <div className="certificate-print">
      <p className="certificate-print-club">
        <img
          src={settings.clubLogo?.src ?? '/art/logo-jyoti.svg'}
          alt=""
          width="48"
          height="48"
          className="certificate-print-logo"
        />
        <span>Jyoti — A Free Night Education Center By Students Of JGEC</span>
      </p>
      <dl className="certificate-print-facts">
        <dt>Holder</dt>
        <dd>{certificate.name}</dd>
        <dt>Certificate No.</dt>
        <dd>{certificate.certinumber}</dd>
        {certificate.event && (
          <>
            <dt>Event or course</dt>
            <dd>{certificate.event}</dd>
          </>
        )}
        {certificate.issuedOn && (
          <>
            <dt>Issued on</dt>
            <dd>{certificate.issuedOn}</dd>
          </>
        )}
      </dl>
      {qr.href && (
        <figure className="certificate-print-code">
          <img
            className="certificate-print-qr"
            src={qr.href}
            width="256"
            height="256"
            alt={`QR code of the verify link of certificate ${certificate.certinumber}`}
          />
          <figcaption>
            <strong>Scan to verify</strong>
            {qr.link && <span className="certificate-print-link">{qr.link}</span>}
          </figcaption>
        </figure>
      )}
      {qr.loading && <p>Making the QR code…</p>}
      {qr.error && (
        <p className="field-error" role="alert">
          {qr.error}
        </p>
      )}
      <div className="form-actions certificate-print-actions">
        <button type="button" className="button" onClick={() => window.print()} disabled={!qr.href}>
          Print
        </button>
        {qr.href && (
          <>
            <a className="button button-outline" href={qr.href} download={`${file}.svg`}>
              Download SVG
            </a>
            <button type="button" className="button button-outline" onClick={() => downloadPng(qr.href, `${file}.png`)}>
              Download PNG
            </button>
          </>
        )}
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

/** The size of the PNG: sharp when printed a few centimetres wide. */
const PNG_SIZE = 1024;

/** Draws the SVG code at `href` on a canvas, white behind it, square pixels kept square, and saves it as a PNG. */
async function downloadPng(href, name) {
  const picture = new Image();
  picture.src = href;
  await picture.decode();
  const canvas = document.createElement('canvas');
  canvas.width = PNG_SIZE;
  canvas.height = PNG_SIZE;
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, PNG_SIZE, PNG_SIZE);
  context.imageSmoothingEnabled = false;
  context.drawImage(picture, 0, 0, PNG_SIZE, PNG_SIZE);
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
