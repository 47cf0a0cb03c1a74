import { describe, expect, it } from 'vitest';
import { LECTURER_RULE, lecturerLevel } from './market.js';

describe('lecturer rating rule', () => {
  it('national needs 6 talks in 3 cities with mean feedback 4.3', () => {
    expect(lecturerLevel(6, 3, 4.3)).toBe('national');
    expect(lecturerLevel(6, 3, 4.29)).toBe('regional');
    expect(lecturerLevel(6, 2, 4.9)).toBe('regional');
    expect(lecturerLevel(5, 5, 5)).toBe('regional');
  });
  it('regional needs 3 talks in 2 cities with 4.0; city one talk with 3.5', () => {
    expect(lecturerLevel(3, 2, 4)).toBe('regional');
    expect(lecturerLevel(3, 1, 4.5)).toBe('city');
    expect(lecturerLevel(1, 1, 3.5)).toBe('city');
    expect(lecturerLevel(2, 2, 3.4)).toBe('none');
  });
  it('no feedback or no talks is none', () => {
    expect(lecturerLevel(10, 5, null)).toBe('none');
    expect(lecturerLevel(0, 0, 5)).toBe('none');
  });
  it('each level asks more than the one below', () => {
    const { national, regional, city } = LECTURER_RULE;
    expect(national.talks > regional.talks && regional.talks > city.talks).toBe(true);
    expect(national.feedback > regional.feedback && regional.feedback > city.feedback).toBe(true);
  });
});
