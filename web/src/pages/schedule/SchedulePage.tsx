import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { chessSiteUsernameRequired, MESSAGES } from '../../../../domain/messages';
import { localSlotToUtc, sessionPriceCents } from '../../../../domain/scheduled-sessions';
import { isProLike } from '../../api/user';
import { Banner, Button, ButtonLink, Checkbox, FormStatus, Modal, SelectInput, TextArea, TextInput, useFocusFirstError } from '../../design';
import { formatCredits } from '../../shell/nav';
import { timezoneChoices } from '../settings/settings-form';
import type { ScheduledGame } from '../../stores/ScheduleStore';
import { useStores } from '../../stores/StoresContext';
import { PlayerPicker } from './PlayerPicker';
import { formatSessionTime } from './when';
import './schedule.css';

const QUICK_MINUTES = [10, 15, 30, 60];
type Status = 'idle' | 'submitting' | 'success' | 'error';
type Errors = Partial<Record<'opponentId' | 'lichessProfile' | 'timezone' | 'availableTimes' | 'form', string>>;

function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** A confirmed session's or request's line in "Scheduled Training Games". */
const GameEntry = observer(function GameEntry({ game, zone, me }: { game: ScheduledGame; zone: string; me: number | null }) {
  const { schedule, session } = useStores();
  const [confirming, setConfirming] = useState<'cancel' | 'confirm' | null>(null);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('18:00');
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const asPro = game.target_user_id === me;
  const who = asPro ? game.source_name : `${game.target_title ? `${game.target_title} ` : ''}${game.target_name}`;
  const lateCancel = game.scheduled_at_utc !== null && !asPro && new Date(game.scheduled_at_utc).getTime() - Date.now() <= 24 * 3_600_000;

  const downloadInvite = async () => {
    const response = await fetch(schedule.inviteUrl(game.id), { headers: { Authorization: session.token ?? '' } });
    if (!response.ok) return;
    const url = URL.createObjectURL(await response.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `training-session-${game.id}.ics`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    const slot = localSlotToUtc({ date, time }, zone, new Date());
    if (!slot.ok) return setError(slot.message);
    const outcome = await schedule.confirm(game.id, slot.instant, link.trim() || null);
    if (outcome.ok) setConfirming(null);
    else setError(outcome.message ?? 'We could not confirm the session. Please try again.');
  };

  return (
    <li className="session">
      <div>
        <strong>{who}</strong>
        <div>{game.scheduled_at_utc ? formatSessionTime(game.scheduled_at_utc, zone) : 'Waiting for the player to confirm the game'}</div>
        {game.video_call_url && (
          <a href={game.video_call_url} target="_blank" rel="noopener noreferrer">
            Post-game Analysis Video Call
          </a>
        )}
      </div>
      <div className="session__actions">
        {game.scheduled_at_utc && (
          <Button size="sm" variant="ghost" onClick={() => void downloadInvite()}>
            Add to calendar
          </Button>
        )}
        {asPro && game.status === 'pending_schedule' && (
          <>
            <Button size="sm" onClick={() => setConfirming('confirm')}>
              Confirm
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void schedule.decline(game.id)}>
              Decline
            </Button>
          </>
        )}
        <Button size="sm" variant="secondary" onClick={() => setConfirming('cancel')}>
          Cancel
        </Button>
      </div>
      {confirming === 'cancel' && (
        <Modal
          title="Cancel this session?"
          onClose={() => setConfirming(null)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                Keep it
              </Button>
              <Button variant="danger" onClick={() => void schedule.cancel(game.id).then(() => setConfirming(null))}>
                Cancel the session
              </Button>
            </>
          }
        >
          <p>
            {lateCancel
              ? `The session starts in less than 24 hours: the ${formatCredits(game.price)} will not be refunded.`
              : `You get the full ${formatCredits(game.price)} back.`}
          </p>
        </Modal>
      )}
      {confirming === 'confirm' && (
        <Modal title="Confirm the session" onClose={() => setConfirming(null)}>
          <form onSubmit={(e) => void confirm(e)} noValidate>
            <p className="muted">Times are in your timezone ({zone}).</p>
            <div className="form-row">
              <TextInput label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
              <TextInput label="Time" type="time" step={900} value={time} onChange={(e) => setTime(e.target.value)} />
            </div>
            <TextInput
              label={game.analysis_requested ? 'Video call link (needed for the analysis)' : 'Video call link (optional)'}
              type="url"
              value={link}
              onChange={(e) => setLink(e.target.value)}
            />
            {error && <Banner kind="error">{error}</Banner>}
            <Button type="submit">Confirm the session</Button>
          </form>
        </Modal>
      )}
    </li>
  );
});

