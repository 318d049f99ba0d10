import { formatCredits } from '../../shell/nav';
import { profileImageUrl } from '../../api/user';
import type { Opponent } from '../../stores/ContentStore';

/**
 * One titled player: avatar, title and name, ratings, price per minute, availability, and, on the play screen,
 * the price for the chosen time control and a checkbox to select them.
 */
export function OpponentCard({ opponent, total, select }: { opponent: Opponent; total?: number; select?: { checked: boolean; onChange: () => void } }) {
  const src = profileImageUrl(opponent.profile_filename);
  const name = `${opponent.first_name} ${opponent.last_name}`.trim() || opponent.username;
  return (
    <li className={`opponent${opponent.online ? '' : ' opponent--offline'}`}>
      {select && (
        <input
          type="checkbox"
          className="opponent__select"
          checked={select.checked}
          onChange={select.onChange}
          aria-label={`Challenge ${opponent.title ? `${opponent.title} ` : ''}${name}`}
        />
      )}
      {src ? (
        <img className="avatar" src={src} alt="" width={48} height={48} />
      ) : (
        <span className="avatar avatar--initials" style={{ width: 48, height: 48 }} aria-hidden="true">
          {(opponent.first_name[0] ?? '?') + (opponent.last_name[0] ?? '')}
        </span>
      )}
      <div className="opponent__body">
        <div className="opponent__name">
          {opponent.title && <span className="badge">{opponent.title}</span>} {name}
        </div>
        <div className="opponent__meta">
          Blitz {opponent.lichess_blitz_rating} · Rapid {opponent.lichess_rapid_rating} · {opponent.mins_per_side_min}–
          {opponent.mins_per_side_max} min
        </div>
      </div>
      <div className="opponent__price">
        <strong>{formatCredits(opponent.price_per_min)}</strong>
        <span className="muted">/min</span>
        {total !== undefined && <div className="opponent__total">{formatCredits(total)} this game</div>}
      </div>
      <span className={`badge ${opponent.online ? 'badge--online' : 'badge--muted'}`}>{opponent.online ? 'Online' : 'Offline'}</span>
    </li>
  );
}
