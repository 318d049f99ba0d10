import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { sessionPriceCents } from '../../../../domain/scheduled-sessions';
import { profileImageUrl } from '../../api/user';
import { formatCredits } from '../../shell/nav';
import type { Opponent } from '../../stores/ContentStore';
import { useDismiss } from '../../shell/useDismiss';


export function playerLabel(o: Opponent): string {
  return `${o.title ? `${o.title} ` : ''}${o.first_name} ${o.last_name}`.trim() || o.username;
}

/** The spec's line for a player: base price (the session's own rule) and the analysis price or 'Not available'. */
function prices(o: Opponent): string {
  const base = sessionPriceCents(Math.round(o.price_per_min * 100), false, false) / 100;
  return `Base price: ${formatCredits(base)} · Analysis: ${o.postgame_analysis_price !== null ? formatCredits(o.postgame_analysis_price) : 'Not available'}`;
}

function PlayerFace({ o }: { o: Opponent }) {
  const src = profileImageUrl(o.profile_filename);
  return src ? (
    <img className="avatar" src={src} alt="" width={36} height={36} />
  ) : (
    <span className="avatar avatar--initials" style={{ width: 36, height: 36 }} aria-hidden="true">
      {(o.first_name[0] ?? '?') + (o.last_name[0] ?? '')}
    </span>
  );
}

function PlayerLine({ o }: { o: Opponent }) {
  return (
    <>
      <PlayerFace o={o} />
      <span className="player-picker__text">
        <span className="player-picker__name">
          {o.title && <span className="badge">{o.title}</span>} {`${o.first_name} ${o.last_name}`.trim() || o.username}
        </span>
        <span className="player-picker__prices">{prices(o)}</span>
      </span>
    </>
  );
}

/**
 * The schedule form's player dropdown (spec: avatar, title, name, base price, analysis price or 'Not available'),
 * which a native select cannot show. The ARIA select-only combobox pattern: a button opens a listbox; arrows,
 * Home/End, Enter/Space and Escape work as in a select; the label and the error are wired to the button.
 */
export function PlayerPicker({
  label,
  players,
  value,
  onChange,
  error,
}: {
  label: string;
  players: Opponent[];
  value: string;
  onChange: (id: string) => void;
  error?: string | null;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);
  const chosen = players.find((o) => String(o.user_id) === value) ?? null;

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const openAt = (index: number) => {
    setActive(Math.max(0, Math.min(players.length - 1, index)));
    setOpen(true);
  };
  const choose = (index: number) => {
    const o = players[index];
    if (!o) return;
    onChange(String(o.user_id));
    setOpen(false);
    buttonRef.current?.focus();
  };
  const chosenIndex = chosen ? players.indexOf(chosen) : 0;

  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(e.key)) {
        e.preventDefault();
        openAt(chosenIndex);
      }
      return;
    }
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: players.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      setActive(Math.max(0, Math.min(players.length - 1, moves[e.key]!)));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Tab') setOpen(false);
  };

  const errorId = `${id}-error`;
  return (
    <div className="field player-picker" ref={rootRef}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        type="button"
        ref={buttonRef}
        className={`player-picker__button select${error ? ' is-invalid' : ''}`}
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-labelledby={`${id}-label`}
        aria-activedescendant={open ? `${id}-option-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-value={value}
        onClick={() => (open ? setOpen(false) : openAt(chosenIndex))}
        onKeyDown={onKey}
      >
        {chosen ? <PlayerLine o={chosen} /> : <span className="player-picker__placeholder">Choose a player</span>}
      </button>
      {open && (
        <ul className="player-picker__list" role="listbox" id={`${id}-list`} aria-labelledby={`${id}-label`} ref={listRef} tabIndex={-1}>
          {players.length === 0 && <li className="player-picker__empty">No titled player takes sessions right now.</li>}
          {players.map((o, index) => (
            <li
              key={o.user_id}
              id={`${id}-option-${index}`}
              data-index={index}
              role="option"
              aria-selected={String(o.user_id) === value}
              aria-label={`${playerLabel(o)}, ${prices(o)}`}
              className={`player-picker__option${index === active ? ' is-active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(index)}
            >
              <PlayerLine o={o} />
            </li>
          ))}
        </ul>
      )}
      {error && (
        <span className="field__error" id={errorId}>
          {error}
        </span>
      )}
    </div>
  );
}
