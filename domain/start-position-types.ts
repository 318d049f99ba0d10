/*
 * The start-position vocabulary without chess.js: the web client's always-loaded code (the play store) uses these
 * names, and chess.js must stay out of the landing route's bundle. The chess rules live in start-positions.ts.
 */

/**
 * Start positions a challenge may use instead of the standard setup (spec: "Start position type").
 * "unset" in the spec is the absence of a type (null on the wire), so it is not a member here.
 */
export const START_POSITION_TYPES = [
  'position_of_the_week',
  'middlegame',
  'endgame',
  'opening',
  'freestyle',
] as const;
export type StartPositionType = (typeof START_POSITION_TYPES)[number];

/** The subset of start-position types that study positions are filed under. */
export const STUDY_POSITION_TYPES = ['position_of_the_week', 'middlegame', 'endgame'] as const;
export type StudyPositionType = (typeof STUDY_POSITION_TYPES)[number];

/** A curated position served by GET /api/study_positions (field names as in the spec). */
export interface StudyPosition {
  title: string;
  /** Trusted, hand-written HTML (paragraphs and emphasis only). */
  description: string;
  starting_fen: string;
  position_type: StudyPositionType;
}

export function isStartPositionType(value: unknown): value is StartPositionType {
  return typeof value === 'string' && (START_POSITION_TYPES as readonly string[]).includes(value);
}

export function isStudyPositionType(value: unknown): value is StudyPositionType {
  return typeof value === 'string' && (STUDY_POSITION_TYPES as readonly string[]).includes(value);
}
