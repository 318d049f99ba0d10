import { clampLimit, escapeLike, isNumberedVariant, nextFreeUsername, searchNeedle, usernameBase } from './repository-rules';

describe('repository rules', () => {
  it('nextFreeUsername keeps a free base and otherwise takes the smallest free number from 2', () => {
    expect(nextFreeUsername('anna', new Set())).toBe('anna');
    expect(nextFreeUsername('anna', new Set(['anna']))).toBe('anna2');
    expect(nextFreeUsername('anna', new Set(['anna', 'anna2', 'anna4']))).toBe('anna3');
  });

  it('isNumberedVariant accepts only the base followed by digits', () => {
    expect(isNumberedVariant('anna', 'anna')).toBe(true);
    expect(isNumberedVariant('anna', 'anna12')).toBe(true);
    expect(isNumberedVariant('anna', 'annabel')).toBe(false);
    expect(isNumberedVariant('anna', 'ANNA2')).toBe(false);
  });

  it('usernameBase trims, leaves room for a number within 50 characters, and never returns an empty name', () => {
    expect(usernameBase('  bob  ')).toBe('bob');
    expect(usernameBase('y'.repeat(90))).toHaveLength(44);
    expect(usernameBase('   ')).toBe('player');
  });

  it('escapeLike escapes the wildcards and the escape character itself', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it('searchNeedle trims and lower-cases; clampLimit floors, bounds and survives NaN', () => {
    expect(searchNeedle('  AnN ')).toBe('ann');
    expect(clampLimit(2.9)).toBe(2);
    expect(clampLimit(-5)).toBe(0);
    expect(clampLimit(1e9)).toBe(1000);
    expect(clampLimit(Number.NaN)).toBe(1000);
  });
});
