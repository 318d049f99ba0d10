import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { insufficientCreditText, MESSAGES } from '../../../../domain/messages';
import { isProLike } from '../../api/user';
import { Banner, Button, ButtonLink, buttonClass, Modal, TextInput } from '../../design';
import { formatCredits } from '../../shell/nav';
import { PRESETS, type PlayAs } from '../../stores/PlayStore';
import { useStores } from '../../stores/StoresContext';
import type { Opponent } from '../../stores/ContentStore';
import { OpponentCard } from './OpponentCard';
import { StartPositionPicker } from './StartPositionPicker';
import { usePlaySounds } from './usePlaySounds';
import './play.css';

/** Seconds left until the challenges expire, ticking every second while the waiting popup is open. */
function useSecondsLeft(expiresAt: string | null): number | null {
  // The clock is read at every render: a time kept from when the page mounted would show more than the TTL on the
  // first render after sending (the page may have been open for minutes). The interval only makes it render.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!expiresAt) return undefined;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? Math.max(0, Math.ceil((new Date(expiresAt).getTime() - Date.now()) / 1000)) : null;
}

/**
 * One opponent's row. An observer, hence memoized: it re-renders when its opponent object changes (the store keeps
 * the object of an unchanged opponent across polls) or when what it reads changes (selection, time control).
 */
const OpponentRow = observer(function OpponentRow({ opponent, selectable = false, unavailable = false }: { opponent: Opponent; selectable?: boolean; unavailable?: boolean }) {
  const { play } = useStores();
  if (unavailable) return <OpponentCard opponent={opponent} />;
  const id = opponent.user_id;
  return <OpponentCard opponent={opponent} total={play.priceWith(opponent)} select={selectable ? { checked: play.selected.has(id), onChange: () => play.toggle(id) } : undefined} />;
});