/** The schedule screen (spec section 2, "Hourly Training Session"). */
const SchedulePage = observer(function SchedulePage() {
  const { session, schedule } = useStores();
  const user = session.user;
  useEffect(() => void schedule.load(), [schedule, user?.id]);
  // 'Book a session' on the roster links here with the player chosen (/schedule?player=ID).
  const [params] = useSearchParams();
  const [opponentId, setOpponentId] = useState(() => (/^\d{1,15}$/.test(params.get('player') ?? '') ? (params.get('player') as string) : ''));
  const [lichess, setLichess] = useState(user?.lichessUsername ?? '');
  const [minutes, setMinutes] = useState(30);
  const [custom, setCustom] = useState(false);
  const [timezone, setTimezone] = useState(user?.timezone ?? browserZone());
  const [times, setTimes] = useState('');
  const [details, setDetails] = useState('');
  const [analysis, setAnalysis] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstError(formRef, attempt);
  const [errors, setErrors] = useState<Errors>({});
  const zones = useMemo(() => timezoneChoices(timezone), [timezone]);
  const player = schedule.opponents.find((o) => String(o.user_id) === opponentId) ?? null;
  const offersAnalysis = player?.provides_postgame_analysis === true;
  const price = player ? sessionPriceCents(Math.round(player.price_per_min * 100), analysis && offersAnalysis, offersAnalysis) / 100 : 0;
  const zone = user?.timezone ?? timezone ?? 'UTC';
  const locked = status === 'submitting' || status === 'success';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!player) found.opponentId = MESSAGES.selectPlayer;
    if (!lichess.trim()) found.lichessProfile = chessSiteUsernameRequired('Lichess');
    if (!timezone) found.timezone = MESSAGES.timezoneRequired;
    if (!times.trim()) found.availableTimes = MESSAGES.timeSlotsRequired;
    if (player && user && user.credits < price) found.form = MESSAGES.scheduleInsufficientCredits;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.form) setStatus('error');
      setAttempt((n) => n + 1);
      return;
    }
    setStatus('submitting');
    const outcome = await schedule.schedule({
      opponentId: player!.user_id,
      lichessProfile: lichess.trim(),
      minsPerSide: minutes,
      timezone,
      availableTimes: times,
      details,
      analysisRequested: analysis && offersAnalysis,
    });
    setStatus(outcome.ok ? 'success' : 'error');
    if (!outcome.ok) setErrors({ form: outcome.message ?? MESSAGES.scheduleError });
    setAttempt((n) => n + 1);
  };

  return (
    <div className="page">
      <header className="page__header">
        <h1>Hourly Training Session</h1>
      </header>

      {user && schedule.games.length > 0 && (
        <section className="card sessions" aria-label="Scheduled Training Games">
          <h2>Scheduled Training Games</h2>
          <p>You have {schedule.games.length} scheduled training game(s).</p>
          <ul className="sessions__list">
            {schedule.games.map((g) => (
              <GameEntry key={g.id} game={g} zone={zone} me={user.id} />
            ))}
          </ul>
        </section>
      )}

      <p className="page__lead">
        Playing time is 1 hour, or slightly longer if a game is still in progress. Any time control that fits the slot can be chosen.
      </p>
      {status === 'success' && <Banner kind="success">{MESSAGES.scheduleSuccess}</Banner>}
      <form ref={formRef} className="card schedule-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Schedule a game">
        <PlayerPicker label="Titled Player*" players={schedule.opponents} value={opponentId} error={errors.opponentId} onChange={setOpponentId} />
        <TextInput label="Lichess profile" value={lichess} readOnly={Boolean(user?.lichessUsername)} error={errors.lichessProfile} onChange={(e) => setLichess(e.target.value)} />
        <div role="group" aria-label="Minutes per side" className="quick-minutes">
          <span className="field__label">Minutes per side</span>
          {QUICK_MINUTES.map((m) => (
            <button key={m} type="button" className={`preset${!custom && minutes === m ? ' preset--active' : ''}`} aria-pressed={!custom && minutes === m} onClick={() => { setCustom(false); setMinutes(m); }}>
              {m}
            </button>
          ))}
          <button type="button" className={`preset${custom ? ' preset--active' : ''}`} aria-pressed={custom} onClick={() => setCustom(true)}>
            Custom
          </button>
        </div>
        {custom && <TextInput label="Custom minutes per side" type="number" min={1} max={60} value={minutes} onChange={(e) => setMinutes(Math.min(60, Math.max(1, Math.round(Number(e.target.value) || 1))))} />}
        <SelectInput label="Your timezone*" value={timezone} error={errors.timezone} onChange={(e) => setTimezone(e.target.value)}>
          <option value="">Choose your timezone</option>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </SelectInput>
        <TextArea label="Available Time Slots*" value={times} error={errors.availableTimes} onChange={(e) => setTimes(e.target.value)} />
        <TextArea label="Game Details" value={details} onChange={(e) => setDetails(e.target.value)} />
        <Checkbox
          label="Include a post-game analysis session (+15 mins of analysis)"
          checked={analysis && offersAnalysis}
          disabled={!offersAnalysis}
          onChange={(e) => setAnalysis(e.target.checked)}
        />
        <div className="price-box" data-testid="schedule-price">
          Price: <strong>{formatCredits(price)}</strong>
        </div>
        {errors.form && <Banner kind="error">{errors.form}</Banner>}
        {user ? (
          <Button type="submit" disabled={locked} busy={status === 'submitting'}>
            {status === 'submitting' ? 'Scheduling...' : status === 'success' ? 'Game Scheduled ✅' : 'Schedule Game'}
          </Button>
        ) : (
          <Button type="button" disabled>
            Sign up to schedule a game
          </Button>
        )}
        {user && <FormStatus message={status === 'success' ? MESSAGES.scheduleSuccess : null} />}
        {!user && (
          <p>
            <ButtonLink to="/signup" variant="secondary">
              Sign Up
            </ButtonLink>
          </p>
        )}
      </form>
      {user && isProLike(user) && <p className="muted">Requests from players appear above, where you confirm a time or decline.</p>}
    </div>
  );
});

export default SchedulePage;
