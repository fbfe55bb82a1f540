// Support: the donation bank details, a photo and the appeal.
import { Photo } from '../../components/photo.jsx';
import { useContent } from '../../lib/content.js';
import './support.css';

export function SupportPage() {
  const { settings } = useContent();
  return (
    <div className="page">
      <h1 className="page-title">Support Jyoti</h1>
      <div className="support">
        <Photo photo={settings.supportPhoto} alt="Children of Jyoti studying together" eager className="support-photo" sizes="(min-width: 900px) 50vw, 100vw" />
        <div className="support-text">
          <p className="support-appeal">{settings.donationAppeal}</p>
          <section className="card support-bank" aria-labelledby="bank-title">
            <h2 id="bank-title">Donate by bank transfer</h2>
            <dl>
              <dt>Account number</dt>
              <dd>{settings.donationAccount}</dd>
              <dt>IFSC code</dt>
              <dd>{settings.donationIfsc}</dd>
              <dt>Branch</dt>
              <dd>{settings.donationBranch}</dd>
            </dl>
          </section>
        </div>
      </div>
    </div>
  );
}
