/** Business settings the use cases need, taken from the validated configuration (config/env.ts). */
export const AppSettings = Symbol.for('AppSettings');
export interface AppSettings {
  publicUrl: string;
  supportEmail: string;
  tokenTtlDays: number;
  resetTokenTtlMinutes: number;
  challengeTtlSeconds: number;
  presenceTimeoutSeconds: number;
  gameStartTimeoutMinutes: number;
  platformFeePercent: number;
  scheduleRequestTtlDays: number;
  logRetentionDays: number;
  /** How long one serialized opponents list serves every poll (ms); 0 rebuilds it on every poll. */
  opponentsSnapshotMs: number;
}
