import { Link } from 'react-router';
import { playerDisplayName, portraitAlt, type TitledPlayer } from '../../../../content/titled-players';
import { sessionPriceCents, SESSION_LENGTH_MINUTES } from '../../../../domain/scheduled-sessions';
import { buttonClass } from '../../design';
import { formatCredits } from '../../shell/nav';
import './players.css';

/** What the live list (get_app_state) says of this player now: their account, price, presence. */
export interface LiveOffer {
  userId: number;
  pricePerMin: number;
  online: boolean;
  bookable: boolean;
}

/**
 * Price per minute, the hour-long session's price, whether they are online now, and the two ways to play them:
 * 'Challenge' (Play with the player selected) and 'Book a session' (Schedule with the player chosen). Until the
 * live list answers, the roster's own price shows and the links open the screens without a choice made.
 */
function Offer({ player, live }: { player: TitledPlayer; live: LiveOffer | null | undefined }) {
  const pricePerMin = live ? live.pricePerMin : player.pricePerMinCents / 100;
  const sessionPrice = sessionPriceCents(Math.round(pricePerMin * 100), false, false) / 100;
  const name = playerDisplayName(player);
  return (
    <div className="player-card__offer" data-testid="player-offer">
      <div className="player-card__price">
        <span>
          <strong>{formatCredits(pricePerMin)}</strong>/min
        </span>
        <span className="muted">
          {formatCredits(sessionPrice)} per {SESSION_LENGTH_MINUTES / 60}-hour session
        </span>
        {live ? (
          <span className={`badge ${live.online ? 'badge--online' : 'badge--muted'}`}>{live.online ? 'Online now' : 'Offline'}</span>
        ) : (
          <span className="badge badge--muted player-card__presence-placeholder" aria-hidden="true">
            Offline
          </span>
        )}
      </div>
      <div className="player-card__actions">
        <Link to={live ? `/play?opponent=${live.userId}` : '/play'} className={buttonClass('primary', 'sm')} aria-label={`Challenge ${name}`}>
          Challenge
        </Link>
        {(live?.bookable ?? true) && (
          <Link to={live ? `/schedule?player=${live.userId}` : '/schedule'} className={buttonClass('secondary', 'sm')} aria-label={`Book a session with ${name}`}>
            Book a session
          </Link>
        )}
      </div>
    </div>
  );
}

interface PlayerCardProps {
  player: TitledPlayer;
  /** 'full' adds key achievements and peak ratings (the /players roster); 'compact' is the landing teaser. */
  variant: 'full' | 'compact';
  /** Heading level inside the page outline. */
  headingLevel?: 'h2' | 'h3';
  /** The live offer (price, presence, account) for the roster's actions; undefined where none is shown. */
  live?: LiveOffer | null;
}

/** URL of a roster portrait (served from web/public/players/). */
export function portraitUrl(player: Pick<TitledPlayer, 'portrait'>): string {
  return `/players/${player.portrait}`;
}

export function PlayerCard({ player, variant, headingLevel = 'h3', live }: PlayerCardProps) {
  const Heading = headingLevel;
  // The card's own sub-heading sits one level below its name, so the page outline never skips a level.
  const SubHeading = headingLevel === 'h2' ? 'h3' : 'h4';
  const headingId = `player-${player.slug}`;
  const portrait = (
    <img
      className="player-card__portrait"
      src={portraitUrl(player)}
      alt={portraitAlt(player)}
      width={256}
      height={256}
      decoding="async"
    />
  );
  const name = (
    <Heading className="player-card__name" id={headingId}>
      <abbr className="badge player-card__title" title={TITLE_NAMES[player.title]}>
        {player.title}
      </abbr>{' '}
      {player.firstName} {player.lastName}
    </Heading>
  );
  const country = <p className="player-card__country">{player.country}</p>;
  const bio = <p className="player-card__bio">{player.bio}</p>;

  const header = (
    <div className="player-card__header">
      {portrait}
      <div>
        {name}
        {country}
      </div>
    </div>
  );

  if (variant === 'compact') {
    return (
      <article className="player-card player-card--compact" aria-labelledby={headingId} data-player={player.slug}>
        {header}
        {bio}
      </article>
    );
  }
  return (
    <article className="player-card player-card--full" aria-labelledby={headingId} data-player={player.slug}>
      {header}
      <div className="player-card__body">
        {bio}
        <SubHeading className="player-card__subheading">Key achievements</SubHeading>
        <ul className="player-card__achievements" aria-label={`Key achievements of ${playerDisplayName(player)}`}>
          {player.achievements.map((achievement) => (
            <li key={achievement}>{achievement}</li>
          ))}
        </ul>
        <dl className="player-card__ratings" aria-label="Peak Lichess ratings">
          <div>
            <dt>Blitz peak</dt>
            <dd>{player.lichessBlitzRating}</dd>
          </div>
          <div>
            <dt>Rapid peak</dt>
            <dd>{player.lichessRapidRating}</dd>
          </div>
          <div>
            <dt>Bullet peak</dt>
            <dd>{player.lichessBulletRating}</dd>
          </div>
        </dl>
        {live !== undefined && <Offer player={player} live={live} />}
      </div>
    </article>
  );
}

/** Full names of the FIDE titles, for screen readers and tooltips. */
export const TITLE_NAMES: Readonly<Record<TitledPlayer['title'], string>> = {
  GM: 'Grandmaster',
  IM: 'International Master',
  FM: 'FIDE Master',
  CM: 'Candidate Master',
  WGM: 'Woman Grandmaster',
  WIM: 'Woman International Master',
  WFM: 'Woman FIDE Master',
  WCM: 'Woman Candidate Master',
};
