import { Link } from 'react-router';
import '../landing/marketing.css';
import './privacy.css';
import { POLICY_DATE, PRIVACY_SECTIONS, SUPPORT_EMAIL } from './policy';

/** /privacy: the privacy policy (spec section 1), with a table of contents linking to each heading. */
export default function PrivacyPage() {
  return (
    <div className="mkt">
      <section className="mkt-hero mkt-hero--compact" aria-labelledby="privacy-heading">
        <div className="mkt-inner mkt-inner--narrow">
          <span className="mkt-eyebrow">Legal</span>
          <h1 id="privacy-heading">Privacy Policy</h1>
          <p className="mkt-lead">
            Last updated: <time dateTime="2025-01-04">{POLICY_DATE}</time>
          </p>
        </div>
      </section>
      <div className="mkt-section mkt-section--surface">
        <article className="mkt-inner mkt-inner--narrow privacy">
          <nav aria-labelledby="privacy-toc-heading" className="privacy__toc">
            <h2 id="privacy-toc-heading">Contents</h2>
            <ol>
              {PRIVACY_SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          {PRIVACY_SECTIONS.map((section) => (
            <section key={section.id} aria-labelledby={section.id} className="privacy__section">
              <h2 id={section.id}>{section.title}</h2>
              {section.body}
            </section>
          ))}
          <p className="privacy__footer">
            Questions about this policy? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or use
            our <Link to="/contact">contact page</Link>.
          </p>
        </article>
      </div>
    </div>
  );
}
