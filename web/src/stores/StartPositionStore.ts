import { makeAutoObservable, runInAction } from 'mobx';
import { isStudyPositionType, type StartPositionType, type StudyPosition } from '../../../domain/start-position-types';
import { TIMEOUTS, type ApiClient } from '../api/ApiClient';

/** One opening of the static openings file; "Family: Line" names a line of the opening named before the colon. */
export interface OpeningEntry {
  name: string;
  fen: string;
  family: string;
  /** The line's own name, or null for the opening itself. */
  line: string | null;
}

/** An opening with its lines under it, as the picker lists them. */
export interface OpeningGroup {
  family: string;
  entries: OpeningEntry[];
}

/** The openings file (a name-to-FEN map) as entries; anything that is not a string pair is dropped. */
export function parseOpenings(value: unknown): OpeningEntry[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([name, fen]): OpeningEntry[] => {
    if (typeof fen !== 'string' || name.trim() === '') return [];
    const colon = name.indexOf(':');
    return colon > 0
      ? [{ name, fen, family: name.slice(0, colon).trim(), line: name.slice(colon + 1).trim() }]
      : [{ name, fen, family: name.trim(), line: null }];
  });
}

/**
 * Openings grouped by family in the file's order, each family's own entry first, filtered by a search that
 * matches the family or the line (case and accents ignored): a matching family keeps all its lines.
 */
export function groupOpenings(entries: OpeningEntry[], query: string): OpeningGroup[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const q = fold(query.trim());
  const groups = new Map<string, OpeningEntry[]>();
  for (const entry of entries) {
    const list = groups.get(entry.family) ?? [];
    list.push(entry);
    groups.set(entry.family, list);
  }
  const result: OpeningGroup[] = [];
  for (const [family, list] of groups) {
    const ordered = [...list.filter((e) => e.line === null), ...list.filter((e) => e.line !== null)];
    const kept = q === '' || fold(family).includes(q) ? ordered : ordered.filter((e) => fold(e.name).includes(q));
    if (kept.length > 0) result.push({ family, entries: kept });
  }
  return result;
}

function parseStudies(value: unknown): StudyPosition[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (s): s is StudyPosition =>
      typeof s === 'object' && s !== null && typeof s.title === 'string' && typeof s.starting_fen === 'string' && isStudyPositionType(s.position_type),
  );
}

type LoadState = 'idle' | 'loading' | 'loaded' | 'error';

/**
 * The start-position picker (spec: "Start position type"): unset, a study position (of the week, middlegame,
 * endgame) from GET /api/study_positions, an opening from the static openings file, or freestyle (Chess960, drawn
 * by the server, so no FEN). Ticking the custom box selects the first position of the week; unticking clears both.
 */
export class StartPositionStore {
  type: StartPositionType | null = null;
  fen: string | null = null;
  studies: StudyPosition[] = [];
  studiesState: LoadState = 'idle';
  openings: OpeningEntry[] = [];
  openingsState: LoadState = 'idle';
  query = '';

  constructor(
    private readonly api: ApiClient,
    private readonly fetchOpenings: () => Promise<unknown> = () => fetch('/openings.json').then((r) => (r.ok ? r.json() : Promise.reject(new Error(`openings ${r.status}`)))),
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get custom(): boolean {
    return this.type !== null;
  }

  /** What send_challenges receives: nothing for the standard setup, a type and FEN, or freestyle alone. */
  get payload(): { startingFen?: string; startingPositionType?: StartPositionType } {
    if (this.type === null) return {};
    if (this.type === 'freestyle') return { startingPositionType: 'freestyle' };
    return this.fen ? { startingFen: this.fen, startingPositionType: this.type } : {};
  }

  /** Study positions of the chosen type, in the server's order. */
  get studyChoices(): StudyPosition[] {
    return isStudyPositionType(this.type) ? this.studies.filter((s) => s.position_type === this.type) : [];
  }

  get chosenStudy(): StudyPosition | null {
    return this.studyChoices.find((s) => s.starting_fen === this.fen) ?? null;
  }

  get openingGroups(): OpeningGroup[] {
    return groupOpenings(this.openings, this.query);
  }

  async setCustom(on: boolean): Promise<void> {
    if (!on) {
      this.type = null;
      this.fen = null;
      return;
    }
    await this.setType('position_of_the_week');
  }

  /** Switches the kind of position and selects its first entry (the spec's rule for the position of the week). */
  async setType(type: StartPositionType): Promise<void> {
    this.type = type;
    this.fen = null;
    if (type === 'freestyle') return;
    if (type === 'opening') {
      await this.loadOpenings();
      runInAction(() => {
        if (this.type === 'opening' && this.fen === null) this.fen = this.openings[0]?.fen ?? null;
      });
      return;
    }
    await this.loadStudies();
    runInAction(() => {
      if (this.type === type && this.fen === null) this.fen = this.studies.find((s) => s.position_type === type)?.starting_fen ?? null;
    });
  }

  choose(fen: string): void {
    this.fen = fen;
  }

  setQuery(query: string): void {
    this.query = query;
  }

  // One load at a time, shared by every caller; a failed load is tried again next time.
  private studiesLoad: Promise<void> | null = null;
  private openingsLoad: Promise<void> | null = null;

  private loadStudies(): Promise<void> {
    if (this.studiesState === 'loaded') return Promise.resolve();
    this.studiesLoad ??= this.fetchStudies().finally(() => (this.studiesLoad = null));
    return this.studiesLoad;
  }

  private async fetchStudies(): Promise<void> {
    runInAction(() => (this.studiesState = 'loading'));
    const result = await this.api.get<{ studies: unknown }>('/api/study_positions', { timeoutMs: TIMEOUTS.studyPositions });
    runInAction(() => {
      this.studies = result.success ? parseStudies(result.studies) : [];
      this.studiesState = result.success ? 'loaded' : 'error';
    });
  }

  private loadOpenings(): Promise<void> {
    if (this.openingsState === 'loaded') return Promise.resolve();
    this.openingsLoad ??= this.fetchOpeningList().finally(() => (this.openingsLoad = null));
    return this.openingsLoad;
  }

  private async fetchOpeningList(): Promise<void> {
    runInAction(() => (this.openingsState = 'loading'));
    try {
      const value = await this.fetchOpenings();
      runInAction(() => {
        this.openings = parseOpenings(value);
        this.openingsState = 'loaded';
      });
    } catch {
      runInAction(() => (this.openingsState = 'error'));
    }
  }
}

