import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import type { StartPositionType } from '../../../../domain/start-position-types';
import { Checkbox, SelectInput, TextInput } from '../../design';
import type { StartPositionStore } from '../../stores/StartPositionStore';

const BoardPreview = lazy(() => import('./BoardPreview'));

/** The spec's board preview width. */
export const BOARD_PREVIEW_WIDTH = 240;

const KINDS: { type: StartPositionType; label: string }[] = [
  { type: 'position_of_the_week', label: 'Position of the week' },
  { type: 'opening', label: 'Opening' },
  { type: 'middlegame', label: 'Middlegame' },
  { type: 'endgame', label: 'Endgame' },
  { type: 'freestyle', label: 'Freestyle (Chess960)' },
];

/**
 * Where the game starts: the standard setup, a study position (of the week, middlegame, endgame), an opening
 * (searchable, lines under their opening) or freestyle. The board preview shows the chosen position.
 */
export const StartPositionPicker = observer(function StartPositionPicker({ store }: { store: StartPositionStore }) {
  const loading = (store.type === 'opening' ? store.openingsState : store.studiesState) === 'loading';
  const failed = store.type !== null && store.type !== 'freestyle' && (store.type === 'opening' ? store.openingsState : store.studiesState) === 'error';
  return (
    <fieldset className="start-position">
      <legend className="field__label">Start position</legend>
      <Checkbox label="Start from a custom position" checked={store.custom} onChange={(e) => void store.setCustom(e.target.checked)} />
      {store.custom && (
        <div className="start-position__body">
          <div className="start-position__controls">
            <div role="radiogroup" aria-label="Kind of position" className="start-position__kinds">
              {KINDS.map((kind) => (
                <label key={kind.type} className={`preset${store.type === kind.type ? ' preset--active' : ''}`}>
                  <input type="radio" name="start-position-kind" className="visually-hidden" checked={store.type === kind.type} onChange={() => void store.setType(kind.type)} />
                  {kind.label}
                </label>
              ))}
            </div>
            {store.type === 'opening' && (
              <>
                <TextInput label="Search openings" type="search" value={store.query} onChange={(e) => store.setQuery(e.target.value)} placeholder="e.g. Sicilian, Najdorf" />
                <SelectInput label="Opening" size={8} value={store.fen ?? ''} onChange={(e) => store.choose(e.target.value)}>
                  {store.openingGroups.map((group) => (
                    <optgroup key={group.family} label={group.family}>
                      {group.entries.map((entry) => (
                        <option key={entry.name} value={entry.fen}>
                          {entry.line ?? `${entry.family} (main line)`}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </SelectInput>
                {store.openingsState === 'loaded' && store.openingGroups.length === 0 && <p className="muted">No opening matches “{store.query}”.</p>}
              </>
            )}
            {store.type !== null && store.type !== 'opening' && store.type !== 'freestyle' && (
              <>
                <SelectInput label="Position" value={store.fen ?? ''} onChange={(e) => store.choose(e.target.value)}>
                  {store.studyChoices.map((study) => (
                    <option key={study.starting_fen} value={study.starting_fen}>
                      {study.title}
                    </option>
                  ))}
                </SelectInput>
                {/* Hand-written, trusted HTML from our own server (paragraphs and emphasis only). */}
                {store.chosenStudy && <div className="start-position__about" dangerouslySetInnerHTML={{ __html: store.chosenStudy.description }} />}
              </>
            )}
            {store.type === 'freestyle' && <p className="muted">A random Chess960 setup is drawn when the game is created; both sides get the same one.</p>}
            {loading && <p className="muted" role="status">Loading positions…</p>}
            {failed && (
              <p className="field__error" role="alert">
                The positions could not load. Untick and tick the box to try again, or play from the standard setup.
              </p>
            )}
          </div>
          <div className="start-position__preview" style={{ width: BOARD_PREVIEW_WIDTH, minHeight: BOARD_PREVIEW_WIDTH }}>
            {store.fen && store.type !== 'freestyle' ? (
              <Suspense fallback={<div className="board-preview board-preview--loading" style={{ width: BOARD_PREVIEW_WIDTH, height: BOARD_PREVIEW_WIDTH }} aria-hidden="true" />}>
                <BoardPreview fen={store.fen} width={BOARD_PREVIEW_WIDTH} />
              </Suspense>
            ) : (
              <div className="board-preview board-preview--empty" style={{ width: BOARD_PREVIEW_WIDTH, height: BOARD_PREVIEW_WIDTH }} aria-hidden="true" />
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
});
