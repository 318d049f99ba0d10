import { Link } from 'react-router';
import { FEATURED_PLAYERS, TITLED_PLAYERS, playerDisplayName } from '../../../../content/titled-players';
import { formatUsd } from '../../../../domain/money';
import { buttonClass } from '../../design';
import { PlayerCard, portraitUrl } from '../players/PlayerCard';
import { Faq } from './Faq';
import { Icon } from './icons';
import { FAQ_ITEMS, MARKETING_CLAIMS } from './landing-copy';
import './marketing.css';
import './landing.css';

// A worked price example from a real roster entry, so the numbers on the page match what /play will charge.
const EXAMPLE = FEATURED_PLAYERS[0]!;
const EXAMPLE_MINUTES = 10;
const CHEAPEST_CENTS = Math.min(...TITLED_PLAYERS.map((p) => p.pricePerMinCents));

/** The landing page: hero, why play, how it works, six featured players, call to action, FAQ. */
export default function LandingPage() {
  return (
    <div className="mkt">
      <section className="mkt-hero" aria-labelledby="landing-heading">
        <div className="mkt-inner landing-hero">
          <div>
            <span className="mkt-eyebrow">Live games against verified titled players</span>
            <h1 id="landing-heading">Play a Grandmaster today, not someday</h1>
            <p className="mkt-lead">
              Challenge a titled chess player to a real game at the time control you choose. You pay per minute from
              your credits, the game is played on Lichess, and it can start within minutes: no scheduling needed.
            </p>
            <div className="mkt-actions">
              <Link to="/play" className={buttonClass('accent', 'lg')}>
                Play now
              </Link>
              <Link to="/players" className={buttonClass('secondary', 'lg')}>
                Meet the players
              </Link>
            </div>
            <ul className="landing-claims" aria-label="What you get">
              {MARKETING_CLAIMS.map((claim) => (
                <li key={claim.title}>{claim.title}</li>
              ))}
            </ul>
          </div>
          <ul className="landing-hero__board" aria-label="Some of our titled players">
            {TITLED_PLAYERS.slice(6, 12).map((player) => (
              <li key={player.slug}>
                <img src={portraitUrl(player)} alt="" width={256} height={256} />
                <span className="landing-hero__name">
                  <span className="badge">{player.title}</span> {player.firstName} {player.lastName}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mkt-section" aria-labelledby="why-heading" id="why-play">
        <div className="mkt-inner">
          <div className="mkt-section__header">
            <span className="mkt-eyebrow">Why play a titled player</span>
            <h2 id="why-heading">The fastest way to find out what you are missing</h2>
            <p>
              Engines tell you the best move; a strong human shows you how the game is really won. One serious game
              against a titled player teaches more than ten blitz games against opponents at your own level.
            </p>
          </div>
          <ul className="mkt-grid mkt-grid--center">
            {MARKETING_CLAIMS.map((claim) => (
              <li className="mkt-card" key={claim.title}>
                <span className="mkt-icon">
                  <Icon name={claim.icon} />
                </span>
                <h3>{claim.title}</h3>
                <p>{claim.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mkt-section mkt-section--surface" aria-labelledby="how-heading" id="how-it-works">
        <div className="mkt-inner">
          <div className="mkt-section__header">
            <span className="mkt-eyebrow">How it works</span>
            <h2 id="how-heading">Three steps to your first game</h2>
          </div>
          <ol className="mkt-steps">
            <li>
              <h3>Sign up and add credits</h3>
              <p>
                Create a free account with your e-mail or Google, then top up by card from US$5. Buy 100 credits or
                more and you get 10% off; from 300, 15% off.
              </p>
            </li>
            <li>
              <h3>Choose time control and opponent</h3>
              <p>
                Pick a preset such as 3+2 or 15+5, or set your own minutes and increment. Then select one or more
                of the titled players who are online right now. The total price is shown before you send anything.
              </p>
            </li>
            <li>
              <h3>Challenge</h3>
              <p>
                Send the challenge. As soon as a player accepts, the game opens on Lichess and you play. Classical
                games (30 minutes or more per side) cost 20% less per minute.
              </p>
            </li>
          </ol>
          <p className="landing-price-example">
            <strong>What a game costs:</strong> minutes per side × the player&apos;s price per minute. A{' '}
            {EXAMPLE_MINUTES}+0 game against {playerDisplayName(EXAMPLE)} ({formatUsd(EXAMPLE.pricePerMinCents)} per
            minute) costs {formatUsd(EXAMPLE.pricePerMinCents * EXAMPLE_MINUTES)}; with a club-level titled player
            from {formatUsd(CHEAPEST_CENTS)} per minute, the same game costs{' '}
            {formatUsd(CHEAPEST_CENTS * EXAMPLE_MINUTES)}.
          </p>
        </div>
      </section>

      <section className="mkt-section" aria-labelledby="featured-heading" id="featured-players">
        <div className="mkt-inner">
          <div className="mkt-section__header">
            <span className="mkt-eyebrow">Our titled players</span>
            <h2 id="featured-heading">Meet some of your future opponents</h2>
            <p>Grandmasters, International Masters and FIDE Masters, every title checked before they play.</p>
          </div>
          <ul className="players-grid players-grid--featured" data-testid="featured-players">
            {FEATURED_PLAYERS.map((player) => (
              <li key={player.slug}>
                <PlayerCard player={player} variant="compact" />
              </li>
            ))}
          </ul>
          <div className="landing-players__footer">
            <Link to="/players" className={buttonClass('secondary', 'lg')}>
              See All
            </Link>
          </div>
        </div>
      </section>

      <section className="mkt-section mkt-cta" aria-labelledby="cta-heading">
        <div className="mkt-inner mkt-inner--narrow">
          <h2 id="cta-heading">Your next opponent is online now</h2>
          <p>
            Pick a time control, choose a titled player and send the challenge. The game starts on Lichess as soon as
            they accept, and it stays in your game history for analysis afterwards.
          </p>
          <div className="mkt-actions mkt-actions--center">
            <Link to="/play" className={buttonClass('accent', 'lg')}>
              Play now
            </Link>
            <Link to="/signup" className={buttonClass('secondary', 'lg')}>
              Create a free account
            </Link>
          </div>
        </div>
      </section>

      <section className="mkt-section mkt-section--surface" aria-labelledby="faq-heading" id="faq">
        <div className="mkt-inner mkt-inner--narrow">
          <div className="mkt-section__header">
            <span className="mkt-eyebrow">FAQ</span>
            <h2 id="faq-heading">Frequently asked questions</h2>
          </div>
          <Faq items={FAQ_ITEMS} />
        </div>
      </section>
    </div>
  );
}
