import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { TITLED_PLAYERS, type TitledPlayer } from '../../../../content/titled-players';
import { TITLES, type Title } from '../../../../domain/limits';
import { buttonClass } from '../../design';
import type { Opponent } from '../../stores/ContentStore';
import { useStores } from '../../stores/StoresContext';
import { PlayerCard, TITLE_NAMES, type LiveOffer } from './PlayerCard';
import '../landing/marketing.css';

/** How many players hold each title, in the order of the title list (GM first). */
function titleCounts(): { title: Title; count: number }[] {
  return TITLES.map((title) => ({ title, count: TITLED_PLAYERS.filter((p) => p.title === title).length })).filter(
    (entry) => entry.count > 0,
  );
}

/**
 * The live offer of a roster player: the listed titled player whose chess-site name is theirs. Null while the
 * list loads or when they are not listed now: the card keeps its place and shows the roster's own price.
 */
function liveOffer(player: TitledPlayer, byUsername: Map<string, Opponent>): LiveOffer | null {
  const o = byUsername.get(player.lichessUsername.toLowerCase());
  if (!o) return null;
  return { userId: o.user_id, pricePerMin: o.price_per_min, online: o.online, bookable: o.available_for_scheduled_challenges };
}

/** /players: the full roster with each player's price, presence and actions, then how a titled player joins. */
const PlayersPage = observer(function PlayersPage() {
  const { content } = useStores();
  useEffect(() => {
    void content.loadAppState();
  }, [content]);
  const byUsername = new Map(content.opponents.map((o) => [o.username.toLowerCase(), o]));
  return (
    <div className="mkt">
      <section className="mkt-hero mkt-hero--compact" aria-labelledby="players-heading">
        <div className="mkt-inner">
          <span className="mkt-eyebrow">The roster</span>
          <h1 id="players-heading">Our titled players</h1>
          <p className="mkt-lead">
            {TITLED_PLAYERS.length} verified titled players from {new Set(TITLED_PLAYERS.map((p) => p.country)).size}{' '}
            countries, from club coaches who love teaching beginners to grandmasters who will test your preparation.
            Every title and chess-site account is checked before a player can accept a game.
          </p>
          <ul className="players-summary" aria-label="Players by title">
            {titleCounts().map(({ title, count }) => (
              <li key={title}>
                <abbr title={TITLE_NAMES[title]}>{count === 1 ? `1 ${title}` : `${count} ${title}s`}</abbr>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mkt-section" aria-label="All titled players">
        <div className="mkt-inner">
          <ul className="players-grid" data-testid="players-roster">
            {TITLED_PLAYERS.map((player) => (
              <li key={player.slug}>
                <PlayerCard player={player} variant="full" headingLevel="h2" live={liveOffer(player, byUsername)} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mkt-section mkt-section--surface" aria-labelledby="join-heading" id="join">
        <div className="mkt-inner">
          <div className="mkt-section__header">
            <span className="mkt-eyebrow">For titled players</span>
            <h2 id="join-heading">Join as titled player</h2>
            <p>
              Hold a FIDE title? Earn money playing the games you already play, at your own rate and on your own
              schedule. Joining takes three steps.
            </p>
          </div>
          <ol className="mkt-steps">
            <li>
              <h3>Sign up on the chess site and get your profile verified</h3>
              <p>
                Use your Lichess account (or create one) and have your FIDE title verified there, so your title
                appears next to your name on the site where the games are played.
              </p>
            </li>
            <li>
              <h3>Contact us to become a member</h3>
              <p>
                Send us your name, title and chess-site username through the contact form. We verify your
                credentials and set up your titled-player account, usually within two working days.
              </p>
            </li>
            <li>
              <h3>Set your rate in USD per minute</h3>
              <p>
                Choose your price per minute (US$0.10 to US$5.00), the time controls you accept and your online
                hours. Go online whenever you like, accept the challenges you want, and get paid for every game.
              </p>
            </li>
          </ol>
          <div className="mkt-actions mkt-actions--center">
            <Link to="/contact" className={buttonClass('primary', 'lg')}>
              Contact us to join
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
});

export default PlayersPage;
