// A certificate's printable QR view: holder, number, event, date and the QR code of its verify link, with Print.
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal.jsx';
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
        setQr({ href });
      } else {
        setQr({ error: response.data?.message ?? 'The QR code could not be made. Try again.' });
      }
    });
    return () => {
      current = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [certificate._id]);

  return (
    <div className="certificate-print">
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
        <img
          className="certificate-print-qr"
          src={qr.href}
          width="256"
          height="256"
          alt={`QR code of the verify link of certificate ${certificate.certinumber}`}
        />
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
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