/** The play screen (spec section 2): game format, opponents, the challenge bar and the popups of the challenge steps. */
const PlayPage = observer(function PlayPage() {
  const { content, session, play, push } = useStores();
  useEffect(() => play.startPolling(), [play]);
  usePlaySounds(play, session);
  const proUser = session.user !== null && isProLike(session.user);
  // A titled player who allowed notifications before: make sure the server has this browser's subscription.
  useEffect(() => {
    if (proUser) void push.sync();
  }, [proUser, push]);
  // 'Challenge' on the roster links here with the player: select them once the list shows them.
  const [params] = useSearchParams();
  const wanted = Number(params.get('opponent'));
  useEffect(() => {
    if (Number.isSafeInteger(wanted) && wanted > 0) play.preselect(wanted);
  }, [play, wanted]);
  const user = session.user;
  const pro = user !== null && isProLike(user);
  const waiting = play.waitingFor;
  const secondsLeft = useSecondsLeft(play.step === 'waiting' ? (waiting[0]?.expires_at ?? null) : null);
  const accepted = play.accepted;

  return (
    <div className="page play-page">
      <header className="page__header">
        <h1>Play now</h1>
        <p className="page__lead">Challenge titled players online right now. You pay per minute of your game&apos;s clock.</p>
      </header>

      {pro && user && (
        <section className="card pro-panel" aria-label="Your status">
          <div>
            <strong>You are {user.online ? 'Online' : 'Offline'}</strong>
            <p className="muted" style={{ margin: 0 }}>
              {user.online ? 'Players can challenge you while this page is open.' : 'Go online to receive challenges.'}
            </p>
          </div>
          <Button variant={user.online ? 'secondary' : 'primary'} aria-pressed={user.online} onClick={() => void play.setOnline(!user.online)}>
            {user.online ? 'Go offline' : 'Go online'}
          </Button>
          {push.state === 'default' && (
            <Button variant="secondary" busy={push.busy} disabled={push.busy} onClick={() => void push.enable()}>
              Turn on notifications
            </Button>
          )}
          {push.state === 'denied' && <p className="muted pro-panel__note">Notifications are blocked for this site in your browser settings.</p>}
          {push.error && <p className="field__error pro-panel__note">{push.error}</p>}
        </section>
      )}

      {pro && play.incoming.length > 0 && (
        <section aria-label="Incoming challenges">
          <h2>Incoming challenges</h2>
          <ul className="incoming">
            {play.incoming.map((c) => (
              <li key={c.id} className="incoming__item">
                <span>
                  <strong>{c.source_name}</strong> · {c.mins_per_side}+{c.increment_in_secs} · {formatCredits(c.price)}
                </span>
                <span className="incoming__actions">
                  <Button size="sm" disabled={play.answering.has(c.id)} onClick={() => void play.respond(c.id, 'accepted')}>
                    Accept
                  </Button>
                  <Button size="sm" variant="secondary" disabled={play.answering.has(c.id)} onClick={() => void play.respond(c.id, 'rejected')}>
                    Decline
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {pro && play.answerError && <Banner kind="error">{play.answerError}</Banner>}

      <section className="card game-format" aria-label="Game format">
        <h2 className="h4">Game format</h2>
        <div className="presets" role="group" aria-label="Presets">
          {PRESETS.map((p) => {
            const active = play.minsPerSide === p.minutes && play.incrementInSecs === p.increment;
            return (
              <button key={`${p.minutes}+${p.increment}`} type="button" className={`preset${active ? ' preset--active' : ''}`} aria-pressed={active} onClick={() => play.choosePreset(p.minutes, p.increment)}>
                <span className="preset__group">{p.group}</span> {p.minutes}+{p.increment}
              </button>
            );
          })}
        </div>
        <div className="form-row">
          <TextInput label="Minutes per side" type="number" min={1} max={120} value={play.minsPerSide} onChange={(e) => play.setMinutes(Number(e.target.value))} />
          <TextInput label="Increment (seconds)" type="number" min={0} max={30} value={play.incrementInSecs} onChange={(e) => play.setIncrement(Number(e.target.value))} />
        </div>
        <div className="play-as" role="radiogroup" aria-label="Play as">
          {(['white', 'black', 'random'] as PlayAs[]).map((side) => (
            <label key={side} className="play-as__option">
              <input type="radio" name="playAs" value={side} checked={play.playAs === side} onChange={() => play.setPlayAs(side)} /> {side[0]!.toUpperCase() + side.slice(1)}
            </label>
          ))}
        </div>
        <StartPositionPicker store={play.startPosition} />
      </section>

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
      {content.opponentsState !== 'loaded' && content.opponentsState !== 'error' && <p className="muted">Loading players…</p>}
      {content.opponentsState === 'loaded' && (
        <>
          <div className="opponents-head">
            <h2>Available opponents</h2>
            {session.signedIn && content.availableOpponents.some((o) => play.qualifies(o)) && (
              <Button size="sm" variant="ghost" onClick={play.selectAll}>
                Select all
              </Button>
            )}
          </div>
          {content.availableOpponents.filter((o) => play.qualifies(o)).length === 0 ? (
            <p className="muted">{MESSAGES.noOpponentsMatching}</p>
          ) : (
            <ul className="opponents" aria-label="Available opponents">
              {content.availableOpponents
                .filter((o) => play.qualifies(o))
                .map((o) => (
                  <OpponentRow key={o.user_id} opponent={o} selectable={session.signedIn} />
                ))}
            </ul>
          )}
          {content.opponents.some((o) => !play.qualifies(o)) && (
            <>
              <h2>Unavailable opponents</h2>
              <ul className="opponents" aria-label="Unavailable opponents">
                {content.opponents
                  .filter((o) => !play.qualifies(o))
                  .map((o) => (
                    <OpponentRow key={o.user_id} opponent={o} unavailable />
                  ))}
              </ul>
            </>
          )}
        </>
      )}

      <div className="challenge-bar" role="region" aria-label="Challenge">
        <span>
          Total: <strong data-testid="challenge-total">{formatCredits(play.total)}</strong>
        </span>
        {session.signedIn ? (
          <Button onClick={() => void play.send()} disabled={play.selected.size === 0} busy={play.sending}>
            Send challenge
          </Button>
        ) : (
          <ButtonLink to="/signup">Sign up to play</ButtonLink>
        )}
      </div>

      {play.step === 'waiting' && (
        <Modal title="Waiting for an answer" onClose={() => undefined} actions={<Button variant="secondary" onClick={() => void play.cancel()}>Cancel</Button>}>
          <p>
            Challenge sent to {waiting.map((c) => c.target_name).join(', ')}. The first to accept plays you.
          </p>
          {secondsLeft !== null && <p className="muted" data-testid="seconds-left">Expires in {secondsLeft} s</p>}
        </Modal>
      )}
      {accepted && play.step === 'accepted' && (
        <Modal title="Your game is ready" onClose={() => void play.closeAccepted()} actions={<Button variant="secondary" onClick={() => void play.closeAccepted()}>Close</Button>}>
          <p>
            {accepted.source_user_id === play.me ? `${accepted.target_name} accepted your challenge.` : `You play ${accepted.source_name}.`} {accepted.mins_per_side}+{accepted.increment_in_secs}.
          </p>
          {accepted.url ? (
            <a className={buttonClass('primary')} href={accepted.url} target="_blank" rel="noopener noreferrer">
              Open the game
            </a>
          ) : (
            <p className="muted">Creating the game on Lichess…</p>
          )}
        </Modal>
      )}
      {play.popup === 'no_players' && (
        <Modal title="No players available" onClose={play.closePopup} actions={<Button onClick={play.closePopup}>OK</Button>}>
          <p>{MESSAGES.noPlayersAvailable}</p>
        </Modal>
      )}
      {play.popup === 'insufficient' && (
        <Modal title={MESSAGES.insufficientCreditTitle} onClose={play.closePopup} actions={<ButtonLink to="/topup">Add Credits</ButtonLink>}>
          <p>{insufficientCreditText(formatCredits(user?.credits ?? 0), formatCredits(play.total))}</p>
        </Modal>
      )}
    </div>
  );
});

export default PlayPage;
