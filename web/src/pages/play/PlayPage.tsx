import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { MESSAGES } from '../../../../domain/messages';
import { Banner, ButtonLink } from '../../design';
import { useStores } from '../../stores/StoresContext';
import { OpponentCard } from './OpponentCard';
import './play.css';

/** The play screen's first version: who is available to play now (the challenge flow comes next). */
const PlayPage = observer(function PlayPage() {
  const { content, session } = useStores();
  useEffect(() => {
    void content.loadAppState();
  }, [content]);

  return (
    <div className="page">
      <header className="page__header">
        <h1>Play now</h1>
        <p className="page__lead">Titled players online right now. Prices are per minute of your game&apos;s clock.</p>
      </header>
      <div className="card schedule-card">
        <div>
          <h2 className="h4" style={{ fontSize: 'var(--font-size-lg)', marginBottom: 4 }}>
            Prefer a fixed time?
          </h2>
          <p className="muted" style={{ margin: 0 }}>
            Book a one-hour training session with a titled player.
          </p>
        </div>
        <ButtonLink to={session.signedIn ? '/schedule' : '/signup'} variant="secondary">
          Schedule for later
        </ButtonLink>
      </div>
      {content.opponentsState === 'error' && <Banner kind="error">We could not load the players. Please try again in a moment.</Banner>}
      {content.opponentsState === 'loading' && <p className="muted">Loading players…</p>}
      {content.opponentsState === 'loaded' && (
        <>
          <h2>Available opponents</h2>
          {content.availableOpponents.length === 0 ? (
            <p className="muted">{MESSAGES.noOpponentsMatching}</p>
          ) : (
            <ul className="opponents" aria-label="Available opponents">
              {content.availableOpponents.map((o) => (
                <OpponentCard key={o.user_id} opponent={o} />
              ))}
            </ul>
          )}
          {content.unavailableOpponents.length > 0 && (
            <>
              <h2>Unavailable opponents</h2>
              <ul className="opponents" aria-label="Unavailable opponents">
                {content.unavailableOpponents.map((o) => (
                  <OpponentCard key={o.user_id} opponent={o} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
});

export default PlayPage;
