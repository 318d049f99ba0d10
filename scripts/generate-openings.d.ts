// Types for the plain-CommonJS generator, so TypeScript tests can import it under `strict`.
export interface OpeningSourceEntry {
  name: string;
  moves: string;
}
export type OpeningsMap = Record<string, string>;

export const SOURCE_PATH: string;
export const OUTPUT_PATH: string;
export function familyOf(name: string): string;
export function fenAfter(name: string, moves: string): string;
export function validateSource(entries: unknown): asserts entries is OpeningSourceEntry[];
export function computeOpenings(entries: unknown): OpeningsMap;
export function renderOpenings(openings: OpeningsMap): string;
export function readSource(sourcePath?: string): unknown;
